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

/** The holder's rows of a badge's details, from the booth to the position, the same for the exhibitor and the reviewer. */
export function holderRows(
  badge: Pick<BadgeView, "boothNo" | "holderName" | "idType" | "idNumber" | "mobile" | "email" | "company" | "position">,
  t: (key: string) => string,
): [string, string][] {
  return [
    ["badges.fields.booth", badge.boothNo],
    ["badges.fields.holderName", badge.holderName],
    ["badges.fields.idType", t(`badges.idTypes.${badge.idType}`)],
    ["badges.fields.idNumber", badge.idNumber],
    ["badges.fields.mobile", badge.mobile],
    ["badges.fields.email", badge.email],
    ["badges.fields.company", badge.company],
    ["badges.fields.position", badge.position ?? "—"],
  ];
}
