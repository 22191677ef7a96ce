import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { contractFormSchema, contractorFormSchema, voucherFormSchema, type FormReply } from "~/features/orders/forms";
import { MAX_CONTRACT_FILES } from "~/contracts/orders/schema";
import { ordersEndpoints } from "~/contracts/orders/endpoints.server";
import { handleAuthErrors } from "../../lib/api.server";
import { rememberForm } from "../../lib/form-hold.server";
import { replyToApiFailure } from "../../lib/form-reply.server";
import { MY_ORDERS_PAGE, ORDER_REVIEW_PAGE, noStore, orderPath } from "./orders.server";
import type { ShellUser } from "../../lib/permissions.server";
import { parseFormWithUploads } from "../uploads/uploads.server";

const ORDER_UPLOADS = {
  contractUrls: { folder: "certificate-composite" as const, maxCount: MAX_CONTRACT_FILES },
  voucherUrl: { folder: "payment-voucher" as const },
};

export const ORDER_NOTICES = {
  committed: "orders.notices.committed",
  contractorSaved: "orders.notices.contractorSaved",
  regenerated: "orders.notices.regenerated",
  contractUploaded: "orders.notices.contractUploaded",
  paymentClaimed: "orders.notices.paymentClaimed",
  deleted: "orders.notices.deleted",
  completed: "orders.notices.completed",
} as const;

export function orderNotice(value: string | null) {
  return value && value in ORDER_NOTICES ? ORDER_NOTICES[value as keyof typeof ORDER_NOTICES] : null;
}

const reply = (body: FormReply) => json(body, { status: 400, headers: noStore });

/**
 * The forms of one order's page, by `intent`. The order number is the URL's, never the form's;
 * the API checks it is the caller's and that the order's status allows the step (a refusal says
 * why, e.g. 'the contract has been uploaded'). Uploads arrive as URLs (JS) or files (no JS).
 */
export async function handleOrderAction(request: Request, context: AppLoadContext, user: ShellUser, orderNo: string) {
  const { api, language } = user;
  const multipart = /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");
  const { formData, uploadErrors } = multipart
    ? await parseFormWithUploads(request, context, api, language, ORDER_UPLOADS)
    : { formData: await request.formData(), uploadErrors: {} as Record<string, string[]> };
  rememberForm(request, formData);
  const intent = String(formData.get("intent") ?? "");
  type Step = (typeof ordersEndpoints)["remove" | "regenerateContract" | "updateContractor" | "uploadContract" | "claimPayment"];
  const post = async (endpoint: Step, form: Record<string, string | readonly string[] | undefined>) =>
    handleAuthErrors(await api.call(endpoint, { orderNo, ...form }), request, context);
  const here = (notice: keyof typeof ORDER_NOTICES) => redirect(`${orderPath(orderNo)}?notice=${notice}`);

  if (intent === "regenerate" || intent === "delete") {
    const result = await post(intent === "delete" ? ordersEndpoints.remove : ordersEndpoints.regenerateContract, {});
    if (!result.ok) return reply({ form: "order", errors: [result.message] });
    return intent === "delete" ? redirect(`${MY_ORDERS_PAGE}?notice=deleted`) : here("regenerated");
  }

  const forms = {
    contractor: { schema: contractorFormSchema, endpoint: ordersEndpoints.updateContractor, notice: "contractorSaved" },
    contract: { schema: contractFormSchema, endpoint: ordersEndpoints.uploadContract, notice: "contractUploaded" },
    voucher: { schema: voucherFormSchema, endpoint: ordersEndpoints.claimPayment, notice: "paymentClaimed" },
  } as const;
  const spec = forms[intent as keyof typeof forms];
  if (!spec) return reply({ form: "order", errors: ["errors.badRequest"] });
  const submission = parseWithZod(formData, { schema: spec.schema });
  // Files stored on the way are kept in the reply even when another field is refused.
  const ownUploadErrors = Object.fromEntries(Object.entries(uploadErrors).filter(([name]) => name in spec.schema.shape));
  if (submission.status !== "success" || Object.keys(ownUploadErrors).length) {
    const fieldErrors = { ...(submission.status === "success" ? {} : submission.error), ...ownUploadErrors } as Record<string, string[]>;
    return reply({ form: intent, result: submission.reply({ fieldErrors }) });
  }
  const value = submission.value as Record<string, unknown>;
  const form: Record<string, string | readonly string[] | undefined> = {};
  for (const [name, v] of Object.entries(value)) form[name] = Array.isArray(v) ? v.map(String) : v === undefined ? undefined : String(v);
  const result = await post(spec.endpoint, form);
  if (!result.ok) return reply({ form: intent, result: replyToApiFailure(submission, result, Object.keys(spec.schema.shape)) });
  return here(spec.notice);
}

/** The organizer's 'mark complete' (order/complete; roleId 1 only, the API checks). */
export async function handleCompleteAction(request: Request, context: AppLoadContext, user: ShellUser) {
  const formData = await request.formData();
  rememberForm(request, formData);
  const orderNo = String(formData.get("orderNo") ?? "");
  const back = new URLSearchParams();
  for (const name of ["status", "page"]) {
    const value = String(formData.get(name) ?? "");
    if (value) back.set(name, value);
  }
  const result = await handleAuthErrors(await user.api.call(ordersEndpoints.complete, { orderNo }), request, context);
  if (!result.ok) return reply({ form: `complete-${orderNo}`, errors: [result.message] });
  back.set("notice", "completed");
  return redirect(`${ORDER_REVIEW_PAGE}?${back}`);
}
