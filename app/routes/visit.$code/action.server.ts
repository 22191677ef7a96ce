import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { Language } from "~/contracts/i18n/config";
import { translateMessage } from "~/contracts/i18n/translate.server";
import { visitorEndpoints } from "~/contracts/promotion/visitors/endpoints.server";
import { fetchCaptcha } from "~/features/captcha/captcha.server";
import { apiFor } from "~/lib/api.server";
import { getLanguage, serializeOwnPass } from "~/lib/cookies.server";
import { VISITOR_PASS_PATH } from "~/contracts/leads/values";
import { VISIT_FIELDS, type VisitValues } from "./fields";

/**
 * The form's one action, two buttons (no script needed): `intent=sendCode` sends the SMS code and
 * gives the form back with a note, the submit registers. The API checks everything; its refusals
 * come back as translated messages at their fields, the values as typed (the code and captcha aside).
 */
export async function visitAction({ request, context, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  const language = getLanguage(request);
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: VisitValues = {
    ...(Object.fromEntries(VISIT_FIELDS.map((name) => [name, text(name)])) as Record<(typeof VISIT_FIELDS)[number], string>),
    interests: formData.getAll("interests").filter((v): v is string => typeof v === "string"),
    consent: formData.get("consent") === "on",
    leadConsent: formData.get("leadConsent") === "on",
  };
  const code = params.code ?? "";
  const invitation = new URL(request.url).searchParams.get("inv") ?? undefined;
  const captcha = { captchaId: text("captchaId") || undefined, vCode: text("vCode") || undefined };
  const api = await apiFor(request, context);

  if (formData.get("intent") === "sendCode") {
    const sent = await api.call(visitorEndpoints.sendCode, { code, mobile: values.mobile, ...captcha });
    if (sent.ok) {
      return json({
        values: { ...values, smsCode: "" },
        errors: {},
        message: null,
        codeSent: Math.round(sent.data.expiresInSeconds / 60),
        // The SMS's state in the delivery log: sent, or waiting in the job queue; the number masked.
        codeDelivery: sent.data.delivery ?? null,
        done: null,
        captcha: null,
      });
    }
    return failure(api, language, values, sent);
  }

  const registered = await api.call(visitorEndpoints.register, {
    code,
    invitation,
    name: values.name,
    company: values.company,
    position: values.position,
    mobile: values.mobile,
    smsCode: values.smsCode,
    email: values.email,
    countryId: values.countryId,
    provinceCode: values.provinceCode,
    interests: values.interests,
    consent: values.consent ? "on" : "",
    leadConsent: values.leadConsent ? "on" : "",
    ...captcha,
  });
  if (registered.ok) {
    // This phone is the visitor's: their own pass's QR, scanned here, opens their pass (routes/lead.$code).
    const headers = { "Set-Cookie": serializeOwnPass(registered.data.passPath.slice(VISITOR_PASS_PATH.length), context) };
    return json({ values, errors: {}, message: null, codeSent: null, codeDelivery: null, done: registered.data, captcha: null }, { headers });
  }
  return failure(api, language, values, registered);
}

type Failure = { ok: false; code: number; message: string; data: unknown };

/** The refusal at its fields (the first one with the API's own message, which carries its values), a fresh captcha when one is due. */
async function failure(api: Awaited<ReturnType<typeof apiFor>>, language: Language, values: VisitValues, result: Failure) {
  const data = (result.data ?? {}) as { fields?: Record<string, string[]>; captchaRequired?: boolean };
  const errors: Record<string, string> = {};
  for (const [name, keys] of Object.entries(data.fields ?? {})) {
    errors[name] = Object.keys(errors).length === 0 ? result.message : keys.map((key) => translateMessage(language, key)).join(" ");
  }
  const fieldless = Object.keys(errors).length === 0 || result.code === 429;
  return json(
    {
      values: { ...values, smsCode: errors.smsCode ? "" : values.smsCode },
      errors,
      message: fieldless ? result.message : null,
      codeSent: null,
      codeDelivery: null,
      done: null,
      captcha: data.captchaRequired ? await fetchCaptcha(api, "text") : null,
    },
    { status: result.code === 429 ? 429 : 400 },
  );
}
