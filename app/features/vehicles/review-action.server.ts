import type { AppLoadContext } from "@remix-run/node";
import { json } from "@remix-run/node";
import type * as z from "zod";
import type { AnyEndpoint } from "~/contracts/api/endpoint";
import type { VehiclePageKind } from "~/contracts/vehicles/kinds";
import { rawFields } from "~/features/transport/forms.server";
import { type ApiClient, handleAuthErrors } from "~/lib/api.server";
import { parseWithZod } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { reviewAddress, reviewFilters } from "./review-address";
import type { DecisionReply } from "./row-decision-forms";

const NO_STORE = { "Cache-Control": "no-store" };

export type DecideReply = { decision?: DecisionReply; error?: string };

/**
 * The review's "decide" intent: the row's form checked, sent as typed, and back to the list as it
 * was with a toast. A refused form comes back to the form it was posted from; a refusal of the API
 * (decided meanwhile, gone) above the list, with the status the kind answers (`passThrough`: the
 * codes kept as they are, any other a 409).
 */
export async function decideAction(
  { request, context, api, formData }: { request: Request; context: AppLoadContext; api: ApiClient; formData: FormData },
  decision: {
    kind: VehiclePageKind;
    schema: z.ZodType<{ decision: "approve" | "return" }>;
    endpoint: AnyEndpoint;
    fields: readonly string[];
    passThrough: number[];
  },
) {
  const submission = parseWithZod(formData, { schema: decision.schema });
  const which = { id: String(formData.get("id") ?? ""), decision: String(formData.get("decision") ?? "") };
  if (submission.status !== "success")
    return json({ decision: { ...which, result: submission.reply() } } satisfies DecideReply, { status: 400, headers: NO_STORE });
  const result = await handleAuthErrors(await api.call(decision.endpoint, rawFields(formData, decision.fields)), request, context);
  if (!result.ok)
    return json({ error: result.message } satisfies DecideReply, { status: decision.passThrough.includes(result.code) ? result.code : 409, headers: NO_STORE });
  const review = `vehicles.${decision.kind.texts}.review`;
  return redirectWithToast(reviewAddress(decision.kind, reviewFilters(request, decision.kind)), context, {
    kind: "success",
    key: submission.value.decision === "approve" ? `${review}.approved` : `${review}.returned`,
  });
}
