import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { leadEndpoints } from "~/contracts/leads/endpoints.server";
import { leadCaptureSchema } from "~/contracts/leads/schema";
import { LEAD_CAPTURE_PATH } from "~/contracts/leads/values";
import { postLeadForm } from "~/features/leads/lead-form.server";
import { rememberForm } from "~/lib/form-hold.server";
import { requireShellUser } from "~/lib/permissions.server";

/**
 * Saves the company's lead on the visitor (a plain POST; the first save makes it, later ones change
 * it). Saved: back to the page with a note (a reload posts nothing again). A session ended meanwhile:
 * sign in and come back with the form as typed (form-hold.server.ts).
 */
export async function captureAction({ request, context, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  rememberForm(request, formData);
  const { api, language } = await requireShellUser(request, context);
  const code = params.code ?? "";
  formData.set("code", code);
  const posted = await postLeadForm(request, context, formData, {
    language,
    schema: leadCaptureSchema,
    keyField: "code",
    send: (fields) => api.call(leadEndpoints.saveCapture, { code, ...fields }),
  });
  if ("refused" in posted) return posted.refused;
  return redirect(`${LEAD_CAPTURE_PATH}${encodeURIComponent(code)}?saved=1`);
}
