import { shellTitle } from "~/lib/page-title";
import { Anchor, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { InvoiceApplication } from "~/contracts/invoices/api-types";
import { invoiceEndpoints } from "~/contracts/invoices/endpoints.server";
import { amountColumn, InvoiceTable } from "~/features/invoices/invoice-table";
import { StatusTag } from "~/features/invoices/parts";
import { applicationSchema, applicationUpdateSchema, urgentSchema } from "~/features/invoices/schema.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk, type ApiResult } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { ApplicationDetail } from "./application-detail";
import { ApplicationForm, PATH } from "./application-form";
import { qrImageOf } from "./qr.server";
import { qrLinkAction } from "./qr-link.server";
import { QR_REVOKE_QUESTION } from "./qr-link-panel";
import "~/contracts/invoices/texts";
import { Panel } from "~/components/panel";
import { PageHeading } from "~/components/page-heading";
import { loadRecordHistory } from "~/features/team/record-history.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "invoices.application.title" } satisfies PageHandle;

const FIELDS = ["invoiceType", "title", "taxpayerId", "addressPhone", "bankAccount", "receivingEmail", "itemKeys", "urgent", "urgentReason", "id"] as const;
const NO_STORE = { "Cache-Control": "no-store" };
const idOf = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/**
 * The exhibitor's invoices: what is paid and open, the application form (`?edit=` to change one,
 * `?from=` to start from earlier details) and the applications; `?id=` one application with its QR page
 * (`&qrRevoke=1` asks before revoking its link).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const title = translate(language, "invoices.application.title");
  const ok = <T,>(result: Promise<ApiResult<T>>) => result.then((r) => requireOk(r, request, context));
  const viewId = idOf(url.searchParams.get("id"));
  const constraints = formConstraints({ create: applicationSchema, update: applicationUpdateSchema });
  if (viewId) {
    // The application and its history of changes side by side; the history is null for a member without the invoices area.
    const [application, history] = await Promise.all([ok(api.call(invoiceEndpoints.detail, { id: viewId })), loadRecordHistory(api, "invoice", viewId)]);
    const qrLink = application.qr ? new URL(application.qr.url, url.origin).toString() : null;
    return json(
      {
        title,
        view: "detail" as const,
        application,
        history,
        qrLink,
        qrImage: qrLink ? await qrImageOf(qrLink) : null,
        confirmRevoke: Boolean(qrLink) && url.searchParams.get(QR_REVOKE_QUESTION) === "1",
        open: null,
        list: null,
        editing: null,
        earlier: [],
        prefill: null,
        held: null,
        defaultTitle: "",
        constraints,
      },
      { headers: NO_STORE },
    );
  }
  const editId = idOf(url.searchParams.get("edit"));
  const fromId = idOf(url.searchParams.get("from"));
  const [open, list, editing, prefill] = await Promise.all([
    ok(api.call(invoiceEndpoints.openList)),
    ok(api.call(invoiceEndpoints.list)),
    editId ? ok(api.call(invoiceEndpoints.detail, { id: editId })) : null,
    fromId ? ok(api.call(invoiceEndpoints.baseInfoByLogId, { id: fromId })) : null,
  ]);
  // Earlier billing details to start from without JavaScript: one per title and taxpayer ID.
  const seen = new Set<string>();
  const earlier = list.filter((a) => !seen.has(`${a.title}|${a.taxpayerId}`) && seen.add(`${a.title}|${a.taxpayerId}`)).slice(0, 10);
  const held = await heldFormValues(request, context, formHolderOf(info), FIELDS);
  const heldHere = held.values && String(held.values.id ?? "") === String(editing?.id ?? "") ? held.values : null;
  return json(
    {
      title,
      view: "list" as const,
      application: null,
      history: null,
      qrLink: null,
      qrImage: null,
      confirmRevoke: false,
      open,
      list,
      editing: editing?.status === "issued" ? null : editing,
      earlier,
      prefill,
      held: heldHere,
      // The invoice title starts as the company's name (spec: prefilled from the profile).
      defaultTitle: info.infoVO.businessName || info.infoVO.businessNameEn || "",
      constraints,
    },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const intent = formData.get("intent");
  const qrLinkChange = await qrLinkAction(intent, formData, { api, language, request, context });
  if (qrLinkChange) return qrLinkChange;
  if (intent === "urgent") {
    const parsed = urgentSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    await requireOk(await api.call(invoiceEndpoints.urgent, { id: parsed.data.id, urgentReason: parsed.data.urgentReason }), request, context);
    return redirectWithToast(`${PATH}?id=${parsed.data.id}`, context, { kind: "success", key: "invoices.application.urgentSaved" });
  }
  const updating = intent === "update";
  const submission = parseWithZod(formData, { schema: updating ? applicationUpdateSchema : applicationSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400, headers: NO_STORE });
  const v = submission.value as typeof submission.value & { id?: number; version?: number };
  const form = {
    id: v.id === undefined ? undefined : String(v.id),
    version: v.version === undefined ? undefined : String(v.version),
    invoiceType: v.invoiceType,
    title: v.title,
    taxpayerId: v.taxpayerId,
    addressPhone: v.addressPhone,
    bankAccount: v.bankAccount,
    receivingEmail: v.receivingEmail,
    itemKeys: v.itemKeys,
    urgent: v.urgent ? "on" : undefined,
    urgentReason: v.urgentReason,
  };
  const result = await handleAuthErrors(await api.call(updating ? invoiceEndpoints.update : invoiceEndpoints.save, form), request, context);
  if (!result.ok) return json({ result: replyToApiFailure(submission, result, [...FIELDS]) }, { status: 400, headers: NO_STORE });
  return redirectWithToast(`${PATH}?id=${result.data.id}`, context, {
    kind: "success",
    key: updating ? "invoices.application.updated" : "invoices.application.saved",
  });
}

function ApplicationList({ list }: { list: InvoiceApplication[] }) {
  const { t } = useTranslation();
  if (!list.length) return <Text c="dimmed">{t("invoices.application.empty")}</Text>;
  return (
    <InvoiceTable
      rows={list}
      minWidth={560}
      testId="application-list"
      rowTestId={(a) => `application-${a.id}`}
      columns={[
        { label: "invoices.fields.title", wrap: true, cell: (a) => a.title },
        { label: "invoices.fields.invoiceType", cell: (a) => t(`invoices.invoiceTypes.${a.invoiceType}`) },
        amountColumn(),
        { label: "invoices.fields.status", cell: (a) => <StatusTag group="invoiceStatuses" status={a.status} /> },
      ]}
      last={(a) => (
        <Anchor component={Link} to={`${PATH}?id=${a.id}`} size="sm">
          {t("invoices.application.detail")}
        </Anchor>
      )}
    />
  );
}

export default function BillingApplicationPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  return (
    <Stack gap="lg" maw={1000}>
      <Panel>
        <PageHeading title={t("invoices.application.title")} intro={t("invoices.application.intro")} />
        {data.view === "detail" && data.application ? (
          <ApplicationDetail
            application={data.application}
            history={data.history}
            qrImage={data.qrImage}
            qrLink={data.qrLink}
            confirmRevoke={data.confirmRevoke}
            qrError={actionData && "qrError" in actionData ? actionData.qrError : null}
            pending={pending}
          />
        ) : (
          <ApplicationForm
            key={data.editing ? `edit-${data.editing.id}-${data.editing.version}` : `new-${data.prefill?.id ?? ""}`}
            open={data.open?.items ?? []}
            editing={data.editing}
            earlier={data.earlier}
            prefill={data.prefill}
            defaultTitle={data.defaultTitle}
            held={data.held}
            constraint={data.editing ? data.constraints.update : data.constraints.create}
            lastResult={actionData && "result" in actionData ? actionData.result : undefined}
            pending={pending}
          />
        )}
      </Panel>
      {data.view === "list" ? (
        <Panel title={t("invoices.application.listTitle")} gap="sm">
          <ApplicationList list={data.list ?? []} />
        </Panel>
      ) : null}
    </Stack>
  );
}
