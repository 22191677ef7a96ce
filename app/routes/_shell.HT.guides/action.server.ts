import { json, type ActionFunctionArgs } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { trafficGuidesEndpoints as endpoints } from "~/contracts/traffic-guides/endpoints.server";
import { GUIDE_MAP_UPLOAD, GUIDES_ADMIN_PATH } from "~/contracts/traffic-guides/values";
import {
  busRouteSaveSchema,
  busStopSaveSchema,
  busTimetableSaveSchema,
  carParkSaveSchema,
  guideIntroSaveSchema,
} from "~/features/traffic-guides/schema.server";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { handleAuthErrors } from "~/lib/api.server";
import { rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms.server";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";

/** Which form a reply belongs to: each form shows only its own errors. */
export type FormName = "intro-bus" | "intro-parking" | "route" | "stop" | "timetable" | "carPark";
export type Reply = { form: FormName; result: SubmissionResult<string[]>; preview?: { bodyZh: string; bodyEn: string } } | { form: "delete"; error: string };

const NO_STORE = { "Cache-Control": "no-store" };

/** The parsed values as the API's form fields: numbers as text, a ticked box "1", absent "". */
const asForm = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === undefined || v === false ? "" : v === true ? "1" : String(v)]));

/** The page's forms' schemas, by the name the loader gives each form's constraints. */
export const GUIDE_SCHEMAS = {
  intro: guideIntroSaveSchema,
  route: busRouteSaveSchema,
  stop: busStopSaveSchema,
  day: busTimetableSaveSchema,
  park: carParkSaveSchema,
};

const SAVES = {
  saveRoute: { form: "route", schema: GUIDE_SCHEMAS.route, endpoint: endpoints.saveRoute },
  saveStop: { form: "stop", schema: GUIDE_SCHEMAS.stop, endpoint: endpoints.saveStop },
  saveTimetable: { form: "timetable", schema: GUIDE_SCHEMAS.day, endpoint: endpoints.saveTimetable },
  saveCarPark: { form: "carPark", schema: GUIDE_SCHEMAS.park, endpoint: endpoints.saveCarPark },
} as const;

const DELETES = {
  deleteRoute: endpoints.deleteRoute,
  deleteStop: endpoints.deleteStop,
  deleteTimetable: endpoints.deleteTimetable,
  deleteCarPark: endpoints.deleteCarPark,
} as const;

/**
 * /HT/guides' posts: the intros (save or preview), routes, stops, timetable days and car parks
 * (multipart with the map), and the confirmed deletes. Errors come back with the form as typed.
 */
export async function guidesAction({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { mapUrl: GUIDE_MAP_UPLOAD });
  rememberForm(request, formData);
  const intent = String(formData.get("intent") ?? "");
  const done = (key: "saved" | "deleted") => redirectWithToast(GUIDES_ADMIN_PATH, context, { kind: "success", key: `trafficGuides.admin.${key}` });

  if (intent in DELETES) {
    const endpoint = DELETES[intent as keyof typeof DELETES];
    const result = await handleAuthErrors(await api.call(endpoint, { id: String(formData.get("id") ?? "") }), request, context);
    if (!result.ok) return json<Reply>({ form: "delete", error: result.message }, { status: 400, headers: NO_STORE });
    return done("deleted");
  }

  if (intent === "saveIntro" || intent === "previewIntro") {
    const submission = parseWithZod(formData, { schema: guideIntroSaveSchema });
    const form: FormName = formData.get("guide") === "parking" ? "intro-parking" : "intro-bus";
    if (submission.status !== "success") return json<Reply>({ form, result: submission.reply() }, { status: 400, headers: NO_STORE });
    const v = submission.value;
    // Preview: the typed texts rendered, the form kept as typed, nothing saved.
    if (intent === "previewIntro")
      return json<Reply>({ form, result: submission.reply(), preview: { bodyZh: v.bodyZh ?? "", bodyEn: v.bodyEn ?? "" } }, { headers: NO_STORE });
    const result = await handleAuthErrors(await api.call(endpoints.saveIntro, asForm(v)), request, context);
    if (!result.ok) return json<Reply>({ form, result: replyToApiFailure(submission, result, ["bodyZh", "bodyEn"]) }, { status: 400, headers: NO_STORE });
    return done("saved");
  }

  const save = SAVES[(intent in SAVES ? intent : "saveRoute") as keyof typeof SAVES];
  const submission = parseWithZod(formData, { schema: save.schema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length)
    return json<Reply>({ form: save.form, result: replyWithUploadErrors(submission, uploadErrors) }, { status: 400, headers: NO_STORE });
  // Every save endpoint takes its form's fields as text; the cast only joins their declarations.
  const result = await handleAuthErrors(await api.call(save.endpoint as typeof endpoints.saveRoute, asForm(submission.value)), request, context);
  if (!result.ok) return json<Reply>({ form: save.form, result: replyToApiFailure(submission, result, ALL_FIELDS) }, { status: 400, headers: NO_STORE });
  return done("saved");
}

/** Every field of the forms (for the values held after an expired session, and API field errors). */
export const ALL_FIELDS = [
  "id",
  "guide",
  "bodyZh",
  "bodyEn",
  "routeId",
  "nameZh",
  "nameEn",
  "noteZh",
  "noteEn",
  "addressZh",
  "addressEn",
  "hoursZh",
  "hoursEn",
  "pricesZh",
  "pricesEn",
  "capacity",
  "mapUrl",
  "serviceDay",
  "firstDeparture",
  "lastDeparture",
  "intervalMinutes",
  "sort",
  "hidden",
] as const;
