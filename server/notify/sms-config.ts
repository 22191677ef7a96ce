import { z } from "zod";
import { SMS_KINDS, type SmsKind } from "./notifier";

/** Template code (Aliyun "SMS_123…") or id (Tencent "123…") per SMS kind, from SMS_TEMPLATES. */
export type SmsTemplates = Partial<Record<SmsKind, string>>;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * SMS_TEMPLATES: one JSON object, {"passwordResetCode":"SMS_123",…}. One variable rather than one
 * per kind (decision 053): it is checked as a whole, and a misspelt kind is refused instead of ignored.
 */
const smsTemplates = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): SmsTemplates => {
    if (!value) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: "custom", message: 'must be a JSON object such as {"passwordResetCode":"SMS_123456789"}' });
      return z.NEVER;
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      ctx.addIssue({ code: "custom", message: 'must be a JSON object such as {"passwordResetCode":"SMS_123456789"}' });
      return z.NEVER;
    }
    const templates: SmsTemplates = {};
    for (const [kind, code] of Object.entries(parsed)) {
      if (!(SMS_KINDS as readonly string[]).includes(kind)) {
        ctx.addIssue({ code: "custom", message: `has an unknown SMS kind "${kind}" (the kinds are ${SMS_KINDS.join(", ")})` });
      } else if (typeof code !== "string" || !code.trim() || /\s/.test(code.trim())) {
        ctx.addIssue({ code: "custom", message: `needs a template code without spaces for "${kind}"` });
      } else {
        templates[kind as SmsKind] = code.trim();
      }
    }
    return templates;
  });

/** The SMS provider's variables (docs/configuration.md § SMS); checked together by checkSmsProvider. */
export const smsConfigShape = {
  /** Where SMS go: the file outbox (DATA_DIR/outbox/*.sms.json, the default), Aliyun SMS or Tencent Cloud SMS. */
  SMS_PROVIDER: z.enum(["outbox", "aliyun", "tencent"], { message: "must be outbox, aliyun or tencent" }).default("outbox"),
  SMS_TEMPLATES: smsTemplates,
  /** The approved signature when the organizer has set none on the settings page (the setting wins). */
  SMS_SIGN_NAME: optionalText,
  /** The provider's API address (a private endpoint, or a test's fake); unset, the SDK's public one. */
  SMS_ENDPOINT: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.url({ protocol: /^https?$/, message: "must be an http:// or https:// URL" }).optional()),
  /** How long one call to the provider may take (connect and answer), in milliseconds. */
  SMS_TIMEOUT_MS: z.coerce.number({ message: "must be a number of milliseconds" }).int().min(100).max(120_000).default(10_000),
  ALIYUN_ACCESS_KEY_ID: optionalText,
  ALIYUN_ACCESS_KEY_SECRET: optionalText,
  ALIYUN_SMS_REGION: z.string().trim().min(1).default("cn-hangzhou"),
  TENCENT_SECRET_ID: optionalText,
  TENCENT_SECRET_KEY: optionalText,
  TENCENT_SMS_SDK_APP_ID: optionalText.refine((value) => !value || /^\d+$/.test(value), { message: "must be the SMS application's SdkAppId (digits)" }),
  TENCENT_SMS_REGION: z.string().trim().min(1).default("ap-guangzhou"),
};

type SmsEnv = z.output<z.ZodObject<typeof smsConfigShape>>;

const REQUIRED_BY_PROVIDER = {
  aliyun: ["ALIYUN_ACCESS_KEY_ID", "ALIYUN_ACCESS_KEY_SECRET"],
  tencent: ["TENCENT_SECRET_ID", "TENCENT_SECRET_KEY", "TENCENT_SMS_SDK_APP_ID"],
} as const;

/** The boot check: a real provider needs its credentials and a template for every kind, or the server does not start. */
export function checkSmsProvider(env: SmsEnv, ctx: z.RefinementCtx) {
  if (env.SMS_PROVIDER === "outbox") return;
  for (const name of REQUIRED_BY_PROVIDER[env.SMS_PROVIDER]) {
    if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: `is required when SMS_PROVIDER=${env.SMS_PROVIDER}` });
  }
  const missing = SMS_KINDS.filter((kind) => !env.SMS_TEMPLATES[kind]);
  if (missing.length > 0) {
    ctx.addIssue({
      code: "custom",
      path: ["SMS_TEMPLATES"],
      message: `needs a template for every SMS kind when SMS_PROVIDER=${env.SMS_PROVIDER}; missing: ${missing.join(", ")} (docs/operations.md § SMS providers)`,
    });
  }
  if (env.SMS_PROVIDER === "tencent") {
    const notIds = SMS_KINDS.filter((kind) => env.SMS_TEMPLATES[kind] && !/^\d+$/.test(env.SMS_TEMPLATES[kind]!));
    if (notIds.length > 0) {
      ctx.addIssue({ code: "custom", path: ["SMS_TEMPLATES"], message: `needs Tencent Cloud template ids (digits) for: ${notIds.join(", ")}` });
    }
  }
}
