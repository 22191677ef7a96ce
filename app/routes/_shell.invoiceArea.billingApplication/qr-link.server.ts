import type { AppLoadContext } from "@remix-run/node";
import { json } from "@remix-run/node";
import { invoiceEndpoints } from "~/contracts/invoices/endpoints.server";
import { qrLinkRenewSchema, qrLinkRevokeSchema } from "~/features/invoices/schema.server";
import type { Language } from "~/contracts/i18n/config";
import { translateMessage } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, type ApiClient } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PATH } from "./application-form";
import { QR_RENEW_INTENT, QR_REVOKE_INTENT } from "./qr-link-panel";

type Env = { api: ApiClient; language: Language; request: Request; context: AppLoadContext };

const NO_STORE = { "Cache-Control": "no-store" };
/** A refusal shown in the QR panel of the page the form came from (with or without JavaScript). */
const refusal = (status: number, qrError: string) => json({ qrError }, { status, headers: NO_STORE });

/**
 * The QR link's forms on an application's page (issue 36): revoke or renew, checked here with the
 * API's schemas and again by the API, which alone decides whose link it is. Null when the post is
 * not one of them.
 */
export async function qrLinkAction(intent: FormDataEntryValue | null, formData: FormData, { api, language, request, context }: Env) {
  if (intent !== QR_REVOKE_INTENT && intent !== QR_RENEW_INTENT) return null;
  const revoking = intent === QR_REVOKE_INTENT;
  const fields = Object.fromEntries(formData);
  const parsed = revoking ? qrLinkRevokeSchema.safeParse(fields) : qrLinkRenewSchema.safeParse(fields);
  if (!parsed.success) return refusal(400, parsed.error.issues.map((issue) => translateMessage(language, issue.message)).join(" "));
  const form = { id: String(parsed.data.id), ...("linkVersion" in parsed.data ? { linkVersion: String(parsed.data.linkVersion) } : {}) };
  const result = await handleAuthErrors(await api.call(revoking ? invoiceEndpoints.revokeQrLink : invoiceEndpoints.renewQrLink, form), request, context);
  if (!result.ok) return refusal(result.code >= 400 && result.code < 500 ? result.code : 502, result.message);
  return redirectWithToast(`${PATH}?id=${result.data.id}`, context, {
    kind: "success",
    key: revoking ? "invoices.application.qrRevoked" : "invoices.application.qrRenewed",
  });
}
