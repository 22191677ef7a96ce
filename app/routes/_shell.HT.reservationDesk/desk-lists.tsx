import { Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { ListPager } from "~/components/list-pager";
import type { MeetingBooking, Paged, RoomRequest } from "~/contracts/reservations/api-types";
import { COMMENT_MAX, MEETING_SLOT_TIMES, RESERVATION_DESK_PATH, RESERVATION_STATUSES } from "~/contracts/reservations/values";
import { useTranslation } from "~/i18n/texts";
import { StatusBadge, usePick } from "~/features/reservations/status-badge";
import type { DeskReply } from "./action.server";
import "~/contracts/reservations/texts";

const PAGER_KEYS = { previous: "reservations.desk.previous", next: "reservations.desk.next", pageOf: "reservations.desk.pageOf" };

type Filters = { status: string; page: string; bookingStatus: string; bookingPage: string };

const deskLink = (filters: Filters, change: Partial<Filters>) => {
  const params = new URLSearchParams(Object.entries({ ...filters, ...change }).filter(([key, value]) => value && !(key.endsWith("age") && value === "1")));
  const query = params.toString();
  return query ? `${RESERVATION_DESK_PATH}?${query}` : RESERVATION_DESK_PATH;
};

/** A GET form choosing one list's state; the other list's filter rides along. */
function StatusFilter({ name, filters }: { name: "status" | "bookingStatus"; filters: Filters }) {
  const { t } = useTranslation();
  const other = name === "status" ? "bookingStatus" : "status";
  return (
    <Form method="get">
      {filters[other] ? <input type="hidden" name={other} value={filters[other]} /> : null}
      <Group gap="xs" align="end">
        <NativeSelect
          name={name}
          defaultValue={filters[name]}
          label={t("reservations.fields.status")}
          data={[
            { value: "", label: t("reservations.desk.allStatuses") },
            ...RESERVATION_STATUSES.map((s) => ({ value: s, label: t(`reservations.statuses.${s}`) })),
          ]}
        />
        <Button type="submit" variant="default">
          {t("reservations.desk.filter")}
        </Button>
      </Group>
    </Form>
  );
}

/** Confirm, or decline with a comment, a waiting request or booking (one plain form per row). */
function DecideForm({ intent, id, reply }: { intent: "decideRooms" | "decideMeeting"; id: number; reply?: DeskReply }) {
  const { t } = useTranslation();
  const mine = reply?.form === "decide" && reply.kind === (intent === "decideRooms" ? "rooms" : "meeting") && reply.id === String(id) ? reply : null;
  return (
    <Form method="post" preventScrollReset data-testid="decide-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Stack gap={4}>
        <TextInput
          name="comment"
          size="xs"
          aria-label={t("reservations.fields.comment")}
          placeholder={t("reservations.fields.comment")}
          maxLength={COMMENT_MAX}
          defaultValue={mine?.comment ?? ""}
          error={mine?.error}
        />
        <Group gap={4}>
          <Button type="submit" name="decision" value="confirm" size="xs">
            {t("reservations.desk.confirm")}
          </Button>
          <Button type="submit" name="decision" value="decline" size="xs" variant="outline" color="red.8">
            {t("reservations.desk.decline")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

export function RequestDesk({ list, filters, reply }: { list: Paged<RoomRequest>; filters: Filters; reply?: DeskReply }) {
  const { t } = useTranslation();
  const pick = usePick();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("reservations.desk.requests")}
        </Title>
        <StatusFilter name="status" filters={filters} />
        {!list.items.length ? (
          <Text c="dimmed">{t("reservations.desk.empty")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped withTableBorder data-testid="desk-requests">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("reservations.desk.company")}</Table.Th>
                  <Table.Th>{t("reservations.fields.hotel")}</Table.Th>
                  <Table.Th>{t("reservations.desk.stay")}</Table.Th>
                  <Table.Th>{t("reservations.fields.guestNames")}</Table.Th>
                  <Table.Th>{t("reservations.fields.status")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((r) => (
                  <Table.Tr key={r.id} data-testid="desk-request-row">
                    <Table.Td>
                      {r.company}
                      <Text size="xs">{r.username}</Text>
                    </Table.Td>
                    <Table.Td>
                      {pick(r.hotelZh, r.hotelEn)}
                      <Text size="xs">{pick(r.roomTypeZh, r.roomTypeEn)}</Text>
                    </Table.Td>
                    <Table.Td>
                      {r.checkIn} – {r.checkOut}
                      <Text size="xs">{t("reservations.rooms", { count: r.rooms })}</Text>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      {r.guestNames.join(", ")}
                      <Text size="xs">{r.contactMobile}</Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={r.status} />
                      {r.comment ? <Text size="xs">{r.comment}</Text> : null}
                    </Table.Td>
                    <Table.Td>{r.status === "requested" ? <DecideForm intent="decideRooms" id={r.id} reply={reply} /> : null}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPager page={list.page} pageSize={list.pageSize} total={list.total} link={(page) => deskLink(filters, { page: String(page) })} keys={PAGER_KEYS} />
      </Stack>
    </Paper>
  );
}

export function BookingDesk({ list, filters, reply }: { list: Paged<MeetingBooking>; filters: Filters; reply?: DeskReply }) {
  const { t } = useTranslation();
  const pick = usePick();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("reservations.desk.bookings")}
        </Title>
        <StatusFilter name="bookingStatus" filters={filters} />
        {!list.items.length ? (
          <Text c="dimmed">{t("reservations.desk.empty")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table striped withTableBorder data-testid="desk-bookings">
              <Table.Tbody>
                {list.items.map((b) => (
                  <Table.Tr key={b.id} data-testid="desk-booking-row">
                    <Table.Td>
                      {b.company}
                      <Text size="xs">{b.username}</Text>
                    </Table.Td>
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
                      {b.comment ? <Text size="xs">{b.comment}</Text> : null}
                    </Table.Td>
                    <Table.Td>{b.status === "requested" ? <DecideForm intent="decideMeeting" id={b.id} reply={reply} /> : null}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPager
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          link={(page) => deskLink(filters, { bookingPage: String(page) })}
          keys={PAGER_KEYS}
        />
      </Stack>
    </Paper>
  );
}
