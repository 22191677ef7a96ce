import * as z from "zod";
import "../common/zod-messages";
import { blank, COMPANY_PHONE, idValue, optionalText, requiredText, STORED_FILE_URL, withProp } from "../common/validation";
import { label, MAX_CONTRACT_FILES, MAX_QUANTITY, ORDER_NO, ORDER_PAGE_SIZE, ORDER_STATUSES } from "./values";

/**
 * On-site service ordering (docs/product.md § Areas / Service orders / Money and prices): the cart, the order and its contract.
 * Money is integer cents (CNY) in the database and the API; pages show it with formatCny.
 * The same schemas run in the pages' actions and in the API; messages are i18n keys.
 */

/** The lists and limits, zod-free for the browser (values.ts); the server's code imports them from here too. */
export * from "./values";

const quantity = (min: number) =>
  z.coerce
    .number({ message: withProp("validation.correct", label("quantity")) })
    .int(withProp("validation.correct", label("quantity")))
    .min(min, withProp("validation.correct", label("quantity")))
    .max(MAX_QUANTITY, withProp("validation.correct", label("quantity")));
/** Ids are 32-bit serials; a larger number is refused here rather than by the database. */
const MAX_ID = 2_147_483_647;
const id = (prop: string) => idValue(label(prop)).max(MAX_ID, withProp("validation.correct", label(prop)));
const optionalId = (prop: string) => z.preprocess(blank, id(prop).optional());
const fileUrl = (prop: string) =>
  z
    .string()
    .trim()
    .regex(STORED_FILE_URL, withProp("validation.correct", label(prop)));
const optionalPhone = z.preprocess(
  (v) => blank(typeof v === "string" ? v.trim() : v),
  z
    .string()
    .regex(COMPANY_PHONE, withProp("validation.correct", label("contractorPhone")))
    .optional(),
);

export const cartAddSchema = z.object({ serviceId: id("service"), quantity: quantity(1), boothId: optionalId("booth") });
/** Quantity 0 deletes the line. */
export const cartUpdateSchema = z.object({ itemId: id("item"), quantity: quantity(0) });
export const cartDeleteSchema = z.object({ itemId: id("item") });
export const cartListQuery = z.object({ boothId: optionalId("booth") });

/** The entrusted contractor's details; all optional when ordering, company and contact when editing them. */
const contractorFields = {
  contractorCompany: optionalText(label("contractorCompany"), 100),
  contractorContact: optionalText(label("contractorContact"), 50),
  contractorPhone: optionalPhone,
};
export const contractorSchema = z.object({
  contractorCompany: requiredText(label("contractorCompany"), 100),
  contractorContact: requiredText(label("contractorContact"), 50),
  contractorPhone: optionalPhone,
});
export type ContractorInput = { contractorCompany?: string; contractorContact?: string; contractorPhone?: string };

/**
 * A commit names an idempotency key made by the page when the form is shown (or by the client per
 * attempt), so a double click, a resubmitted form or a retried request gives one order.
 */
export const commitSchema = z.object({
  idempotencyKey: z
    .string({ message: "errors.badRequest" })
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{8,100}$/, "errors.badRequest"),
  boothId: optionalId("booth"),
  ...contractorFields,
  installationDrawingUrl: z.preprocess(blank, fileUrl("installationDrawing").optional()),
});
export type CommitInput = z.output<typeof commitSchema>;

export const orderNoSchema = z.object({ orderNo: z.string({ message: "errors.badRequest" }).trim().regex(ORDER_NO, "errors.badRequest") });

/** docs/product.md § Service orders: 'please tick that you have read the rules' (a checkbox sends "on"). */
const ticked = z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1", z.literal(true, { message: "validation.tickRules" }));

export const uploadContractSchema = orderNoSchema.extend({
  rulesAccepted: ticked,
  contractUrls: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v.filter((x) => x !== "") : [v]),
    z
      .array(fileUrl("contract"), { message: withProp("validation.required", label("contract")) })
      .min(1, withProp("validation.required", label("contract")))
      .max(MAX_CONTRACT_FILES, withProp("validation.tooMany", label("contract"))),
  ),
});

export const claimPaymentSchema = orderNoSchema.extend({
  voucherUrl: z.preprocess(blank, z.string({ message: withProp("validation.required", label("voucher")) }).pipe(fileUrl("voucher"))),
});

export const updateContractorSchema = orderNoSchema.extend(contractorSchema.shape);

const pageNumber = (max: number, fallback: number) =>
  z.preprocess(
    (v) => v || undefined,
    z.coerce.number({ message: "errors.badRequest" }).int("errors.badRequest").min(1, "errors.badRequest").max(max, "errors.badRequest").default(fallback),
  );
export const orderListQuery = z.object({
  status: z.preprocess((v) => v || undefined, z.enum(ORDER_STATUSES, { message: "errors.badRequest" }).optional()),
  page: pageNumber(100_000, 1),
  pageSize: pageNumber(100, ORDER_PAGE_SIZE),
});

/** My orders' download: the current contract, or the generated or stamped one by name. */
export const downloadContractQuery = orderNoSchema.extend({
  which: z.preprocess((v) => v || undefined, z.enum(["generated", "stamped"], { message: "errors.badRequest" }).optional()),
});
