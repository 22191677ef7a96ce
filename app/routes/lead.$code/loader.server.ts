import type { AppLoadContext } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import type { Language } from "~/contracts/i18n/config";
import { translate } from "~/contracts/i18n/translate.server";
import type { LeadCapture } from "~/contracts/leads/api-types";
import { leadEndpoints } from "~/contracts/leads/endpoints.server";
import { LEAD_CAPTURE_PATH, leadCodeOf, VISITOR_PASS_PATH } from "~/contracts/leads/values";
import { ORGANIZER_ROLE_ID } from "~/contracts/permission/roles";
import { apiFor, handleAuthErrors } from "~/lib/api.server";
import { getLanguage, readOwnPass } from "~/lib/cookies.server";
import { heldFormValues } from "~/lib/form-hold.server";
import { formHolderOf, getShellUser } from "~/lib/permissions.server";
import type { LeadFormValues } from "~/features/leads/lead-form";
import { leadFormValues } from "~/features/leads/lead-form.server";

/** What the capture form posts (and what a post made after the session ended brings back). */
export const CAPTURE_FIELDS = ["rating", "notes", "tagIds", "followUp"] as const;

/**
 * What /lead/<code> shows, by who opens it (docs/decisions/070):
 * - "capture": an exhibitor or a member with the leads grant: the visitor and the lead form;
 * - "refused": a signed-in account that may not capture (a member without the grant, a carrier,
 *   a contractor) or a pass that cannot be captured (forged, another exhibition's, erased), with why;
 * - "organizer": the pass is the check-in desk's business;
 * - "anonymous": what the code is and a sign-in that leads back here (the visitor's own phone is sent to the pass).
 */
export type LeadPage =
  | { kind: "capture"; capture: LeadCapture; values: LeadFormValues; saved: boolean }
  | { kind: "refused"; message: string }
  | { kind: "organizer"; exhibitionName: string | null }
  | { kind: "anonymous"; exhibitionName: string | null; message: string | null; signIn: string };

const noStore = { "Cache-Control": "private, no-store" };

export async function leadPageLoader(request: Request, context: AppLoadContext, code: string) {
  const language = getLanguage(request);
  const title = translate(language, "leads.capture.anonymousTitle");
  const user = await getShellUser(request, context);
  if (!user) return json({ language, title, page: await anonymousPage(request, context, code, language) }, { headers: noStore });
  if (user.info.infoVO.roleId === ORGANIZER_ROLE_ID) {
    const info = await user.api.call(leadEndpoints.leadCode, { code });
    const page: LeadPage = { kind: "organizer", exhibitionName: info.ok ? info.data.exhibitionName : null };
    return json({ language, title, page }, { headers: noStore });
  }
  const answer = await user.api.call(leadEndpoints.capture, { code });
  if (!answer.ok) {
    if (answer.code === 401) await handleAuthErrors(answer, request, context);
    return json(
      { language, title, page: { kind: "refused", message: answer.message } satisfies LeadPage },
      { status: answer.code === 403 ? 403 : 400, headers: noStore },
    );
  }
  const held = await heldFormValues(request, context, formHolderOf(user.info), CAPTURE_FIELDS);
  for (const [name, value] of Object.entries(noStore)) held.headers.set(name, value);
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  const page: LeadPage = { kind: "capture", capture: answer.data, values: leadFormValues(answer.data.lead, held.values), saved };
  // No visitor's name in the document title: titles end up in the phone's history and tab list.
  return json({ language, title: translate(language, "leads.list.leadPage"), page }, { headers: held.headers });
}

async function anonymousPage(request: Request, context: AppLoadContext, code: string, language: Language): Promise<LeadPage> {
  const api = await apiFor(request, context);
  // The visitor's own phone (it opened the pass page): their own QR opens their pass.
  const ownPass = readOwnPass(request);
  if (ownPass) {
    const pass = await api.call(leadEndpoints.pass, { code: ownPass });
    if (pass.ok && leadCodeOf(pass.data.leadUrl) === code) throw redirect(`${VISITOR_PASS_PATH}${encodeURIComponent(ownPass)}`);
  }
  const info = await api.call(leadEndpoints.leadCode, { code });
  const signIn = `/login?${new URLSearchParams({ redirectTo: `${LEAD_CAPTURE_PATH}${code}` })}`;
  if (info.ok) return { kind: "anonymous", exhibitionName: info.data.exhibitionName, message: null, signIn };
  return { kind: "anonymous", exhibitionName: null, message: info.message || translate(language, "leads.errors.forged"), signIn };
}
