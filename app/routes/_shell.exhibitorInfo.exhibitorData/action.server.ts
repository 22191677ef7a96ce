import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { translate } from "~/contracts/i18n/translate.server";
import {
  COVER_KINDS,
  COVER_MAX_BYTES,
  LOGO_KINDS,
  LOGO_MAX_BYTES,
  PROFILE_STEPS,
  TRANSLATABLE,
  VIDEO_KINDS,
  VIDEO_MAX_BYTES,
  stepSchema,
  type ProfileStep,
} from "~/contracts/exhibitor/schema";
import { exhibitorContactEndpoints } from "~/contracts/exhibitor/contact-endpoints.server";
import { machineTranslationEndpoints } from "~/contracts/machine-translation/endpoints.server";
import { handleAuthErrors, type ApiFailure } from "../../lib/api.server";
import { exhibitorEndpoints } from "~/contracts/exhibitor/endpoints.server";
import { districtsExistFor, dropStaleChoices, loadStepOptions, stepValuesFromForm } from "../../features/exhibitor/profile.server";
import { rememberForm } from "../../lib/form-hold.server";
import { apiErrorKeys, apiFieldErrors } from "../../lib/form-reply.server";
import type { ShellUser } from "../../lib/permissions.server";
import { parseFormWithUploads } from "../../features/uploads/uploads.server";

const PAGE = "/exhibitorInfo/exhibitorData";
const noStore = { "Cache-Control": "no-store" };

/** One-time notices a redirect may name (?notice=), as i18n keys. */
const NOTICES = {
  saved: "exhibitor.notices.saved",
  smsSent: "exhibitor.notices.smsSent",
  emailSent: "exhibitor.notices.emailSent",
  smsQueued: "exhibitor.notices.smsQueued",
  emailQueued: "exhibitor.notices.emailQueued",
  translated: "exhibitor.notices.translated",
  submitted: "exhibitor.notices.submitted",
  finishStep: "exhibitor.notices.finishStep",
} as const;
type Notice = keyof typeof NOTICES;

export function noticeKey(value: string | null) {
  return value && value in NOTICES ? NOTICES[value as Notice] : null;
}

export function stepOf(url: URL): ProfileStep | null {
  const step = url.searchParams.get("step");
  return PROFILE_STEPS.includes(step as ProfileStep) ? (step as ProfileStep) : null;
}

const stepUrl = (step: ProfileStep, extra: Record<string, string> = {}) => `${PAGE}?${new URLSearchParams({ step, ...extra })}`;

const UPLOADS = {
  logoUrl: { folder: "company-logo" as const, kinds: LOGO_KINDS, maxBytes: LOGO_MAX_BYTES },
  videoUrl: { folder: "company-video" as const, kinds: VIDEO_KINDS, maxBytes: VIDEO_MAX_BYTES },
  videoCoverUrl: { folder: "company-video-cover" as const, kinds: COVER_KINDS, maxBytes: COVER_MAX_BYTES },
};

/**
 * Every button of a profile step posts here (plain forms, JavaScript optional). Each one first
 * saves the step's fields as the draft, so nothing typed is lost whatever happens next; then:
 * save → back to the step; previous/next → the neighbouring step (next only when the step meets
 * its rules, checked here and by the API); submit → review; address/theme → the step again with
 * the dependent choices; translate:<field> → the English field filled from the Chinese one;
 * sendSms/sendEmail → a verification code to contact 1.
 */
export async function handleProfileAction(request: Request, context: AppLoadContext, user: ShellUser) {
  const { api, language } = user;
  const multipart = /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");
  const { formData, uploadErrors } = multipart
    ? await parseFormWithUploads(request, context, api, language, UPLOADS)
    : { formData: await request.formData(), uploadErrors: {} as Record<string, string[]> };
  rememberForm(request, formData);

  const step = PROFILE_STEPS.find((s) => s === formData.get("step")) ?? stepOf(new URL(request.url)) ?? "company";
  const intent = String(formData.get("intent") ?? "save");
  const values = stepValuesFromForm(formData, step);
  const ctx = { language, districtsExist: await districtsExistFor(api, values, request, context) };
  const schema = stepSchema(step, ctx);

  /** The form again, as typed, with these errors; `formVersion` keeps the page's form mounted (route.tsx). */
  const fail = (fieldErrors: Record<string, string[]>, formErrors?: string[]) => {
    const submission = parseWithZod(formData, { schema });
    const posted = String(formData.get("formVersion") ?? "");
    const formVersion = /^\d{1,12}$/.test(posted) ? posted : "";
    return json(
      { result: submission.reply({ fieldErrors: { ...fieldErrors, ...(formErrors ? { "": formErrors } : {}) } }), formVersion },
      { status: 400, headers: noStore },
    );
  };
  const failWith = (failure: ApiFailure) => {
    const own = Object.fromEntries(Object.entries(apiFieldErrors(failure) ?? {}).filter(([name]) => name in values || name.endsWith("Code")));
    return Object.keys(own).length ? fail(own) : fail({}, [failure.message]);
  };

  if (intent === "address" || intent === "theme") {
    dropStaleChoices(values, await loadStepOptions(api, step, values, language, request, context));
  }

  let translatedField: string | null = null;
  if (intent.startsWith("translate:")) {
    const target = intent.slice("translate:".length);
    const source = TRANSLATABLE[target];
    const content = typeof values[source ?? ""] === "string" ? String(values[source!]).trim() : "";
    if (!source) return fail({}, [translate(language, "errors.badRequest")]);
    if (!content) return fail({ [target]: ["errors.translateNeedsChinese"] });
    const translated = await handleAuthErrors(await api.call(machineTranslationEndpoints.translate, { content, from: "cn", to: "en" }), request, context);
    if (!translated.ok) return fail({ [target]: [translated.message] });
    values[target] = translated.data.content;
    translatedField = target;
  }

  // Save first: whatever comes next, the draft holds what was typed.
  const check = intent === "next";
  const saved = await handleAuthErrors(
    await api.call(exhibitorEndpoints.saveDraft, {
      step,
      ...values,
      ...(check ? { validate: "1", contact1MobileCode: text(formData, "contact1MobileCode"), contact1EmailCode: text(formData, "contact1EmailCode") } : {}),
    }),
    request,
    context,
  );
  if (Object.keys(uploadErrors).length) return fail(uploadErrors);

  if (check) {
    // The browser checked already when it could; the server checks again (and the API once more).
    const local = schema.safeParse(values);
    if (!local.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of local.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
      return fail(errors);
    }
  }
  if (!saved.ok) return failWith(saved);

  const index = PROFILE_STEPS.indexOf(step);
  switch (intent) {
    case "next":
      return redirect(stepUrl(PROFILE_STEPS[Math.min(index + 1, PROFILE_STEPS.length - 1)]!));
    case "previous":
      return redirect(stepUrl(PROFILE_STEPS[Math.max(index - 1, 0)]!, { notice: "saved" }));
    case "sendSms":
    case "sendEmail":
      return sendCode(intent, values, request, context, user, step, fail);
    case "submit":
      return submit(request, context, user, step, schema, values, fail, failWith);
    default:
      return redirect(stepUrl(step, translatedField ? { notice: "translated" } : intent === "save" ? { notice: "saved" } : {}));
  }
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
};

type Fail = (fieldErrors: Record<string, string[]>, formErrors?: string[]) => ReturnType<typeof json>;

async function sendCode(
  intent: "sendSms" | "sendEmail",
  values: Record<string, string | string[]>,
  request: Request,
  context: AppLoadContext,
  user: ShellUser,
  step: ProfileStep,
  fail: Fail,
) {
  const sms = intent === "sendSms";
  const codeField = sms ? "contact1MobileCode" : "contact1EmailCode";
  const result = await handleAuthErrors(
    sms
      ? await user.api.call(exhibitorContactEndpoints.sendSmsCode, {
          mobile: String(values.contact1Mobile ?? ""),
          contactType: String(values.contact1Type ?? ""),
        })
      : await user.api.call(exhibitorContactEndpoints.sendEmailCode, { email: String(values.contact1Email ?? "") }),
    request,
    context,
  );
  if (!result.ok) {
    // The API names the mobile/email field; the message belongs next to the code the user asked for.
    return fail({ [codeField]: apiErrorKeys(result) });
  }
  // Said as it is: sent, or waiting in the job queue (the delivery log's state of the code's message).
  const queued = result.data.delivery?.status === "queued";
  return redirect(stepUrl(step, { notice: sms ? (queued ? "smsQueued" : "smsSent") : queued ? "emailQueued" : "emailSent" }));
}

async function submit(
  request: Request,
  context: AppLoadContext,
  user: ShellUser,
  step: ProfileStep,
  schema: ReturnType<typeof stepSchema>,
  values: Record<string, string | string[]>,
  fail: Fail,
  failWith: (failure: ApiFailure) => ReturnType<typeof json>,
) {
  const local = schema.safeParse(values);
  if (!local.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of local.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
    return fail(errors);
  }
  const result = await handleAuthErrors(await user.api.call(exhibitorEndpoints.submit, { step, ...values }), request, context);
  if (result.ok) return redirect(`${PAGE}?notice=submitted`);
  // Another step is not finished: open it with its errors.
  const failure = (result.data ?? {}) as { step?: string; fields?: Record<string, string[]> };
  if (failure.step && failure.step !== step && PROFILE_STEPS.includes(failure.step as ProfileStep)) {
    // Unverified contact codes are not in the draft: name them so that step can mark them.
    const codes = Object.keys(failure.fields ?? {}).filter((name) => name.endsWith("Code"));
    return redirect(stepUrl(failure.step as ProfileStep, { check: "1", notice: "finishStep", ...(codes.length ? { verify: codes.join(",") } : {}) }));
  }
  return failWith(result);
}
