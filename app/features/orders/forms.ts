import { cartAddSchema, cartUpdateSchema, claimPaymentSchema, commitSchema, contractorSchema, uploadContractSchema } from "~/contracts/orders/schema";

/**
 * The order pages' forms: the API's own schemas (app/contracts/orders/schema.ts) less what the page knows
 * itself (the order number comes from the URL, the booth from the session). The loaders send their
 * native constraints to the page (~/lib/forms.server.ts) and the actions check with them.
 */
export const addFormSchema = cartAddSchema.pick({ serviceId: true, quantity: true });
export const updateFormSchema = cartUpdateSchema;
export const commitFormSchema = commitSchema.omit({ boothId: true });
export const contractorFormSchema = contractorSchema;
export const contractFormSchema = uploadContractSchema.omit({ orderNo: true });
export const voucherFormSchema = claimPaymentSchema.omit({ orderNo: true });

/** Which of a page's forms an action reply belongs to (several forms share one action). */
export type FormReply = { form: string; result?: import("@conform-to/react").SubmissionResult<string[]>; errors?: string[]; values?: Record<string, string> };
