import { PageHeading } from "~/components/page-heading";
import { shellTitle } from "~/lib/page-title";
import { Paper, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { reservationEndpoints } from "~/contracts/reservations/endpoints.server";
import { DESK_PAGE_SIZE, RESERVATION_STATUSES } from "~/contracts/reservations/values";
import { blockSaveSchema, hotelSaveSchema, meetingRoomSaveSchema } from "~/features/reservations/schema.server";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { heldFormValues } from "~/lib/form-hold.server";
import { formConstraints } from "~/lib/forms.server";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { type DeskReply, deskAction, HELD_FIELDS } from "./action.server";
import { BookingDesk, RequestDesk } from "./desk-lists";
import { ManageSection } from "./manage";
import "~/contracts/reservations/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "reservations.desk.title" } satisfies PageHandle;

const statusOf = (value: string | null) => (RESERVATION_STATUSES as readonly string[]).find((s) => s === value) ?? "";
const pageOf = (value: string | null) => String(Math.max(1, Number.parseInt(value ?? "1", 10) || 1));

/**
 * /HT/reservationDesk (menu 87, the organizer's; issue 41): hotel requests and meeting room bookings
 * by state, 50 a page, each waiting one with confirm and decline (a comment needed to decline); and
 * the hotels, their room blocks and the meeting rooms (`?hotel=`, `?block=`, `?room=` edit one,
 * `?deleteHotel=`, `?deleteBlock=`, `?deleteRoom=` ask first). Plain posts: it works without script.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const params = new URL(request.url).searchParams;
  const filters = {
    status: statusOf(params.get("status")),
    page: pageOf(params.get("page")),
    bookingStatus: statusOf(params.get("bookingStatus")),
    bookingPage: pageOf(params.get("bookingPage")),
  };
  const [overview, requests, bookings] = await Promise.all([
    api.call(reservationEndpoints.overview).then((answer) => requireOk(answer, request, context)),
    api
      .call(reservationEndpoints.deskRequests, { status: filters.status, page: filters.page, pageSize: String(DESK_PAGE_SIZE) })
      .then((answer) => requireOk(answer, request, context)),
    api
      .call(reservationEndpoints.deskBookings, { status: filters.bookingStatus, page: filters.bookingPage, pageSize: String(DESK_PAGE_SIZE) })
      .then((answer) => requireOk(answer, request, context)),
  ]);
  const held = await heldFormValues(request, context, formHolderOf(info), HELD_FIELDS);
  const heldFor = (intent: string) => (held.values?.intent === intent ? held.values : null);
  const byId = <T extends { id: number }>(list: T[], key: string) => list.find((x) => String(x.id) === params.get(key)) ?? null;
  const blocks = overview.hotels.flatMap((h) => h.blocks);
  return json(
    {
      title: translate(language, "reservations.desk.title"),
      filters,
      requests,
      bookings,
      hotels: overview.hotels,
      meetingRooms: overview.meetingRooms,
      editing: { hotel: byId(overview.hotels, "hotel"), block: byId(blocks, "block"), room: byId(overview.meetingRooms, "room") },
      deleting: { hotel: byId(overview.hotels, "deleteHotel"), block: byId(blocks, "deleteBlock"), room: byId(overview.meetingRooms, "deleteRoom") },
      newBlockHotelId: params.get("newBlock") ?? "",
      held: { saveHotel: heldFor("saveHotel"), saveBlock: heldFor("saveBlock"), saveMeetingRoom: heldFor("saveMeetingRoom") },
      constraints: formConstraints({ hotel: hotelSaveSchema, block: blockSaveSchema, room: meetingRoomSaveSchema }),
    },
    { headers: held.headers },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) => deskAction(request, context);

export default function ReservationDeskPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as DeskReply | undefined;
  return (
    <Stack gap="lg" maw={1200}>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <PageHeading title={t("reservations.desk.title")} />
      </Paper>
      {reply?.form === "delete" ? (
        <Text role="alert" c="red.8" data-testid="delete-error">
          {reply.error}
        </Text>
      ) : null}
      <RequestDesk list={data.requests} filters={data.filters} reply={reply} />
      <BookingDesk list={data.bookings} filters={data.filters} reply={reply} />
      <ManageSection
        hotels={data.hotels}
        meetingRooms={data.meetingRooms}
        editing={data.editing}
        deleting={data.deleting}
        newBlockHotelId={data.newBlockHotelId}
        held={data.held}
        constraints={data.constraints}
        reply={reply}
      />
    </Stack>
  );
}
