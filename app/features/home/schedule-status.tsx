import { Badge } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { ScheduleStatus } from "~/contracts/permission/api-types";
import "../../contracts/home/texts";

const STATUS_COLORS: Record<ScheduleStatus, string> = { done: "green", overdue: "red", dueSoon: "orange", open: "gray" };

/** A checklist item's state in words and colour (never colour alone). */
export function ScheduleStatusBadge({ status }: { status: ScheduleStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant={status === "open" ? "outline" : "light"} style={{ flexShrink: 0 }}>
      {t(`home.status.${status}`)}
    </Badge>
  );
}
