import { buttonGrantsFor } from "~/lib/buttons.server";
import { PageHeading } from "~/components/page-heading";
import { loadPageHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";
import { shellTitle } from "~/lib/page-title";
import { Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ActionWindowNotice } from "~/components/action-window-notice";
import { ConfirmAction } from "~/components/confirm-action";
import { DEADLINE_ACTIONS } from "~/contracts/calendar/values";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { reservationEndpoints } from "~/contracts/reservations/endpoints.server";
import { RESERVATIONS_PATH } from "~/contracts/reservations/values";
import { meetingBookingSchema, roomRequestSchema } from "~/features/reservations/schema.server";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useActionWindow } from "~/lib/use-button";
import { MeetingForm, RoomRequestForm } from "./forms";
import { BookingList, HotelList, MeetingRoomList, RequestList } from "./lists";
import "~/contracts/reservations/texts";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "reservations.title" } satisfies PageHandle;

const NO_STORE = { "Cache-Control": "no-store" };
const ROOM_FIELDS = ["blockId", "checkIn", "checkOut", "rooms", "guestNames", "contactMobile"] as const;
const MEETING_FIELDS = ["roomId", "day", "slot", "people", "topic"] as const;

/**
 * /HT/businessReservations (menu 84, issue 41): the partner hotels with the rooms left each night, a
 * request for rooms and a meeting room booking, and the exhibitor's own requests and bookings with
 * their state, the organizer's comment and a Cancel while allowed (`?cancel=`, `?cancelMeeting=` ask
 * first). Plain posts: it works without script.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const { api, language, info } = user;
  const params = new URL(request.url).searchParams;
  const data = await requireOk(await api.call(reservationEndpoints.overview), request, context);
  // A form posted after the session ended comes back once: the room form's or the meeting form's.
  const held = await heldFormValues(request, context, formHolderOf(info), ["intent", ...ROOM_FIELDS, ...MEETING_FIELDS]);
  const heldFor = (intent: string) => (held.values?.intent === intent ? held.values : null);
  return json(
    {
      pageHistory: await loadPageHistory(api, [
        reservationEndpoints.requestRooms,
        reservationEndpoints.cancelRooms,
        reservationEndpoints.bookMeeting,
        reservationEndpoints.cancelMeeting,
      ]),
      title: translate(language, "reservations.title"),
      buttonGrants: buttonGrantsFor(user, [DEADLINE_ACTIONS.reservations.menuId]),
      ...data,
      cancelling: data.requests.find((r) => r.cancellable && String(r.id) === params.get("cancel")) ?? null,
      cancellingMeeting: data.bookings.find((b) => b.cancellable && String(b.id) === params.get("cancelMeeting")) ?? null,
      held: { requestRooms: heldFor("requestRooms"), bookMeeting: heldFor("bookMeeting") },
      constraints: formConstraints({ rooms: roomRequestSchema, meeting: meetingBookingSchema }),
    },
    { headers: held.headers },
  );
}

type Reply = { form: "rooms" | "meeting"; result: ReturnType<typeof replyToApiFailure> } | { form: "cancel"; error: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const intent = formData.get("intent");
  if (intent === "cancelRooms" || intent === "cancelMeeting") {
    const endpoint = intent === "cancelRooms" ? reservationEndpoints.cancelRooms : reservationEndpoints.cancelMeeting;
    const result = await handleAuthErrors(await api.call(endpoint, { id: String(formData.get("id") ?? "") }), request, context);
    if (!result.ok) return json<Reply>({ form: "cancel", error: result.message }, { status: result.code === 409 ? 409 : 400, headers: NO_STORE });
    return redirectWithToast(RESERVATIONS_PATH, context, { kind: "success", key: "reservations.cancelled" });
  }
  if (intent === "bookMeeting") {
    const submission = parseWithZod(formData, { schema: meetingBookingSchema });
    if (submission.status !== "success") return json<Reply>({ form: "meeting", result: submission.reply() }, { status: 400, headers: NO_STORE });
    const v = submission.value;
    const input = { roomId: String(v.roomId), day: v.day, slot: v.slot, people: String(v.people), topic: v.topic ?? "" };
    const result = await handleAuthErrors(await api.call(reservationEndpoints.bookMeeting, input), request, context);
    if (!result.ok) return json<Reply>({ form: "meeting", result: replyToApiFailure(submission, result, MEETING_FIELDS) }, { status: 400, headers: NO_STORE });
    return redirectWithToast(RESERVATIONS_PATH, context, { kind: "success", key: "reservations.booked" });
  }
  const submission = parseWithZod(formData, { schema: roomRequestSchema });
  if (submission.status !== "success") return json<Reply>({ form: "rooms", result: submission.reply() }, { status: 400, headers: NO_STORE });
  const v = submission.value;
  const input = {
    blockId: String(v.blockId),
    checkIn: v.checkIn,
    checkOut: v.checkOut,
    rooms: String(v.rooms),
    guestNames: v.guestNames.join("\n"),
    contactMobile: v.contactMobile,
  };
  const result = await handleAuthErrors(await api.call(reservationEndpoints.requestRooms, input), request, context);
  if (!result.ok) return json<Reply>({ form: "rooms", result: replyToApiFailure(submission, result, ROOM_FIELDS) }, { status: 400, headers: NO_STORE });
  return redirectWithToast(RESERVATIONS_PATH, context, { kind: "success", key: "reservations.requested" });
}

export default function BusinessReservationsPage() {
  const { t, language } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  const open = useActionWindow(DEADLINE_ACTIONS.reservations).open;
  const pick = (zh: string, en: string) => (language === "en" ? en || zh : zh || en);
  const bookable = data.hotels.filter((h) => h.blocks.length);
  return (
    <Stack gap="lg" maw={1100}>
      <Panel gap="xs">
        <PageHeading title={t("reservations.title")} />
        <Text size="sm">{t("reservations.intro")}</Text>
        <ActionWindowNotice action={DEADLINE_ACTIONS.reservations} testId="reservations-window" />
      </Panel>
      {reply?.form === "cancel" ? (
        <Text role="alert" c="red.8" data-testid="cancel-error">
          {reply.error}
        </Text>
      ) : null}
      {data.cancelling ? (
        <ConfirmAction
          question={`${t("reservations.confirmCancel")} ${pick(data.cancelling.hotelZh, data.cancelling.hotelEn)} ${data.cancelling.checkIn} – ${data.cancelling.checkOut}`}
          intent="cancelRooms"
          fields={{ id: String(data.cancelling.id) }}
          confirmLabel={t("reservations.cancel")}
          cancelTo={RESERVATIONS_PATH}
          pending={pending}
        />
      ) : null}
      {data.cancellingMeeting ? (
        <ConfirmAction
          question={`${t("reservations.confirmCancelMeeting")} ${pick(data.cancellingMeeting.roomZh, data.cancellingMeeting.roomEn)} ${data.cancellingMeeting.day}`}
          intent="cancelMeeting"
          fields={{ id: String(data.cancellingMeeting.id) }}
          confirmLabel={t("reservations.cancel")}
          cancelTo={RESERVATIONS_PATH}
          pending={pending}
        />
      ) : null}
      <RequestList requests={data.requests} />
      <BookingList bookings={data.bookings} />
      <HotelList hotels={data.hotels} />
      {open && bookable.length ? (
        <RoomRequestForm
          hotels={bookable}
          held={data.held.requestRooms}
          constraint={data.constraints.rooms}
          lastResult={reply?.form === "rooms" ? reply.result : null}
          pending={pending}
        />
      ) : null}
      <MeetingRoomList rooms={data.meetingRooms} />
      {open && data.meetingRooms.length ? (
        <MeetingForm
          rooms={data.meetingRooms}
          showDays={data.showDays}
          held={data.held.bookMeeting}
          constraint={data.constraints.meeting}
          lastResult={reply?.form === "meeting" ? reply.result : null}
          pending={pending}
        />
      ) : null}
      <RecordHistory entries={data.pageHistory} title="team.history.pageSection" />
    </Stack>
  );
}
