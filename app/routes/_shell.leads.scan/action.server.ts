import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { LeadScanResult } from "~/contracts/leads/api-types";
import { leadEndpoints } from "~/contracts/leads/endpoints.server";
import { DEVICE_SCAN_ID, leadCodeOf, SCANNED_TEXT_MAX } from "~/contracts/leads/values";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors } from "~/lib/api.server";
import { getLanguage } from "~/lib/cookies.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms.server";
import { requireShellUser } from "~/lib/permissions.server";
import { QUEUE_BATCH, type QueueAnswer, type QueuedScan } from "./queue-types";
import { scanCodeSchema } from "./schema.server";

const noStore = { "Cache-Control": "no-store" };

/** The typed post's result as the page shows it: the server's answer and the code, for the lead's link. */
export type TypedScan = LeadScanResult & { code: string };

/** The statuses a typed pass is refused with, as the field's error (a text key, or the server's message). */
const REFUSALS: Partial<Record<LeadScanResult["status"], string>> = { forged: "leads.errors.forged", erased: "leads.errors.erased" };

/**
 * The form without JavaScript: the pass typed (or pasted) is one scan, its id made here, sent to the
 * API as a queue of one. Saved: the form is emptied and the visitor shown; refused: the typed value
 * comes back with the reason under the field.
 */
export async function typedScan(request: Request, context: AppLoadContext) {
  const { api } = await requireShellUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: scanCodeSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), scan: null }, { status: 400, headers: noStore });
  const code = submission.value.code;
  const answer = await handleAuthErrors(await api.call(leadEndpoints.scans, { scans: [{ id: crypto.randomUUID(), code }] }), request, context);
  if (!answer.ok) return json({ result: replyToApiFailure(submission, answer, ["code"]), scan: null }, { status: 400, headers: noStore });
  const result = answer.data.results[0];
  if (!result) return json({ result: submission.reply({ formErrors: ["errors.requestFailed"] }), scan: null }, { status: 502, headers: noStore });
  if (result.status !== "saved" && result.status !== "repeat") {
    const error = REFUSALS[result.status] ?? result.message ?? "leads.errors.forged";
    return json({ result: submission.reply({ fieldErrors: { code: [error] } }), scan: null }, { status: 400, headers: noStore });
  }
  const scan: TypedScan = { ...result, code: leadCodeOf(code) };
  return json({ result: submission.reply({ resetForm: true }), scan }, { headers: noStore });
}

/** A redirect thrown by the guard or by handleAuthErrors, answered as JSON the page's script can read. */
function redirectAsAnswer(thrown: unknown, language: Parameters<typeof translate>[0]) {
  if (!(thrown instanceof Response) || thrown.status < 300 || thrown.status >= 400) throw thrown;
  const location = thrown.headers.get("Location") ?? "/login";
  // The cleared ticket and the one-time notice go with it, as with the redirect.
  const headers = new Headers(noStore);
  for (const cookie of thrown.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (/^\/(login|contractor)\b/.test(location)) return json<QueueAnswer>({ signIn: location }, { status: 401, headers });
  return json<QueueAnswer>({ error: translate(language, "errors.noPermission") }, { status: 403, headers });
}

function queuedScansOf(body: unknown): QueuedScan[] | null {
  const scans = (body as { scans?: unknown } | null)?.scans;
  if (!Array.isArray(scans) || scans.length < 1 || scans.length > QUEUE_BATCH) return null;
  const valid = scans.every(
    (s) =>
      typeof s?.id === "string" &&
      DEVICE_SCAN_ID.test(s.id) &&
      typeof s.code === "string" &&
      s.code.length <= SCANNED_TEXT_MAX &&
      typeof s.scannedAt === "string" &&
      s.scannedAt.length <= 40,
  );
  // The API reads a lead code: a pass's URL (what the QR holds) is read down to it here.
  return valid ? scans.map((s: QueuedScan) => ({ id: s.id, code: leadCodeOf(s.code), scannedAt: s.scannedAt })) : null;
}

/**
 * The page's queue with JavaScript (a JSON post, `intent: "queue"`): a batch of the scans waiting on
 * the device, sent to the API as they are (each with the device's id, so a batch sent twice counts
 * once). Always JSON, never a redirect: an ended session is a 401 with the sign-in page, and the
 * device keeps its scans.
 */
export async function queuedScans(request: Request, context: AppLoadContext) {
  let user: Awaited<ReturnType<typeof requireShellUser>>;
  try {
    user = await requireShellUser(request, context);
  } catch (thrown) {
    return redirectAsAnswer(thrown, getLanguage(request));
  }
  const language = user.api.language;
  const body = (await request.json().catch(() => null)) as { intent?: unknown } | null;
  const scans = body?.intent === "queue" ? queuedScansOf(body) : null;
  if (!scans) return json<QueueAnswer>({ error: translate(language, "errors.requestFailed") }, { status: 400, headers: noStore });
  const answer = await user.api.call(leadEndpoints.scans, { scans });
  try {
    await handleAuthErrors(answer, request, context);
  } catch (thrown) {
    return redirectAsAnswer(thrown, language);
  }
  if (!answer.ok) return json<QueueAnswer>({ error: answer.message }, { status: answer.code === 0 ? 502 : 400, headers: noStore });
  return json<QueueAnswer>({ results: answer.data.results }, { headers: noStore });
}
