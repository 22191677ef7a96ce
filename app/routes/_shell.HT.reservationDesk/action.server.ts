import type { AppLoadContext } from "@remix-run/node";
import { json } from "@remix-run/node";
import { reservationEndpoints } from "~/contracts/reservations/endpoints.server";
import { RESERVATION_DESK_PATH } from "~/contracts/reservations/values";
import { blockSaveSchema, hotelSaveSchema, meetingRoomSaveSchema } from "~/features/reservations/schema.server";
import { handleAuthErrors } from "~/lib/api.server";
import { rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms.server";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";

const NO_STORE = { "Cache-Control": "no-store" };
const HOTEL_FIELDS = ["nameZh", "nameEn", "addressZh", "addressEn", "noteZh", "noteEn", "cancelUntil", "sort", "hidden"] as const;
const BLOCK_FIELDS = ["hotelId", "roomTypeZh", "roomTypeEn", "price", "roomsPerNight", "maxRoomsPerExhibitor", "firstNight", "lastNight"] as const;
const ROOM_FIELDS = ["nameZh", "nameEn", "capacity", "locationZh", "locationEn", "sort", "hidden"] as const;
/** What a form posted after the session ended brings back (heldFormValues). */
export const HELD_FIELDS = ["intent", ...new Set([...HOTEL_FIELDS, ...BLOCK_FIELDS, ...ROOM_FIELDS])];

type Result = ReturnType<typeof replyToApiFailure>;
export type DeskReply =
  | { form: "decide"; kind: "rooms" | "meeting"; id: string; error: string; comment: string }
  | { form: "delete"; error: string }
  | { form: "hotel" | "block" | "room"; result: Result };

const text = (v: string | number | boolean | undefined) => (v === undefined ? "" : typeof v === "boolean" ? (v ? "1" : "") : String(v));
const asForm = (value: Record<string, string | number | boolean | undefined>) => Object.fromEntries(Object.entries(value).map(([k, v]) => [k, text(v)]));

/** The desk's posts: decide a request or booking, save or delete a hotel, a block, a meeting room. */
export async function deskAction(request: Request, context: AppLoadContext) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const intent = String(formData.get("intent") ?? "");
  const done = (key: string) => redirectWithToast(`${RESERVATION_DESK_PATH}${new URL(request.url).search}`, context, { kind: "success", key });

  if (intent === "decideRooms" || intent === "decideMeeting") {
    const input = { id: String(formData.get("id") ?? ""), decision: String(formData.get("decision") ?? ""), comment: String(formData.get("comment") ?? "") };
    const endpoint = intent === "decideRooms" ? reservationEndpoints.decideRooms : reservationEndpoints.decideMeeting;
    const result = await handleAuthErrors(await api.call(endpoint, input), request, context);
    if (!result.ok)
      return json<DeskReply>(
        { form: "decide", kind: intent === "decideRooms" ? "rooms" : "meeting", id: input.id, error: result.message, comment: input.comment },
        { status: 400, headers: NO_STORE },
      );
    return done("reservations.desk.decided");
  }
  const deletes = {
    deleteHotel: reservationEndpoints.deleteHotel,
    deleteBlock: reservationEndpoints.deleteBlock,
    deleteMeetingRoom: reservationEndpoints.deleteMeetingRoom,
  };
  if (intent in deletes) {
    const result = await handleAuthErrors(await api.call(deletes[intent as keyof typeof deletes], { id: String(formData.get("id") ?? "") }), request, context);
    if (!result.ok) return json<DeskReply>({ form: "delete", error: result.message }, { status: result.code === 409 ? 409 : 400, headers: NO_STORE });
    return redirectWithToast(RESERVATION_DESK_PATH, context, { kind: "success", key: "reservations.desk.deleted" });
  }
  if (intent === "saveHotel") {
    const submission = parseWithZod(formData, { schema: hotelSaveSchema });
    if (submission.status !== "success") return json<DeskReply>({ form: "hotel", result: submission.reply() }, { status: 400, headers: NO_STORE });
    const result = await handleAuthErrors(await api.call(reservationEndpoints.saveHotel, asForm(submission.value)), request, context);
    if (!result.ok) return json<DeskReply>({ form: "hotel", result: replyToApiFailure(submission, result, HOTEL_FIELDS) }, { status: 400, headers: NO_STORE });
    return redirectWithToast(RESERVATION_DESK_PATH, context, { kind: "success", key: "reservations.desk.saved" });
  }
  if (intent === "saveBlock") {
    const submission = parseWithZod(formData, { schema: blockSaveSchema });
    if (submission.status !== "success") return json<DeskReply>({ form: "block", result: submission.reply() }, { status: 400, headers: NO_STORE });
    const result = await handleAuthErrors(await api.call(reservationEndpoints.saveBlock, asForm(submission.value)), request, context);
    if (!result.ok) return json<DeskReply>({ form: "block", result: replyToApiFailure(submission, result, BLOCK_FIELDS) }, { status: 400, headers: NO_STORE });
    return redirectWithToast(RESERVATION_DESK_PATH, context, { kind: "success", key: "reservations.desk.saved" });
  }
  const submission = parseWithZod(formData, { schema: meetingRoomSaveSchema });
  if (submission.status !== "success") return json<DeskReply>({ form: "room", result: submission.reply() }, { status: 400, headers: NO_STORE });
  const result = await handleAuthErrors(await api.call(reservationEndpoints.saveMeetingRoom, asForm(submission.value)), request, context);
  if (!result.ok) return json<DeskReply>({ form: "room", result: replyToApiFailure(submission, result, ROOM_FIELDS) }, { status: 400, headers: NO_STORE });
  return redirectWithToast(RESERVATION_DESK_PATH, context, { kind: "success", key: "reservations.desk.saved" });
}
