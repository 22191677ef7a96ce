import { shellTitle } from "~/lib/page-title";
import { loadRecordHistory } from "~/features/team/record-history.server";
import { RowHistoryPanel } from "~/features/team/record-history";
import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { ConfirmDelete } from "~/features/booking-forms/parts";
import type { PaymentVoucher } from "~/contracts/invoices/api-types";
import { paymentVoucherEndpoints } from "~/contracts/invoices/endpoints.server";
import { amountColumn, InvoiceTable } from "~/features/invoices/invoice-table";
import { BillTable, BillTotals, StatusTag } from "~/features/invoices/parts";
import { recordIdSchema, voucherSchema } from "~/features/invoices/schema.server";
import { exhibitionDate } from "~/contracts/common/exhibition-time";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { VOUCHER_UPLOAD, VoucherForm } from "./voucher-form";
import "~/contracts/invoices/texts";
import { Panel } from "~/components/panel";
import { PageHeading } from "~/components/page-heading";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "invoices.voucher.title" } satisfies PageHandle;

const PATH = "/invoiceArea/paymentVoucher";
const FIELDS = ["name", "productType", "amount", "paidOn", "payerAccountName", "itemKeys", "documentUrls", uploadFieldNames("documentUrls").name] as const;
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The exhibitor's bills, the voucher form, and the vouchers so far (`?delete=` asks before deleting
 * one, `?history=` shows one's History).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const [bills, list] = await Promise.all([
    api.call(paymentVoucherEndpoints.bills).then((r) => requireOk(r, request, context)),
    api.call(paymentVoucherEndpoints.list).then((r) => requireOk(r, request, context)),
  ]);
  const params = new URL(request.url).searchParams;
  const deleting = list.vouchers.find((v) => String(v.id) === params.get("delete") && v.deletable) ?? null;
  const historyOf = list.vouchers.find((v) => String(v.id) === params.get("history")) ?? null;
  const history = historyOf ? { name: historyOf.name, entries: await loadRecordHistory(api, "paymentVoucher", historyOf.id) } : null;
  const held = await heldFormValues(request, context, formHolderOf(info), FIELDS, "save");
  return json(
    {
      title: translate(language, "invoices.voucher.title"),
      bills,
      vouchers: list.vouchers,
      deleting,
      history,
      held: held.values,
      constraints: formConstraints({ voucher: voucherSchema }),
    },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { documentUrls: VOUCHER_UPLOAD });
  rememberForm(request, formData);
  if (formData.get("intent") === "delete") {
    const parsed = recordIdSchema.safeParse({ id: formData.get("id"), version: formData.get("version") });
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    await requireOk(await api.call(paymentVoucherEndpoints.remove, { id: parsed.data.id, version: parsed.data.version }), request, context);
    return redirectWithToast(PATH, context, { kind: "success", key: "invoices.voucher.deleted" });
  }
  const submission = parseWithZod(formData, { schema: voucherSchema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return json({ result: replyWithUploadErrors(submission, uploadErrors) }, { status: 400, headers: NO_STORE });
  }
  const v = submission.value;
  const form = {
    name: v.name,
    productType: v.productType,
    amount: String(formData.get("amount") ?? ""),
    paidOn: v.paidOn,
    payerAccountName: v.payerAccountName,
    itemKeys: v.itemKeys,
    documentUrls: v.documentUrls,
  };
  const result = await handleAuthErrors(await api.call(paymentVoucherEndpoints.save, form), request, context);
  if (!result.ok)
    return json(
      { result: replyToApiFailure(submission, result, ["name", "productType", "amount", "paidOn", "payerAccountName", "itemKeys", "documentUrls"]) },
      { status: 400, headers: NO_STORE },
    );
  return redirectWithToast(PATH, context, { kind: "success", key: "invoices.voucher.saved" });
}

function VoucherList({ vouchers }: { vouchers: PaymentVoucher[] }) {
  const { t } = useTranslation();
  if (!vouchers.length) return <Text c="dimmed">{t("invoices.voucher.empty")}</Text>;
  return (
    <InvoiceTable
      rows={vouchers}
      minWidth={640}
      testId="voucher-list"
      rowTestId={(v) => `voucher-${v.id}`}
      columns={[
        {
          label: "invoices.fields.name",
          wrap: true,
          cell: (v) => (
            <>
              {v.name}
              {v.documents.map((d) => (
                <Anchor key={d.url} href={d.url} target="_blank" rel="noopener" size="xs" display="block">
                  {d.name}
                </Anchor>
              ))}
            </>
          ),
        },
        { label: "invoices.fields.items", wrap: true, cell: (v) => v.items.map((i) => i.title).join("、") },
        amountColumn(),
        { label: "invoices.fields.paidOn", cell: (v) => v.paidOn },
        {
          label: "invoices.fields.status",
          cell: (v) => (
            <>
              <StatusTag group="voucherStatuses" status={v.status} />
              {v.returnReason && v.status === "returned" ? (
                <Text size="sm" c="orange.9" data-testid="voucher-return-reason">
                  {v.returnReason}
                </Text>
              ) : null}
              {v.decidedAt ? (
                <Text size="xs" c="dimmed">
                  {exhibitionDate(v.decidedAt)}
                </Text>
              ) : null}
            </>
          ),
        },
      ]}
      last={(v) => (
        <>
          {v.deletable ? (
            <Anchor component={Link} to={`${PATH}?delete=${v.id}`} c="red.9" size="sm" display="block">
              {t("invoices.voucher.delete")}
            </Anchor>
          ) : null}
          <Anchor component={Link} to={`${PATH}?history=${v.id}`} size="sm" preventScrollReset display="block" data-testid={`voucher-history-${v.id}`}>
            {t("team.history.section")}
          </Anchor>
        </>
      )}
    />
  );
}

export default function PaymentVoucherPage() {
  const { t } = useTranslation();
  const { bills, vouchers, deleting, history, held, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  return (
    <Stack gap="lg" maw={1000}>
      <Panel>
        <PageHeading title={t("invoices.voucher.title")} intro={t("invoices.voucher.intro")} />
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t("invoices.bills.title")}
          </Title>
          <BillTotals totals={bills.totals} />
        </Group>
        <BillTable items={bills.items} />
      </Panel>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        {deleting ? (
          <ConfirmDelete
            question={t("invoices.voucher.deleteQuestion", { name: deleting.name })}
            fields={{ id: String(deleting.id), version: String(deleting.version) }}
            cancelTo={PATH}
            pending={pending}
          />
        ) : (
          <VoucherForm bills={bills} held={held} constraint={constraints.voucher} lastResult={actionData?.result} pending={pending} />
        )}
      </Paper>
      <Panel title={t("invoices.voucher.listTitle")} gap="sm">
        <VoucherList vouchers={vouchers} />
      </Panel>
      {history ? <RowHistoryPanel entries={history.entries} heading={history.name} closeTo={PATH} testId="voucher-history" /> : null}
    </Stack>
  );
}
