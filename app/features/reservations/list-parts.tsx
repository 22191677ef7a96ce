import { Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import type { MeetingBooking, RoomRequest } from "~/contracts/reservations/api-types";
import { MEETING_SLOT_TIMES, type ReservationStatus } from "~/contracts/reservations/values";
import { useTranslation } from "~/i18n/texts";
import { StatusBadge, usePick } from "./status-badge";
import "~/contracts/reservations/texts";

/** One list of the reservations pages (the exhibitor's and the organizer's desk) under its heading. */
export function ListPanel({ title, gap = "sm", children }: { title: string; gap?: "sm" | "md"; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      <Stack gap={gap}>
        <Title order={2} size="h4">
          {t(title)}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A cell of a row: its content and, for free text, a style. */
export type RowCell = ReactNode | { content: ReactNode; style: CSSProperties };
const isStyled = (cell: RowCell): cell is { content: ReactNode; style: CSSProperties } =>
  typeof cell === "object" && cell !== null && "style" in cell && "content" in cell;

/** Requests or bookings as a striped table, one row each (`cells`); `head` names the columns where the list has them. */
export function RowsTable<Row extends { id: number }>({
  rows,
  minWidth,
  testId,
  rowTestId,
  head,
  cells,
}: {
  rows: Row[];
  minWidth: number;
  testId: string;
  rowTestId: string;
  head?: string[];
  cells: (row: Row) => RowCell[];
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped withTableBorder data-testid={testId}>
        {head ? (
          <Table.Thead>
            <Table.Tr>
              {head.map((label, i) => (
                // An empty label is the column of the row's actions.
                <Table.Th key={label || i}>{label ? t(label) : null}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
        ) : null}
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={rowTestId}>
              {cells(row).map((cell, i) =>
                isStyled(cell) ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are fixed columns
                  <Table.Td key={i} style={cell.style}>
                    {cell.content}
                  </Table.Td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are fixed columns
                  <Table.Td key={i}>{cell}</Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A value with a smaller line under it; `wrapNote` lets a long note (names) break anywhere. */
export function WithNote({ children, note, wrapNote = false }: { children: ReactNode; note: ReactNode; wrapNote?: boolean }) {
  return (
    <>
      {children}
      {note ? (
        <Text size="xs" style={wrapNote ? { overflowWrap: "anywhere" } : undefined}>
          {note}
        </Text>
      ) : null}
    </>
  );
}

/** The hotel and the room type asked for. */
export function HotelCell({ request }: { request: RoomRequest }) {
  const pick = usePick();
  return <WithNote note={pick(request.roomTypeZh, request.roomTypeEn)}>{pick(request.hotelZh, request.hotelEn)}</WithNote>;
}

/** When a booking holds its room: day, slot and its hours. */
export function SlotCell({ booking }: { booking: MeetingBooking }) {
  const { t } = useTranslation();
  return (
    <>
      {booking.day} {t(`reservations.slots.${booking.slot}`)} {MEETING_SLOT_TIMES[booking.slot]}
    </>
  );
}

/** How many come to a meeting, and its topic. */
export function PeopleCell({ booking }: { booking: MeetingBooking }) {
  const { t } = useTranslation();
  return <WithNote note={booking.topic}>{t("reservations.people", { count: booking.people })}</WithNote>;
}

/** The state and the organizer's comment (`labelled`: "Comment: …", as the exhibitor reads it). */
export function StatusCell({ status, comment, labelled = false }: { status: ReservationStatus; comment: string; labelled?: boolean }) {
  const { t } = useTranslation();
  return (
    <WithNote note={comment && labelled ? `${t("reservations.comment")}: ${comment}` : comment}>
      <StatusBadge status={status} />
    </WithNote>
  );
}
