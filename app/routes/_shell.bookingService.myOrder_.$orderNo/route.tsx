import { shellTitle } from "~/lib/page-title";
import type { SubmissionResult } from "@conform-to/react";
import { Alert, Anchor, Button, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { contractFormSchema, contractorFormSchema, voucherFormSchema, type FormReply } from "~/features/orders/forms.server";
import { ContractorForm, ContractUploadForm, VoucherForm } from "~/routes/_shell.bookingService.myOrder_.$orderNo/order-forms";
import { OrderLinesTable, OrderStatusBadge, OrderStepper } from "~/features/orders/order-status";
import { translate } from "~/contracts/i18n/translate.server";
import { useErrorText } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import { handleOrderAction, orderNotice } from "~/features/orders/order-action.server";
import { MY_ORDERS_PAGE, orderPath } from "~/features/orders/paths";
import { loadOrder, orderNoOf } from "~/features/orders/orders.server";
import { heldFormValues } from "~/lib/form-hold.server";
import { formConstraints } from "~/lib/forms.server";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { Toast } from "~/components/toast";
import { loadRecordHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";
import "~/contracts/orders/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = {
  breadcrumb: "orders.list.title",
  title: "orders.detail.title",
  permissionOf: "/bookingService/myOrder",
  pathParams: "public",
} satisfies PageHandle;

/** One of the caller's orders (the API answers 404 for anyone else's). Its permission is My orders' (SUB_PAGES). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const orderNo = orderNoOf(params);
  // The order and its history of changes side by side; the history is null for a member without the service orders area.
  const [order, history] = await Promise.all([loadOrder(api, orderNo, request, context), loadRecordHistory(api, "serviceOrder", orderNo)]);
  const url = new URL(request.url);
  // The contractor details typed before the session ended come back once (form-hold.server.ts).
  const held = await heldFormValues(request, context, formHolderOf(info), ["contractorCompany", "contractorContact", "contractorPhone"], "contractor");
  return json(
    {
      title: translate(language, "orders.detail.title", { orderNo }),
      language,
      order,
      history,
      notice: orderNotice(url.searchParams.get("notice")),
      confirmDelete: url.searchParams.get("confirm") === "delete" && order.allowedActions.includes("delete"),
      heldContractor: held.values as Record<string, string> | null,
      constraints: formConstraints({ contractor: contractorFormSchema, contract: contractFormSchema, voucher: voucherFormSchema }),
    },
    { headers: held.headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireShellUser(request, context);
  return handleOrderAction(request, context, user, orderNoOf(params));
}

export default function OrderPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FormReply | undefined;
  const { order } = data;
  const can = (action: (typeof order.allowedActions)[number]) => order.allowedActions.includes(action);
  const resultFor = (form: string) => (reply?.form === form ? (reply.result as SubmissionResult<string[]>) : undefined);
  // A refusal for a form this status no longer shows (e.g. an edit after the contract upload): said above.
  const shown = { contractor: can("updateContractor"), contract: can("uploadContract"), voucher: can("claimPayment") } as Record<string, boolean>;
  const orphanErrors =
    reply && reply.form !== "order" && !shown[reply.form] ? (reply.errors ?? Object.values(reply.result?.error ?? {}).flatMap((e) => e ?? [])) : [];
  const pageErrors = [...(reply?.form === "order" ? (reply.errors ?? []) : []), ...orphanErrors];
  const contractor = {
    contractorCompany: order.contractorCompany ?? "",
    contractorContact: order.contractorContact ?? "",
    contractorPhone: order.contractorPhone ?? "",
  };
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Anchor component={Link} to={MY_ORDERS_PAGE}>
          {t("orders.detail.back")}
        </Anchor>
        <Group justify="space-between">
          <Title order={1} size="h3">
            {t("orders.detail.title", { orderNo: order.orderNo })}
          </Title>
          <OrderStatusBadge status={order.status} />
        </Group>
        <OrderStepper status={order.status} />
        {data.notice ? (
          <Toast kind="success" testId="notice">
            {t(data.notice)}
          </Toast>
        ) : null}
        {pageErrors.length ? (
          <Toast kind="error" testId="order-error">
            {errorText(pageErrors)}
          </Toast>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label={t("orders.detail.booth")} value={order.boothNo} />
          <Fact label={t("orders.detail.source")} value={t(`orders.sources.${order.source}`)} />
          <Fact label={t("orders.detail.createdAt")} value={exhibitionDateTime(order.createdAt)} />
        </SimpleGrid>
        {order.installationDrawingUrl ? (
          <Anchor href={order.installationDrawingUrl} target="_blank" rel="noreferrer">
            {t("orders.detail.installationDrawing")}
          </Anchor>
        ) : null}
        <OrderLinesTable lines={order.lines} totalCents={order.totalCents} language={data.language} />

        <Divider label={t("orders.detail.contract")} labelPosition="left" />
        <Group>
          <Button component="a" href={`${orderPath(order.orderNo)}/contract`} variant="light" data-testid="download-contract">
            {t("orders.detail.download")}
          </Button>
          {can("regenerateContract") ? (
            <Form method="post">
              <Button type="submit" name="intent" value="regenerate" variant="default">
                {t("orders.detail.regenerate")}
              </Button>
            </Form>
          ) : null}
          <Text size="sm" c="dimmed">
            {t("orders.detail.contractVersion", { version: order.contractVersion })}
          </Text>
        </Group>

        <Title order={2} size="h4">
          {t("orders.detail.contractor")}
        </Title>
        {can("updateContractor") ? (
          <ContractorForm
            defaultValue={{ ...contractor, ...data.heldContractor }}
            constraint={data.constraints.contractor}
            lastResult={resultFor("contractor")}
          />
        ) : (
          <Stack gap={4} data-testid="contractor-readonly">
            <Text size="sm">
              {[order.contractorCompany, order.contractorContact, order.contractorPhone].filter(Boolean).join(" · ") || t("orders.detail.contractorNone")}
            </Text>
            <Text size="sm" c="dimmed">
              {t("orders.detail.contractorLocked")}
            </Text>
          </Stack>
        )}

        {can("uploadContract") ? <ContractUploadForm constraint={data.constraints.contract} lastResult={resultFor("contract")} /> : null}
        <FileLinks title={t("orders.detail.uploadedFiles")} urls={order.contractUrls} testId="contract-files" />
        {can("claimPayment") ? <VoucherForm constraint={data.constraints.voucher} lastResult={resultFor("voucher")} /> : null}
        <FileLinks title={t("orders.detail.voucher")} urls={order.voucherUrl ? [order.voucherUrl] : []} testId="voucher-file" />

        {can("delete") ? <DeleteOrder orderNo={order.orderNo} confirming={data.confirmDelete} /> : null}
        <RecordHistory entries={data.history} order={2} />
      </Stack>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function FileLinks({ title, urls, testId }: { title: string; urls: string[]; testId: string }) {
  const { t } = useTranslation();
  if (!urls.length) return null;
  return (
    <Group gap="sm" data-testid={testId}>
      <Text size="sm" fw={600}>
        {title}:
      </Text>
      {urls.map((url, index) => (
        <Anchor key={url} href={url} target="_blank" rel="noreferrer" size="sm">
          {t("orders.detail.file", { n: index + 1 })}
        </Anchor>
      ))}
    </Group>
  );
}

/** Two steps with or without JavaScript: 'Delete order…' (a link) asks, the red button deletes. */
function DeleteOrder({ orderNo, confirming }: { orderNo: string; confirming: boolean }) {
  const { t } = useTranslation();
  const isPending = useIsPending();
  if (!confirming) {
    return (
      <Group>
        <Button component={Link} to="?confirm=delete" preventScrollReset replace variant="subtle" color="red">
          {t("orders.detail.delete")}
        </Button>
      </Group>
    );
  }
  return (
    <Alert color="red" role="alertdialog" aria-label={t("orders.detail.confirmDelete", { orderNo })} data-testid="confirm-delete">
      <Form method="post">
        <Group gap="sm">
          <Text size="sm">{t("orders.detail.confirmDelete", { orderNo })}</Text>
          <Button type="submit" name="intent" value="delete" color="red" loading={isPending} autoFocus>
            {t("orders.detail.confirmDeleteYes")}
          </Button>
          <Button component={Link} to="?" preventScrollReset replace variant="default">
            {t("orders.booking.cancel")}
          </Button>
        </Group>
      </Form>
    </Alert>
  );
}
