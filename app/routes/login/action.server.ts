import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { loginSchema } from "~/contracts/auth/login-schema";
import { authEndpoints } from "~/contracts/auth/endpoints.server";
import { captchaEndpoints } from "~/contracts/captcha/endpoints.server";
import { apiFor } from "../../lib/api.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { captchaKindFrom, clickFromForm, fetchCaptcha } from "../../features/captcha/captcha.server";
import { clearNotice, setTicket } from "../../lib/cookies.server";
import { accountCookie } from "../../lib/form-hold.server";

/**
 * The sign-in form's action, kept server-only so the sign-in page ships neither zod nor Conform:
 * it is the first page every exhibitor loads, often on a slow phone. The form is checked here
 * with the shared schema and answered with Conform's reply shape (routes/login.tsx renders it).
 */
export async function signIn({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const url = new URL(request.url);
  const kind = captchaKindFrom(url);
  const api = await apiFor(request, context);
  const submission = parseWithZod(formData, { schema: loginSchema });
  const hadCaptcha = formData.has("captchaId");

  const fail = async (message: string | null, captchaRequired: boolean, status = 400, headers?: HeadersInit) =>
    json(
      {
        result: submission.reply({ formErrors: message ? [message] : undefined, hideFields: ["password"] }),
        captcha: captchaRequired ? await fetchCaptcha(api, kind) : null,
      },
      { status, headers },
    );

  if (submission.status !== "success") return fail(null, hadCaptcha);
  const { username, password, captchaId, vCode } = submission.value;

  const click = clickFromForm(formData);
  if (captchaId && click) {
    const verified = await api.call(captchaEndpoints.verify, { captchaId, points: [click] });
    if (!verified.ok) return fail(verified.message, true);
  }

  // Only an answered captcha goes to the API: an untouched one is "missing" (please complete it), not "expired".
  const answered = kind === "text" ? Boolean(vCode) : Boolean(click);
  const result = await api.call(authEndpoints.login, {
    username,
    password,
    captchaId: answered ? captchaId : undefined,
    vCode: kind === "text" ? vCode : undefined,
  });
  if (!result.ok) {
    const data = (result.data ?? {}) as { captchaRequired?: boolean; retryAfterSeconds?: number };
    // A captcha once shown stays (a fresh one): removing it while its picture or code field has
    // focus makes Conform's blur validation submit the form natively during React's commit.
    // 503: too many sign-ins are waiting for a password check; the message says how long to wait.
    if (result.code === 503) return fail(result.message, hadCaptcha, 503, { "Retry-After": String(data.retryAfterSeconds ?? 5) });
    return fail(result.message, hadCaptcha || Boolean(data.captchaRequired), result.code === 429 ? 429 : 400);
  }

  const headers = new Headers();
  headers.append("Set-Cookie", await setTicket(context, result.data.ticket));
  // Whose typed forms may be given back after a session ends (form-hold.server.ts).
  headers.append("Set-Cookie", await accountCookie(context).serialize(username.trim().toLowerCase()));
  headers.append("Set-Cookie", clearNotice(context));
  throw redirect(safeRedirect(formData.get("redirectTo")), { headers });
}
