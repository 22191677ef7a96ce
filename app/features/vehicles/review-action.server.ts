import type { AppLoadContext } from "@remix-run/node";
import { json } from "@remix-run/node";
import type * as z from "zod";
import type { AnyEndpoint } from "~/contracts/api/endpoint";
import type { VehiclePageKind } from "~/contracts/vehicles/kinds";
import { rawFields } from "~/features/transport/forms.server";
import { type ApiClient, handleAuthErrors } from "~/lib/api.server";
import { parseWithZod } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { DecisionReply } from "./row-decision-forms";

const NO_STORE = { "Cache-Control": "no-store" };
const MAX_PAGE = 10_000;

/** A review list's filters from its address: a status, a page, and a day for a kind narrowed by days (anything else is dropped). */
export function reviewFilters(request: Request, kind: VehiclePageKind) {
  const params = new URL(request.url).searchParams;
  const status = kind.statuses.find((s) => s === params.get("status")) ?? null;
  const day = kind.dayFilter && /^\d{4}-\d{2}-\d{2}$/.test(params.get("day") ?? "") ? params.get("day")! : null;
  const page = Math.max(1, Math.min(MAX_PAGE, Number(params.get("page")) || 1));
  return { status, day, page };
}
export type ReviewFilters = ReturnType<typeof reviewFilters>;

/** The review list's address with these filters (the first page and no filter leave the address bare). */
export function reviewAddress(kind: VehiclePageKind, filters: ReviewFilters) {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.day) params.set("day", filters.day);
  if (filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `${kind.reviewPath}?${query}` : kind.reviewPath;
}

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
