import type { ReactNode } from "react";
import { Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { HiddenFields } from "~/components/hidden-fields";
import { ListPager } from "~/components/list-pager";
import type { MeetingBooking, Paged, RoomRequest } from "~/contracts/reservations/api-types";
import { COMMENT_MAX, RESERVATION_DESK_PATH, RESERVATION_STATUSES } from "~/contracts/reservations/values";
import { useTranslation } from "~/i18n/texts";
import { HotelCell, ListPanel, PeopleCell, RowsTable, SlotCell, StatusCell, WithNote } from "~/features/reservations/list-parts";
import { usePick } from "~/features/reservations/status-badge";
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
      <HiddenFields values={{ intent, id }} />
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

/** The company and the account that asked. */
function CompanyCell({ row }: { row: { company?: string; username?: string } }) {
  return <WithNote note={row.username}>{row.company}</WithNote>;
}

/** One of the desk's lists: its state filter, its rows (or that there are none) and its pager. */
function DeskList({
  title,
  filter,
  list,
  filters,
  children,
}: {
  title: string;
  filter: "status" | "bookingStatus";
  list: Paged<unknown>;
  filters: Filters;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const pageParam = filter === "status" ? "page" : "bookingPage";
  return (
    <ListPanel title={title}>
      <StatusFilter name={filter} filters={filters} />
      {list.items.length ? children : <Text c="dimmed">{t("reservations.desk.empty")}</Text>}
      <ListPager
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        link={(page) => deskLink(filters, { [pageParam]: String(page) })}
        keys={PAGER_KEYS}
      />
    </ListPanel>
  );
}

export function RequestDesk({ list, filters, reply }: { list: Paged<RoomRequest>; filters: Filters; reply?: DeskReply }) {
  const { t } = useTranslation();
  return (
    <DeskList title="reservations.desk.requests" filter="status" list={list} filters={filters}>
      <RowsTable
        rows={list.items}
        minWidth={900}
        testId="desk-requests"
        rowTestId="desk-request-row"
        head={[
          "reservations.desk.company",
          "reservations.fields.hotel",
          "reservations.desk.stay",
          "reservations.fields.guestNames",
          "reservations.fields.status",
          "",
        ]}
        cells={(r) => [
          <CompanyCell key="company" row={r} />,
          <HotelCell key="hotel" request={r} />,
          <WithNote key="stay" note={t("reservations.rooms", { count: r.rooms })}>
            {r.checkIn} – {r.checkOut}
          </WithNote>,
          {
            content: <WithNote note={r.contactMobile}>{r.guestNames.join(", ")}</WithNote>,
            style: { overflowWrap: "anywhere" },
          },
          <StatusCell key="status" status={r.status} comment={r.comment} />,
          r.status === "requested" ? <DecideForm key="decide" intent="decideRooms" id={r.id} reply={reply} /> : null,
        ]}
      />
    </DeskList>
  );
}

export function BookingDesk({ list, filters, reply }: { list: Paged<MeetingBooking>; filters: Filters; reply?: DeskReply }) {
  const pick = usePick();
  return (
    <DeskList title="reservations.desk.bookings" filter="bookingStatus" list={list} filters={filters}>
      <RowsTable
        rows={list.items}
        minWidth={800}
        testId="desk-bookings"
        rowTestId="desk-booking-row"
        cells={(b) => [
          <CompanyCell key="company" row={b} />,
          pick(b.roomZh, b.roomEn),
          <SlotCell key="slot" booking={b} />,
          <PeopleCell key="people" booking={b} />,
          <StatusCell key="status" status={b.status} comment={b.comment} />,
          b.status === "requested" ? <DecideForm key="decide" intent="decideMeeting" id={b.id} reply={reply} /> : null,
        ]}
      />
    </DeskList>
  );
}
