import { Badge as Tag } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { BadgeView } from "../../contracts/badges/api-types";
import "../../contracts/badges/texts";

/** What the exhibitor's badge page and the organizer's review show alike. */
const STATUS_COLORS = { submitted: "blue", approved: "green", returned: "orange" } as const;

export function StatusTag({ status }: { status: BadgeView["status"] }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} variant="light" data-testid="badge-status">
      {t(`badges.statuses.${status}`)}
    </Tag>
  );
}
