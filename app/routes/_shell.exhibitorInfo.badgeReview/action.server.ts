import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { badgeDecisionSchema } from "~/contracts/badges/review-schema";
import { badgeEndpoints } from "~/contracts/badges/endpoints.server";
import { handleAuthErrors } from "~/lib/api.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms.server";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { detailSearch, NO_STORE, PAGE_PATH } from "./filters";
import { listFilters } from "./filters.server";

/**
 * Approve or return one badge. Refusals come back with what was typed (the comment) and the
 * API's message at the comment or over the form; a decision made goes back to the badge, the
 * list's filters kept, with a toast.
 */
export async function decideAction({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: badgeDecisionSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400, headers: NO_STORE });
  const { id, decision, comment, version } = submission.value;
  const result = await handleAuthErrors(await api.call(badgeEndpoints.decide, { id, decision, comment, version }), request, context);
  if (!result.ok) return json({ result: replyToApiFailure(submission, result, ["decision", "comment"]) }, { status: 400, headers: NO_STORE });
  const key = decision === "approve" ? "badges.review.decidedApproved" : "badges.review.decidedReturned";
  const back = `${PAGE_PATH}${detailSearch(listFilters(new URL(request.url).searchParams), id)}`;
  return redirectWithToast(back, context, { kind: "success", key, values: { name: result.data.holderName } });
}
