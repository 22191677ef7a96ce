import { shellTitle } from "~/lib/page-title";
import { ActionError } from "~/components/form-error";
import { Anchor, Badge as Tag, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { ListPager } from "~/components/list-pager";
import { rawFields } from "~/features/transport/forms.server";
import { truckDecisionSchema } from "~/features/vehicles/schema.server";
import { TRUCK_STATUSES } from "~/contracts/vehicles/values";
import type { TruckStatus } from "~/contracts/vehicles/trucks/types";
import { truckEndpoints } from "~/contracts/vehicles/endpoints.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { DECISION_FIELDS, DecisionForms, type DecisionReply } from "./decision-forms";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/trucks/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "vehicles.trucks.review.title" } satisfies PageHandle;

const PATH = "/exhibitTL/truckReview";
const NO_STORE = { "Cache-Control": "no-store" };
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const STATUS_COLORS = { submitted: "blue", approved: "green", returned: "orange" } as const;

/** The page's filters from its address: a status, a day, a page (anything else is dropped). */
function filtersOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const status = TRUCK_STATUSES.find((s) => s === params.get("status")) ?? null;
  const day = DAY.test(params.get("day") ?? "") ? params.get("day")! : null;
  const page = Math.max(1, Math.min(10_000, Number(params.get("page")) || 1));
  return { status, day, page };
}
const addressOf = (filters: { status: TruckStatus | null; day: string | null; page: number }) => {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.day) params.set("day", filters.day);
  if (filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
};

/**
 * The organizer's approval of yellow-plate trucks (issue 18; menu row 79, roleId 1 only): waiting
 * trucks first, a status and a day to narrow, per row approve (with the gate) or return (with a
 * reason), and the day's approved trucks as .xlsx for the traffic police.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const filters = filtersOf(request);
  const query = { status: filters.status ?? undefined, day: filters.day ?? undefined, page: filters.page };
  const list = await requireOk(await api.call(truckEndpoints.reviewList, query), request, context);
  return json({ title: translate(language, "vehicles.trucks.review.title"), list, filters, constraints: formConstraints({ decision: truckDecisionSchema }) });
}

type Reply = { decision?: DecisionReply; error?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  if (formData.get("intent") !== "decide") throw new Response("Bad request", { status: 400 });
  const submission = parseWithZod(formData, { schema: truckDecisionSchema });
  const which = { id: String(formData.get("id") ?? ""), decision: String(formData.get("decision") ?? "") };
  if (submission.status !== "success") return json({ decision: { ...which, result: submission.reply() } } satisfies Reply, { status: 400, headers: NO_STORE });
  const result = await handleAuthErrors(await api.call(truckEndpoints.decide, rawFields(formData, DECISION_FIELDS)), request, context);
  if (!result.ok) return json({ error: result.message } satisfies Reply, { status: result.code === 404 ? 404 : 409, headers: NO_STORE });
  return redirectWithToast(addressOf(filtersOf(request)), context, {
    kind: "success",
    key: submission.value.decision === "approve" ? "vehicles.trucks.review.approved" : "vehicles.trucks.review.returned",
  });
}

export default function TruckReviewPage() {
  const { t } = useTranslation();
  const { list, filters, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  const link = (next: Partial<typeof filters>) => addressOf({ ...filters, page: 1, ...next });
  return (
    <Stack gap="lg" maw={1200}>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t("vehicles.trucks.review.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("vehicles.trucks.review.intro")}
          </Text>
          <ActionError message={actionData?.error} />
          <Group gap="md" data-testid="truck-review-filters">
            <Anchor component={Link} to={link({ status: null })} fw={filters.status ? undefined : 700}>
              {t("vehicles.trucks.review.all")}
            </Anchor>
            {TRUCK_STATUSES.map((s) => (
              <Anchor key={s} component={Link} to={link({ status: s })} fw={filters.status === s ? 700 : undefined} data-testid={`truck-filter-${s}`}>
                {t(`vehicles.truckStatuses.${s}`)} ({list.counts[s] ?? 0})
              </Anchor>
            ))}
          </Group>
          <Form method="get" data-testid="truck-day-filter">
            {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
            <Group gap="xs" align="flex-end">
              <TextInput type="date" name="day" defaultValue={filters.day ?? ""} label={t("vehicles.trucks.review.day")} size="sm" />
              <Button type="submit" variant="light" size="sm">
                {t("vehicles.trucks.review.showDay")}
              </Button>
              {filters.day ? (
                <Anchor component={Link} to={link({ day: null })} size="sm">
                  {t("vehicles.trucks.review.clearDay")}
                </Anchor>
              ) : null}
            </Group>
          </Form>
          {list.items.length ? (
            <Table.ScrollContainer minWidth={1000}>
              <Table striped withTableBorder data-testid="truck-review-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("vehicles.fields.plate")}</Table.Th>
                    <Table.Th>{t("vehicles.trucks.review.exhibitor")}</Table.Th>
                    <Table.Th>{t("vehicles.fields.plannedOn")}</Table.Th>
                    <Table.Th>{t("vehicles.fields.driverName")}</Table.Th>
                    <Table.Th>{t("vehicles.fields.license")}</Table.Th>
                    <Table.Th>{t("vehicles.fields.status")}</Table.Th>
                    <Table.Th>{t("vehicles.trucks.review.decision")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.items.map((truck) => (
                    <Table.Tr key={truck.id} data-testid={`truck-review-${truck.id}`}>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>
                        <Text fw={600}>{truck.plate}</Text>
                        {truck.trailerPlate ? (
                          <Text size="xs" c="dimmed">
                            {truck.trailerPlate}
                          </Text>
                        ) : null}
                        <Text size="xs" c="dimmed">
                          {t(`vehicles.truckKinds.${truck.kind}`)}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>
                        {truck.exhibitorName}
                        <Text size="xs" c="dimmed">
                          {truck.boothNo}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{truck.plannedOn}</Table.Td>
                      <Table.Td>
                        {truck.driverName}
                        <Text size="xs" c="dimmed">
                          {truck.driverPhone}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {truck.license ? (
                          <Anchor href={truck.license.url} target="_blank" rel="noopener" size="sm">
                            {truck.license.name}
                          </Anchor>
                        ) : (
                          "—"
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Tag color={STATUS_COLORS[truck.status]} variant="light" data-testid="truck-status">
                          {t(`vehicles.truckStatuses.${truck.status}`)}
                        </Tag>
                        {truck.gate ? (
                          <Text size="xs" c="dimmed">
                            {t("vehicles.trucks.gateLine", { gate: truck.gate })}
                          </Text>
                        ) : null}
                        {truck.status === "returned" && truck.returnReason ? (
                          <Text size="xs" c="orange.9" style={{ overflowWrap: "anywhere" }}>
                            {t("vehicles.trucks.returnedBecause", { reason: truck.returnReason })}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        {truck.status === "submitted" ? (
                          <DecisionForms truck={truck} constraint={constraints.decision} reply={actionData?.decision ?? null} pending={pending} />
                        ) : truck.status === "approved" ? (
                          <Anchor href={`/exhibitTL/truckInformationSubmit/pass?id=${truck.id}`} size="sm" data-testid={`truck-pass-${truck.id}`}>
                            {t("vehicles.trucks.downloadPass")}
                          </Anchor>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text c="dimmed">{t("vehicles.trucks.review.empty")}</Text>
          )}
          <ListPager
            page={list.page}
            pageSize={list.pageSize}
            total={list.total}
            link={(page) => link({ page })}
            keys={{ previous: "vehicles.trucks.review.previous", next: "vehicles.trucks.review.next", pageOf: "vehicles.trucks.review.pageOf" }}
          />
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("vehicles.trucks.review.exportTitle")}
          </Title>
          {/* A plain GET to the download route: the browser saves the file, with or without JavaScript. */}
          <form method="get" action="/exhibitTL/truckReview/export" data-testid="truck-export-form">
            <Group gap="xs" align="flex-end">
              <TextInput
                type="date"
                name="day"
                required
                defaultValue={filters.day ?? list.days.buildUpFrom}
                label={t("vehicles.trucks.review.day")}
                size="sm"
              />
              <Button type="submit" size="sm" data-testid="truck-export">
                {t("vehicles.trucks.review.export")}
              </Button>
            </Group>
          </form>
        </Stack>
      </Paper>
    </Stack>
  );
}
