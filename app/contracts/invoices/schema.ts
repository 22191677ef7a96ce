import * as z from "zod";
import "../common/zod-messages";
import { yuanAmount } from "../common/money";
import {
  blank,
  idValue,
  listPaging,
  MAX_ID,
  optionalText,
  optionalVersion,
  requiredChoice,
  requiredDate,
  requiredEmail,
  requiredList,
  requiredText,
  withProp,
} from "../common/validation";
import { isValidCreditCode, normalizeCreditCode } from "./credit-code";
import {
  AMOUNT_MAX_CENTS,
  BILL_KINDS,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  ITEM_KEY,
  ITEMS_MAX,
  PRODUCT_TYPES,
  VOUCHER_FILES_MAX,
  VOUCHER_STATUSES,
} from "./values";
import "./texts";

/**
 * Payment vouchers and invoice applications (spec /invoiceArea; API /smeb/paymentVoucher/*,
 * /smeb/invoice/*, the public /invoice/qr*): one schema per form, for the pages' actions and the API
 * alike. What needs the database (what is open, who owns what) is the server's.
 * Messages are i18n keys.
 */
const F = (name: string) => `invoices.fields.${name}`;

/** The lists and limits, zod-free for the browser (values.ts); the server's code imports them from here too. */
export * from "./values";

const itemKeys = requiredList(F("items"), z.string().regex(ITEM_KEY, withProp("validation.correct", F("items"))), 1, ITEMS_MAX);
const fileUrl = z.string().regex(/^\/files\/[A-Za-z0-9_-]{1,64}$/, withProp("validation.correct", F("documents")));
const version = optionalVersion(F("record"));
const optionalChoice = <const T extends readonly [string, ...string[]]>(prop: string, values: T) =>
  z.preprocess(blank, z.enum(values, { message: withProp("validation.correct", prop) }).optional());
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

/** A proof of a bank transfer for one or more bills (paymentVoucher). */
export const voucherSchema = z.object({
  name: requiredText(F("name"), 100),
  productType: requiredChoice(F("productType"), PRODUCT_TYPES),
  amount: yuanAmount(F("amount"), AMOUNT_MAX_CENTS),
  paidOn: requiredDate(F("paidOn")),
  payerAccountName: requiredText(F("payerAccountName"), 100),
  itemKeys,
  documentUrls: requiredList(F("documents"), fileUrl, 1, VOUCHER_FILES_MAX),
});
export type VoucherInput = z.output<typeof voucherSchema>;

export const recordIdSchema = z.object({ id: idValue(F("record")), version });

/** The organizer confirms the money arrived, or returns the voucher with a reason. */
export const voucherDecisionSchema = z
  .object({
    id: idValue(F("record")),
    decision: requiredChoice(F("decision"), ["confirm", "return"] as const),
    reason: optionalText(F("reason"), 300),
    version,
  })
  .superRefine((value, ctx) => {
    if (value.decision === "return" && !value.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: withProp("validation.required", F("reason")) });
  });

/** The billing details an invoice is made out with (the exhibitor's form and the QR page share them). */
const billingFields = {
  invoiceType: requiredChoice(F("invoiceType"), INVOICE_TYPES),
  title: requiredText(F("title"), 100),
  taxpayerId: z.preprocess(
    (v) => (typeof v === "string" ? normalizeCreditCode(v) : v),
    z
      .string({ message: withProp("validation.required", F("taxpayerId")) })
      .min(1, withProp("validation.required", F("taxpayerId")))
      .max(18, withProp("validation.correct", F("taxpayerId")))
      .refine(isValidCreditCode, "invoices.errors.taxpayerId"),
  ),
  addressPhone: optionalText(F("addressPhone"), 200),
  bankAccount: optionalText(F("bankAccount"), 200),
  receivingEmail: requiredEmail(F("receivingEmail")),
};

/** A VAT special invoice needs the company's address and phone, bank and account. */
function specialNeedsBank(value: { invoiceType: string; addressPhone?: string; bankAccount?: string }, ctx: z.RefinementCtx) {
  if (value.invoiceType !== "vatSpecial") return;
  for (const field of ["addressPhone", "bankAccount"] as const) {
    if (!value[field]) ctx.addIssue({ code: "custom", path: [field], message: withProp("validation.required", F(field)) });
  }
}

/** @public tests/support/schemas.ts finds every exported schema of the contracts. */
export const billingDetailsSchema = z.object(billingFields).superRefine(specialNeedsBank);

/** An invoice application (billingApplication): the picked items and the billing details. */
export const applicationSchema = z
  .object({
    ...billingFields,
    itemKeys,
    urgent: checkbox,
    urgentReason: optionalText(F("urgentReason"), 200),
  })
  .superRefine((value, ctx) => {
    specialNeedsBank(value, ctx);
    if (value.urgent && !value.urgentReason)
      ctx.addIssue({ code: "custom", path: ["urgentReason"], message: withProp("validation.required", F("urgentReason")) });
  });
export type ApplicationInput = z.output<typeof applicationSchema>;

/** A change until issued, at the version read. */
export const applicationUpdateSchema = applicationSchema.and(
  z.object({
    id: idValue(F("record")),
    version: z.coerce
      .number({ message: withProp("validation.correct", F("record")) })
      .int()
      .min(0)
      .max(MAX_ID, withProp("validation.correct", F("record"))),
  }),
);

export const urgentSchema = z.object({ id: idValue(F("record")), urgentReason: requiredText(F("urgentReason"), 200) });
export const baseInfoByNameSchema = z.object({ title: requiredText(F("title"), 100) });
export const baseInfoByLogIdSchema = z.object({ id: idValue(F("record")) });

/** The organizer issues (number, date, the e-invoice PDF) or returns with a reason. */
export const issueSchema = z
  .object({
    id: idValue(F("record")),
    decision: requiredChoice(F("decision"), ["issue", "return"] as const),
    invoiceNo: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z-]{8,30}$/, withProp("validation.correct", F("invoiceNo")))
        .optional(),
    ),
    invoiceDate: z.preprocess(blank, requiredDate(F("invoiceDate")).optional()),
    pdfUrl: z.preprocess((v) => (Array.isArray(v) ? v[0] : blank(v)), fileUrl.optional()),
    reason: optionalText(F("reason"), 300),
    version,
  })
  .superRefine((value, ctx) => {
    const required = value.decision === "issue" ? (["invoiceNo", "invoiceDate", "pdfUrl"] as const) : (["reason"] as const);
    for (const field of required) {
      if (!value[field])
        ctx.addIssue({ code: "custom", path: [field], message: withProp("validation.required", F(field === "pdfUrl" ? "invoicePdf" : field)) });
    }
  });

/** The public QR page: the token and the billing details of that one application, at the version read. */
const token = z
  .string({ message: withProp("validation.required", F("token")) })
  .min(1, withProp("validation.required", F("token")))
  .max(80, withProp("validation.tooLong", F("token"), 80));

export const qrSaveSchema = z
  .object({
    token,
    version: z.coerce
      .number({ message: withProp("validation.correct", F("record")) })
      .int()
      .min(0)
      .max(MAX_ID, withProp("validation.correct", F("record"))),
    ...billingFields,
  })
  .superRefine(specialNeedsBank);
export const qrTokenSchema = z.object({ token });

/** The exhibitor (or the organizer) revokes an application's QR link: every link handed out so far stops working. */
export const qrLinkRevokeSchema = z.object({ id: idValue(F("record")) });
/** A new QR link in place of the old one, at the link version read: the same form posted again does not replace the new link. */
const linkVersion = z.preprocess(
  blank,
  z.coerce
    .number({ message: withProp("validation.correct", F("qrLink")) })
    .int(withProp("validation.correct", F("qrLink")))
    .min(0, withProp("validation.correct", F("qrLink")))
    .max(999_999_999, withProp("validation.correct", F("qrLink"))),
);
export const qrLinkRenewSchema = z.object({ id: idValue(F("record")), linkVersion });

/** The organizer's queues: filters and paging. */
export const financeQuerySchema = z.object({
  status: optionalChoice(F("status"), [...INVOICE_STATUSES, ...VOUCHER_STATUSES] as unknown as readonly [string, ...string[]]),
  keyword: optionalText(F("keyword"), 50),
  ...listPaging,
});

/** The organizer's bills: a keyword only. */
export const billQuerySchema = z.object({ keyword: financeQuerySchema.shape.keyword });

/** A bill the organizer enters for an exhibitor (booth fee, other). */
export const billSchema = z.object({
  boothNo: requiredText(F("boothNo"), 20),
  kind: requiredChoice(F("billKind"), BILL_KINDS),
  titleZh: requiredText(F("billTitleZh"), 100),
  titleEn: requiredText(F("billTitleEn"), 100),
  amount: yuanAmount(F("amount"), AMOUNT_MAX_CENTS),
});
