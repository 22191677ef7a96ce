import * as z from "zod";
import "../common/zod-messages";
import { blank, optionalText, requiredText, STORED_FILE_URL, withProp } from "../common/validation";
import { EXHIBITION_NAME_MAX, SETTING_TEXT_MAX, SETTING_TIP_MAX, SETTING_URL_MAX, SMS_SIGN_MAX } from "./values";
import "./texts";

/** The organizer's general settings (issue 52, /index/settings). */
export * from "./values";

const label = (field: string) => `exhibitionSettings.fields.${field}`;

/** An optional web address: http(s) only, whole (a scheme and a host), at most SETTING_URL_MAX characters. */
function optionalUrl(field: string) {
  return z.preprocess(
    (v) => blank(typeof v === "string" ? v.trim() : v),
    z
      .string()
      .max(SETTING_URL_MAX, withProp("validation.tooLong", label(field), SETTING_URL_MAX))
      .refine(isWebAddress, withProp("exhibitionSettings.errors.url", label(field)))
      .optional(),
  );
}

function isWebAddress(value: string) {
  if (!/^https?:\/\/[^\s"<>]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && (url.hostname.includes(".") || url.hostname === "localhost");
  } catch {
    return false;
  }
}

/** A text a person reads: no line breaks (every one of these is a single line). */
function optionalLine(field: string, max: number) {
  return optionalText(label(field), max).refine((v) => v === undefined || !/[\r\n]/.test(v), withProp("validation.correct", label(field)));
}

export const exhibitionSettingsSchema = z
  .object({
    nameZh: requiredText(label("nameZh"), EXHIBITION_NAME_MAX),
    nameEn: requiredText(label("nameEn"), EXHIBITION_NAME_MAX),
    publicUrl: optionalUrl("publicUrl"),
    filingNumber: optionalLine("filingNumber", SETTING_TEXT_MAX),
    userGuideUrl: optionalUrl("userGuideUrl"),
    contactWayUrl: optionalUrl("contactWayUrl"),
    contactQrUrl: z.preprocess(
      (v) => (Array.isArray(v) ? v[0] : blank(v)),
      z
        .string()
        .regex(STORED_FILE_URL, withProp("validation.correct", label("contactQrUrl")))
        .optional(),
    ),
    contactTip1Zh: optionalLine("contactTip1Zh", SETTING_TIP_MAX),
    contactTip1En: optionalLine("contactTip1En", SETTING_TIP_MAX),
    contactTip2Zh: optionalLine("contactTip2Zh", SETTING_TIP_MAX),
    contactTip2En: optionalLine("contactTip2En", SETTING_TIP_MAX),
    drawingSiteUrl: optionalUrl("drawingSiteUrl"),
    exhibitorServiceEmail: z.preprocess(
      (v) => blank(typeof v === "string" ? v.trim() : v),
      z
        .string()
        .max(120, withProp("validation.tooLong", label("exhibitorServiceEmail"), 120))
        .pipe(z.email("exhibitionSettings.errors.email"))
        .optional(),
    ),
    mailSenderName: optionalLine("mailSenderName", SETTING_TEXT_MAX),
    smsSignName: optionalLine("smsSignName", SMS_SIGN_MAX).refine(
      (v) => v === undefined || !/[【】[\]]/.test(v),
      withProp("exhibitionSettings.errors.smsSignBrackets", label("smsSignName")),
    ),
  })
  .superRefine((value, ctx) => {
    // One contact code: a link drawn as a QR code, or a picture of one, never both.
    if (value.contactWayUrl && value.contactQrUrl) {
      ctx.addIssue({ code: "custom", path: ["contactWayUrl"], message: "exhibitionSettings.errors.contactBoth" });
    }
  });

export type ExhibitionSettingsInput = z.infer<typeof exhibitionSettingsSchema>;
