import { shellTitle } from "~/lib/page-title";
import { Anchor, Group, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { billEndpoints, invoiceEndpoints, paymentVoucherEndpoints } from "~/contracts/invoices/endpoints.server";
import { billSchema, issueSchema, voucherDecisionSchema } from "~/features/invoices/schema.server";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { BillDesk } from "./bill-list";
import { deskSearch, EXPORT_PATH, NO_STORE, type DeskQuery } from "./desk-filters";
import { deskQuery } from "./desk-query.server";
import { DeskFilters, DeskTabs } from "./desk-parts";
import { INVOICE_PDF_UPLOAD, InvoiceDecision, InvoiceQueue } from "./invoice-queue";
import { VoucherDecision, VoucherQueue } from "./voucher-queue";
import "~/contracts/invoices/texts";
import { Panel } from "~/components/panel";
import { loadRecordHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "invoices.finance.title" } satisfies PageHandle;

/**
 * The organizer's finance desk (roleId 1; the menu and the API refuse everyone else): invoice
 * applications to issue (urgent first), payment vouchers to confirm, bills to enter. `?tab=` picks
 * the queue, `?id=` one record with its decision form.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const query = deskQuery(new URL(request.url).searchParams);
  const title = translate(language, "invoices.finance.title");
  const filters = { status: query.status, keyword: query.keyword, page: query.id ? 1 : query.page, pageSize: query.id ? 50 : query.pageSize };
  const constraints = formConstraints({ bill: billSchema, voucherDecision: voucherDecisionSchema, issue: issueSchema });
  if (query.tab === "bills")
    return json(
      {
        title,
        query,
        constraints,
        invoices: null,
        history: null,
        vouchers: null,
        bills: await requireOk(await api.call(billEndpoints.list, { keyword: query.keyword }), request, context),
      },
      { headers: NO_STORE },
    );
  if (query.tab === "vouchers") {
    // `?id=`: the voucher under review with its history, as for an application below.
    const [vouchers, history] = await Promise.all([
      api.call(paymentVoucherEndpoints.reviewList, filters).then((result) => requireOk(result, request, context)),
      query.id ? loadRecordHistory(api, "paymentVoucher", query.id) : null,
    ]);
    return json(
      { title, query, constraints, invoices: null, history: vouchers.rows.some((row) => row.id === query.id) ? history : null, vouchers, bills: null },
      { headers: NO_STORE },
    );
  }
  // `?id=`: the application under review and its history of changes, side by side with the queue it is read from; the
  // history is null for a staff role without the invoices area, and is dropped when the queue no longer holds the row.
  const [invoices, history] = await Promise.all([
    api.call(invoiceEndpoints.reviewList, filters).then((result) => requireOk(result, request, context)),
    query.id ? loadRecordHistory(api, "invoice", query.id) : null,
  ]);
  return json(
    {
      title,
      query,
      constraints,
      invoices,
      history: invoices.rows.some((row) => row.id === query.id) ? history : null,
      vouchers: null,
      bills: null,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const query = deskQuery(new URL(request.url).searchParams);
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { pdfUrl: INVOICE_PDF_UPLOAD });
  const deskAction = formData.get("deskAction");
  const refused = (result: unknown) => json({ result: result as ReturnType<typeof replyWithUploadErrors> }, { status: 400, headers: NO_STORE });

  if (deskAction === "deleteBill") {
    await requireOk(await api.call(billEndpoints.remove, { id: String(formData.get("id") ?? "") }), request, context);
    return redirectWithToast(deskSearch(query), context, { kind: "success", key: "invoices.finance.billDeleted" });
  }
  if (deskAction === "bill") {
    const submission = parseWithZod(formData, { schema: billSchema });
    if (submission.status !== "success") return refused(submission.reply());
    const v = submission.value;
    const result = await handleAuthErrors(
      await api.call(billEndpoints.save, {
        boothNo: v.boothNo,
        kind: v.kind,
        titleZh: v.titleZh,
        titleEn: v.titleEn,
        amount: String(formData.get("amount") ?? ""),
      }),
      request,
      context,
    );
    if (!result.ok) return refused(replyToApiFailure(submission, result, ["boothNo", "kind", "titleZh", "titleEn", "amount"]));
    return redirectWithToast(deskSearch(query), context, { kind: "success", key: "invoices.finance.billSaved" });
  }
  if (deskAction === "voucher") {
    const submission = parseWithZod(formData, { schema: voucherDecisionSchema });
    if (submission.status !== "success") return refused(submission.reply());
    const { id, decision, reason, version } = submission.value;
    const result = await handleAuthErrors(await api.call(paymentVoucherEndpoints.decide, { id, decision, reason, version }), request, context);
    if (!result.ok) return refused(replyToApiFailure(submission, result, ["decision", "reason"]));
    return redirectWithToast(deskSearch(query, { page: query.page, id }), context, {
      kind: "success",
      key: decision === "confirm" ? "invoices.finance.confirmed" : "invoices.finance.returned",
    });
  }
  const submission = parseWithZod(formData, { schema: issueSchema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) return refused(replyWithUploadErrors(submission, uploadErrors));
  const { id, decision, invoiceNo, invoiceDate, pdfUrl, reason, version } = submission.value;
  const result = await handleAuthErrors(
    await api.call(invoiceEndpoints.decide, { id, decision, invoiceNo, invoiceDate, pdfUrl, reason, version }),
    request,
    context,
  );
  if (!result.ok) return refused(replyToApiFailure(submission, result, ["decision", "invoiceNo", "invoiceDate", "pdfUrl", "reason"]));
  return redirectWithToast(deskSearch(query, { page: query.page, id }), context, {
    kind: "success",
    key: decision === "issue" ? "invoices.finance.issued" : "invoices.finance.returned",
  });
}

function Queue({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const query = data.query as DeskQuery;
  const lastResult = useActionData<typeof action>()?.result;
  if (data.bills) return <BillDesk bills={data.bills} reply={{ constraint: data.constraints.bill, lastResult }} />;
  if (data.vouchers) {
    const row = query.id ? data.vouchers.rows.find((r) => r.id === query.id) : null;
    return row ? (
      <>
        <VoucherDecision row={row} query={query} reply={{ constraint: data.constraints.voucherDecision, lastResult }} />
        <RecordHistory entries={data.history} />
      </>
    ) : (
      <VoucherQueue page={data.vouchers} query={query} />
    );
  }
  const page = data.invoices!;
  const row = query.id ? page.rows.find((r) => r.id === query.id) : null;
  return row ? (
    <>
      <InvoiceDecision row={row} query={query} reply={{ constraint: data.constraints.issue, lastResult }} />
      <RecordHistory entries={data.history} />
    </>
  ) : (
    <InvoiceQueue page={page} query={query} />
  );
}

export default function FinanceDeskPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <Panel>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h3">
          {t("invoices.finance.title")}
        </Title>
        {data.query.tab === "invoices" ? (
          <Anchor href={EXPORT_PATH} data-testid="finance-export">
            {t("invoices.finance.export")}
          </Anchor>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t("invoices.finance.intro")}
      </Text>
      <DeskTabs query={data.query} />
      {data.query.id ? null : <DeskFilters query={data.query} />}
      <Queue data={data} />
    </Panel>
  );
}
