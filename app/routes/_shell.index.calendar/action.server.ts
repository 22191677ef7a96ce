import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { calendarEndpoints } from "~/contracts/calendar/endpoints.server";
import { calendarButtonsSchema, calendarDatesSchema, calendarDeadlinesSchema } from "~/contracts/calendar/schema";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors } from "~/lib/api.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms.server";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { CalendarReply } from "./reply";

const HERE = "/index/calendar";
// What was typed comes back in the page: never cache it.
const NO_STORE = { "Cache-Control": "private, no-store" };
const DATE_FIELDS = ["opensOn", "endsOn", "buildUpFrom", "buildUpTo", "dismantleFrom", "dismantleTo", "advanceUntil"] as const;
const BUTTON_FIELDS = ["buttonId", "effectStart", "closesWith", "effectEnd", "closedMessage", "closedMessageEn"] as const;

const refused = (reply: CalendarReply) => json<CalendarReply>(reply, { status: 400, headers: NO_STORE });

/**
 * The calendar page's three forms, each a plain post (intent): the exhibition's days, every checklist
 * deadline, every button's window. Each is checked here with its schema and again by the API, whose
 * refusals come back beside their fields; a success goes back to the page with a toast.
 */
export async function calendarAction({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent === "dates") {
    const submission = parseWithZod(form, { schema: calendarDatesSchema });
    if (submission.status !== "success") return refused({ intent, result: submission.reply() });
    const saved = await handleAuthErrors(await api.call(calendarEndpoints.saveDates, submission.value), request, context);
    if (!saved.ok) return refused({ intent, result: replyToApiFailure(submission, saved, DATE_FIELDS) });
    return redirectWithToast(HERE, context, { kind: "success", key: "calendar.dates.saved" });
  }

  if (intent === "deadlines") {
    const submission = parseWithZod(form, { schema: calendarDeadlinesSchema });
    if (submission.status !== "success") return refused({ intent, result: submission.reply() });
    const saved = await handleAuthErrors(await api.call(calendarEndpoints.saveDeadlines, submission.value), request, context);
    if (!saved.ok) {
      const fields = submission.value.items.map((_, index) => `items[${index}].deadline`);
      return refused({ intent, result: replyToApiFailure(submission, saved, fields) });
    }
    return redirectWithToast(HERE, context, { kind: "success", key: "calendar.deadlines.saved" });
  }

  if (intent === "buttons") {
    const submission = parseWithZod(form, { schema: calendarButtonsSchema });
    if (submission.status !== "success") return refused({ intent, result: submission.reply() });
    const saved = await handleAuthErrors(await api.call(calendarEndpoints.saveButtons, submission.value), request, context);
    if (!saved.ok) {
      const fields = submission.value.buttons.flatMap((_, index) => BUTTON_FIELDS.map((field) => `buttons[${index}].${field}`));
      return refused({ intent, result: replyToApiFailure(submission, saved, fields) });
    }
    return redirectWithToast(HERE, context, { kind: "success", key: "calendar.buttons.saved" });
  }

  return refused({ intent: "unknown", error: translate(language, "errors.badRequest") });
}
