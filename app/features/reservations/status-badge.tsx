import { Badge } from "@mantine/core";
import type { ReservationStatus } from "~/contracts/reservations/values";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/reservations/texts";

const STATUS_COLORS: Record<ReservationStatus, string> = { requested: "blue", confirmed: "green", declined: "red", cancelled: "gray" };

/** A request's or booking's state as a badge (the exhibitor's page and the organizer's desk). */
export function StatusBadge({ status }: { status: ReservationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} data-testid="reservation-status">
      {t(`reservations.statuses.${status}`)}
    </Badge>
  );
}

/** The name in the page's language, the other one when it is empty. */
export function usePick() {
  const { language } = useTranslation();
  return (zh: string, en: string) => (language === "en" ? en || zh : zh || en);
}
