import { shellTitle } from "~/lib/page-title";
import { Paper } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { boothConstructionEndpoints } from "~/contracts/booth-construction/endpoints.server";
import { decisionSchema } from "~/features/booth-construction/schema.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { detailSearch, itemOf, listSearch, NO_STORE, PAGE_PATH } from "./filters";
import { listFilters } from "./filters.server";
import { ReviewDetail } from "./review-detail";
import { ReviewList } from "./review-list";
import "~/contracts/booth-construction/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "boothConstruction.review.title" } satisfies PageHandle;

/**
 * The organizer's one review queue (roleId 1; the menu and the API refuse everyone else): fascia
 * boards, insurance policies, safety commitments and drawing versions, with filters; one record
 * (`?item=<subject>-<id>`) with its history and the decision form.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const title = translate(language, "boothConstruction.review.title");
  const filters = listFilters(url.searchParams);
  const back = `${PAGE_PATH}${listSearch(filters, { page: filters.page })}`;
  const item = itemOf(url.searchParams.get("item"));
  if (item) {
    const detail = await requireOk(await api.call(boothConstructionEndpoints.reviewInfo, item), request, context);
    return json(
      { title, view: "detail" as const, detail, list: null, filters, back, constraints: formConstraints({ decision: decisionSchema }) },
      { headers: NO_STORE },
    );
  }
  const list = await requireOk(await api.call(boothConstructionEndpoints.reviewList, filters), request, context);
  return json({ title, view: "list" as const, detail: null, list, filters, back, constraints: null }, { headers: NO_STORE });
}

/** Approve or return one record; refusals come back with the comment as typed. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: decisionSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400, headers: NO_STORE });
  const { subject, id, decision, comment, version } = submission.value;
  const result = await handleAuthErrors(await api.call(boothConstructionEndpoints.decide, { subject, id, decision, comment, version }), request, context);
  if (!result.ok) return json({ result: replyToApiFailure(submission, result, ["decision", "comment"]) }, { status: 400, headers: NO_STORE });
  const key = decision === "approve" ? "boothConstruction.review.decidedApproved" : "boothConstruction.review.decidedReturned";
  const back = `${PAGE_PATH}${detailSearch(listFilters(new URL(request.url).searchParams), { subject, id })}`;
  return redirectWithToast(back, context, { kind: "success", key });
}

export default function ConstructionReviewPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      {data.view === "detail" ? (
        <ReviewDetail item={data.detail!} history={data.detail!.history} back={data.back} reply={{ constraint: data.constraints!.decision, lastResult }} />
      ) : (
        <ReviewList list={data.list!} filters={data.filters} />
      )}
    </Paper>
  );
}
