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

/** Deadlines are shown as the exhibition's calendar date (China, UTC+8, no daylight saving). */
export function exhibitionDate(iso: string) {
  return new Date(new Date(iso).getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
