import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { formatMoney } from "~/contracts/common/format";
import type { Hotel, MeetingBooking, MeetingRoom, RoomRequest } from "~/contracts/reservations/api-types";
import { RESERVATIONS_PATH } from "~/contracts/reservations/values";
import { HotelCell, ListPanel, PeopleCell, RowsTable, SlotCell, StatusCell, WithNote } from "~/features/reservations/list-parts";
import { usePick } from "~/features/reservations/status-badge";
import { Fragment } from "react";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/reservations/texts";

/** The partner hotels, each block with its price and the rooms left each night. */
export function HotelList({ hotels }: { hotels: Hotel[] }) {
  const { t } = useTranslation();
  const pick = usePick();
  return (
    <ListPanel title="reservations.hotels" gap="md">
      {!hotels.length ? <Text c="dimmed">{t("reservations.noHotels")}</Text> : null}
      {hotels.map((hotel) => (
        <Stack key={hotel.id} gap="xs" data-testid="hotel">
          <Title order={3} size="h5">
            {pick(hotel.nameZh, hotel.nameEn)}
          </Title>
          <Text size="sm">
            {t("reservations.address")}: {pick(hotel.addressZh, hotel.addressEn)}
          </Text>
          {pick(hotel.noteZh, hotel.noteEn) ? <Text size="sm">{pick(hotel.noteZh, hotel.noteEn)}</Text> : null}
          <Text size="sm" c="dimmed">
            {t("reservations.cancelUntil", { day: hotel.cancelUntil })}
          </Text>
          {hotel.blocks.map((block) => (
            <Stack key={block.id} gap={4}>
              <Text fw={500} size="sm">
                {pick(block.roomTypeZh, block.roomTypeEn)} · {t("reservations.pricePerNight", { price: formatMoney(block.priceCents) })}
              </Text>
              <Table.ScrollContainer minWidth={400}>
                <Table withTableBorder withColumnBorders fz="xs" aria-label={t("reservations.roomsLeft")} data-testid="nights-left">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("reservations.night")}</Table.Th>
                      {block.nights.map((n) => (
                        <Table.Th key={n.night}>{n.night.slice(5)}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Th>{t("reservations.left")}</Table.Th>
                      {block.nights.map((n) => (
                        <Table.Td key={n.night}>{Math.max(0, n.left)}</Table.Td>
                      ))}
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          ))}
        </Stack>
      ))}
    </ListPanel>
  );
}

/** The meeting rooms with their capacity and the slots already held. */
export function MeetingRoomList({ rooms }: { rooms: MeetingRoom[] }) {
  const { t } = useTranslation();
  const pick = usePick();
  return (
    <ListPanel title="reservations.meetingRooms">
      {!rooms.length ? <Text c="dimmed">{t("reservations.noMeetingRooms")}</Text> : null}
      {rooms.map((room) => (
        <Stack key={room.id} gap={2} data-testid="meeting-room">
          <Text fw={500}>
            {pick(room.nameZh, room.nameEn)} · {t("reservations.capacity", { count: room.capacity })}
          </Text>
          <Text size="sm">{pick(room.locationZh, room.locationEn)}</Text>
          {room.taken.length ? (
            <Text size="sm" c="dimmed">
              {t("reservations.taken")}: {room.taken.map((s) => `${s.day} ${t(`reservations.slots.${s.slot}`)}`).join(", ")}
            </Text>
          ) : null}
        </Stack>
      ))}
    </ListPanel>
  );
}

/** A link that opens the page's question before cancelling (no JavaScript needed). */
function CancelLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={to} c="red.8" preventScrollReset>
      {t("reservations.cancel")}
    </Anchor>
  );
}

/** The exhibitor's hotel requests: state, the organizer's comment, Cancel while allowed. */
export function RequestList({ requests }: { requests: RoomRequest[] }) {
  const { t } = useTranslation();
  return (
    <ListPanel title="reservations.myRequests">
      {!requests.length ? (
        <Text c="dimmed">{t("reservations.noRequests")}</Text>
      ) : (
        <RowsTable
          rows={requests}
          minWidth={640}
          testId="my-requests"
          rowTestId="request-row"
          cells={(r) => [
            <HotelCell key="hotel" request={r} />,
            <Fragment key="stay">
              {r.checkIn} – {r.checkOut}
            </Fragment>,
            <WithNote key="rooms" note={r.guestNames.join(", ")} wrapNote>
              {t("reservations.rooms", { count: r.rooms })}
            </WithNote>,
            <StatusCell key="status" status={r.status} comment={r.comment} labelled />,
            r.cancellable ? <CancelLink key="cancel" to={`${RESERVATIONS_PATH}?cancel=${r.id}`} /> : null,
          ]}
        />
      )}
    </ListPanel>
  );
}

/** The exhibitor's meeting room bookings. */
export function BookingList({ bookings }: { bookings: MeetingBooking[] }) {
  const pick = usePick();
  if (!bookings.length) return null;
  return (
    <ListPanel title="reservations.myBookings">
      <RowsTable
        rows={bookings}
        minWidth={600}
        testId="my-bookings"
        rowTestId="booking-row"
        cells={(b) => [
          pick(b.roomZh, b.roomEn),
          <SlotCell key="slot" booking={b} />,
          <PeopleCell key="people" booking={b} />,
          <StatusCell key="status" status={b.status} comment={b.comment} labelled />,
          b.cancellable ? <CancelLink key="cancel" to={`${RESERVATIONS_PATH}?cancelMeeting=${b.id}`} /> : null,
        ]}
      />
    </ListPanel>
  );
}
