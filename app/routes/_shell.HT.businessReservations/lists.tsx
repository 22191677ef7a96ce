import { Anchor, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { formatMoney } from "~/contracts/common/format";
import type { Hotel, MeetingBooking, MeetingRoom, RoomRequest } from "~/contracts/reservations/api-types";
import { MEETING_SLOT_TIMES, RESERVATIONS_PATH } from "~/contracts/reservations/values";
import { StatusBadge, usePick } from "~/features/reservations/status-badge";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/reservations/texts";

/** The partner hotels, each block with its price and the rooms left each night. */
export function HotelList({ hotels }: { hotels: Hotel[] }) {
  const { t } = useTranslation();
  const pick = usePick();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t("reservations.hotels")}
        </Title>
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
      </Stack>
    </Paper>
  );
}

/** The meeting rooms with their capacity and the slots already held. */
export function MeetingRoomList({ rooms }: { rooms: MeetingRoom[] }) {
  const { t } = useTranslation();
  const pick = usePick();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("reservations.meetingRooms")}
        </Title>
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
      </Stack>
    </Paper>
  );
}

/** The exhibitor's hotel requests: state, the organizer's comment, Cancel while allowed. */
export function RequestList({ requests }: { requests: RoomRequest[] }) {
  const { t } = useTranslation();
  const pick = usePick();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("reservations.myRequests")}
        </Title>
        {!requests.length ? (
          <Text c="dimmed">{t("reservations.noRequests")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder data-testid="my-requests">
              <Table.Tbody>
                {requests.map((r) => (
                  <Table.Tr key={r.id} data-testid="request-row">
                    <Table.Td>
                      {pick(r.hotelZh, r.hotelEn)}
                      <Text size="xs">{pick(r.roomTypeZh, r.roomTypeEn)}</Text>
                    </Table.Td>
                    <Table.Td>
                      {r.checkIn} – {r.checkOut}
                    </Table.Td>
                    <Table.Td>
                      {t("reservations.rooms", { count: r.rooms })}
                      <Text size="xs" style={{ overflowWrap: "anywhere" }}>
                        {r.guestNames.join(", ")}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={r.status} />
                      {r.comment ? (
                        <Text size="xs">
                          {t("reservations.comment")}: {r.comment}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {r.cancellable ? (
                        <Anchor component={Link} to={`${RESERVATIONS_PATH}?cancel=${r.id}`} c="red.8" preventScrollReset>
                          {t("reservations.cancel")}
                        </Anchor>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/** The exhibitor's meeting room bookings. */
export function BookingList({ bookings }: { bookings: MeetingBooking[] }) {
  const { t } = useTranslation();
  const pick = usePick();
  if (!bookings.length) return null;
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("reservations.myBookings")}
        </Title>
        <Table.ScrollContainer minWidth={600}>
          <Table striped withTableBorder data-testid="my-bookings">
            <Table.Tbody>
              {bookings.map((b) => (
                <Table.Tr key={b.id} data-testid="booking-row">
                  <Table.Td>{pick(b.roomZh, b.roomEn)}</Table.Td>
                  <Table.Td>
                    {b.day} {t(`reservations.slots.${b.slot}`)} {MEETING_SLOT_TIMES[b.slot]}
                  </Table.Td>
                  <Table.Td>
                    {t("reservations.people", { count: b.people })}
                    {b.topic ? <Text size="xs">{b.topic}</Text> : null}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={b.status} />
                    {b.comment ? (
                      <Text size="xs">
                        {t("reservations.comment")}: {b.comment}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {b.cancellable ? (
                      <Anchor component={Link} to={`${RESERVATIONS_PATH}?cancelMeeting=${b.id}`} c="red.8" preventScrollReset>
                        {t("reservations.cancel")}
                      </Anchor>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
