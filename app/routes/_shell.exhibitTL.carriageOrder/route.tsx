import { TRANSPORT_PAGER_KEYS } from "../_shell.exhibitTL.review/pager-keys";
import { PageHeading } from "~/components/page-heading";
import { HiddenFields } from "~/components/hidden-fields";
import { shellTitle } from "~/lib/page-title";
import { ActionError } from "~/components/form-error";
import { Anchor, Button, Group, Paper, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { ListPager } from "~/components/list-pager";
import type { OrderRow } from "~/contracts/transport/api-types";
import { transportEndpoints } from "~/contracts/transport/endpoints.server";
import { expressEndpoints } from "~/contracts/vehicles/endpoints.server";
import { rawFields } from "~/features/transport/forms.server";
import { OrderSteps } from "~/features/transport/parts";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { ExpressForCarrier } from "./express-for-carrier";
import { LiftingForCarrier } from "./lifting-for-carrier";
import "~/contracts/transport/texts";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/express/texts";
import { ORGANIZER_ROLE_ID } from "~/contracts/permission/roles";
import { formatCny } from "~/contracts/common/format";
import { addressWith, pageFrom, pageValue } from "~/lib/address";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "transport.orders.title" } satisfies PageHandle;

const PATH = "/exhibitTL/carriageOrder";

/** This page's address keeping both lists' pages. */
function pageAddress(page: number, expressPage: number) {
  return addressWith(PATH, { page: pageValue(page), expressPage: pageValue(expressPage) });
}

/** The carrier's orders with their next step, its report, the hoisting lists e-mailed to it and its small-exhibit express bookings. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const page = pageFrom(url.searchParams, "page");
  const expressPage = pageFrom(url.searchParams, "expressPage");
  const [orders, lifting, express] = await Promise.all([
    api.call(transportEndpoints.orderList, { page }).then((r) => requireOk(r, request, context)),
    api.call(transportEndpoints.liftingCarrierList).then((r) => requireOk(r, request, context)),
    api.call(expressEndpoints.carrierList, { page: expressPage }).then((r) => requireOk(r, request, context)),
  ]);
  return json({
    title: translate(language, "transport.orders.title"),
    orders,
    lifting,
    express,
    expressPage,
    canAct: info.infoVO.roleId !== ORGANIZER_ROLE_ID,
  });
}

/** The carrier's buttons, by intent. A function: the endpoints are server code, gone from the browser's copy of this module. */
const actions = () => ({
  step: { endpoint: transportEndpoints.moveOrder, fields: ["id", "version", "step"], done: "transport.orders.stepToast" },
  paid: { endpoint: transportEndpoints.markOrderPaid, fields: ["id", "version"], done: "transport.orders.paidToast" },
  confirmLifting: { endpoint: transportEndpoints.liftingConfirm, fields: ["id"], done: "transport.orders.liftingToast" },
  expressStep: { endpoint: expressEndpoints.step, fields: ["id", "version", "status"], done: "vehicles.express.stepToast" },
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  const table = actions();
  const intent = String(formData.get("intent"));
  if (!Object.hasOwn(table, intent)) throw new Response("Bad request", { status: 400 });
  const chosen = table[intent as keyof typeof table];
  const result = await handleAuthErrors(await api.call(chosen.endpoint, rawFields(formData, chosen.fields)), request, context);
  if (!result.ok) return json({ error: result.message }, { status: result.code === 404 ? 404 : 409, headers: { "Cache-Control": "no-store" } });
  const url = new URL(request.url);
  return redirectWithToast(pageAddress(pageFrom(url.searchParams, "page"), pageFrom(url.searchParams, "expressPage")), context, {
    kind: "success",
    key: chosen.done,
  });
}

function OrderActions({ row, pending }: { row: OrderRow; pending: boolean }) {
  const { t } = useTranslation();
  const { order } = row;
  return (
    <Group gap="xs">
      {order.nextStep ? (
        <Form method="post" preventScrollReset>
          <HiddenFields values={{ intent: "step", id: order.id, version: order.version, step: order.nextStep }} />
          <Button type="submit" size="xs" loading={pending} data-testid={`order-next-${order.id}`}>
            {t("transport.orders.moveTo", { step: t(`transport.steps.${order.nextStep}`) })}
          </Button>
        </Form>
      ) : null}
      {order.paid ? null : (
        <Form method="post" preventScrollReset>
          <HiddenFields values={{ intent: "paid", id: order.id, version: order.version }} />
          <Button type="submit" size="xs" variant="light" loading={pending}>
            {t("transport.orders.markPaid")}
          </Button>
        </Form>
      )}
    </Group>
  );
}

export default function CarrierOrdersPage() {
  const { t } = useTranslation();
  const { orders, lifting, express, expressPage, canAct } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  return (
    <Stack gap="lg" maw={1200}>
      <Panel>
        <Group justify="space-between" wrap="wrap">
          <PageHeading title={t("transport.orders.title")} />
          <Anchor href="/exhibitTL/carriageOrder/report" download data-testid="orders-report">
            {t("transport.orders.report")}
          </Anchor>
        </Group>
        <ActionError message={actionData?.error} />
        {orders.items.length ? (
          <Stack gap="sm" data-testid="order-list">
            {orders.items.map((row) => (
              <Paper key={row.order.id} withBorder p="sm" data-testid={`order-${row.order.orderNo}`}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="wrap">
                    <Anchor component={Link} to={`/exhibitTL/review/${row.declarationId}`} fw={600}>
                      {row.order.orderNo}
                    </Anchor>
                    <Text fw={600}>{formatCny(row.order.amountCents)}</Text>
                  </Group>
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    {row.exhibitorName} · {row.boothNo}
                    {orders.carrier ? "" : ` · ${row.carrierName}`} · {t("transport.page.arrival")} {row.arrivalFrom} – {row.arrivalTo}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.services.map((s) => t(`transport.services.${s}`)).join("、")}
                  </Text>
                  <OrderSteps order={row.order} />
                  {canAct ? <OrderActions row={row} pending={pending} /> : null}
                </Stack>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">{t("transport.orders.empty")}</Text>
        )}
        <ListPager
          page={orders.page}
          pageSize={orders.pageSize}
          total={orders.total}
          link={(page) => pageAddress(page, expressPage)}
          keys={TRANSPORT_PAGER_KEYS}
        />
      </Panel>
      <LiftingForCarrier bookings={lifting.bookings} canAct={canAct} pending={pending} />
      <ExpressForCarrier list={express} canAct={canAct} pending={pending} link={(next) => pageAddress(orders.page, next)} />
    </Stack>
  );
}
