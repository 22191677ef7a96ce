import { DriverCell, GateLine, ReturnedNote } from "../_shell.exhibitTL.truckInformationSubmit/truck-cells";
import { ListTable } from "~/components/list-table";
import { shellTitle } from "~/lib/page-title";
import { Anchor, Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { truckDecisionSchema } from "~/features/vehicles/schema.server";
import { TRUCK_PAGES } from "~/contracts/vehicles/kinds";
import { truckEndpoints } from "~/contracts/vehicles/endpoints.server";
import { translate } from "~/contracts/i18n/translate.server";
import { requireOk } from "~/lib/api.server";
import { formConstraints } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";
import { type DecideReply, decideAction } from "~/features/vehicles/review-action.server";
import { reviewAddress, reviewFilters } from "~/features/vehicles/review-address";
import { StatusTag } from "~/features/vehicles/row-parts";
import { DecisionCell, VehicleReviewPanel } from "~/features/vehicles/review-panel";
import { loadRecordHistory } from "~/features/team/record-history.server";
import { DECISION_FIELDS, DecisionForms } from "./decision-forms";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/trucks/texts";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "vehicles.trucks.review.title" } satisfies PageHandle;

const KIND = TRUCK_PAGES;

/**
 * The organizer's approval of yellow-plate trucks (issue 18; menu row 79, roleId 1 only): waiting
 * trucks first, a status and a day to narrow, per row approve (with the gate) or return (with a
 * reason), and the day's approved trucks as .xlsx for the traffic police.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const filters = reviewFilters(request, KIND);
  const query = { status: filters.status ?? undefined, day: filters.day ?? undefined, page: filters.page };
  const [list, history] = await Promise.all([
    api.call(truckEndpoints.reviewList, query).then((r) => requireOk(r, request, context)),
    filters.history ? loadRecordHistory(api, KIND.historyType, filters.history) : null,
  ]);
  return json({
    title: translate(language, "vehicles.trucks.review.title"),
    list,
    filters,
    history,
    constraints: formConstraints({ decision: truckDecisionSchema }),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  if (formData.get("intent") !== "decide") throw new Response("Bad request", { status: 400 });
  return decideAction(
    { request, context, api, formData },
    { kind: KIND, schema: truckDecisionSchema, endpoint: truckEndpoints.decide, fields: DECISION_FIELDS, passThrough: [404] },
  );
}

export default function TruckReviewPage() {
  const { t } = useTranslation();
  const { list, filters, history, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as DecideReply | undefined;
  const pending = useIsPending();
  const link = (next: Partial<typeof filters>) => reviewAddress(KIND, { ...filters, page: 1, ...next });
  return (
    <Stack gap="lg" maw={1200}>
      <VehicleReviewPanel
        kind={KIND}
        history={history}
        list={list}
        filters={filters}
        error={actionData?.error}
        filter={
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
        }
        rows={
          <ListTable
            minWidth={1000}
            testId="truck-review-list"
            heads={[
              "vehicles.fields.plate",
              "vehicles.trucks.review.exhibitor",
              "vehicles.fields.plannedOn",
              "vehicles.fields.driverName",
              "vehicles.fields.license",
              "vehicles.fields.status",
              "vehicles.trucks.review.decision",
            ]}
          >
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
                <DriverCell truck={truck} />
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
                  <StatusTag kind={KIND} status={truck.status} />
                  <GateLine gate={truck.gate} />
                  <ReturnedNote status={truck.status} reason={truck.returnReason && t("vehicles.trucks.returnedBecause", { reason: truck.returnReason })} />
                </Table.Td>
                <Table.Td>
                  <DecisionCell
                    kind={KIND}
                    filters={filters}
                    row={truck}
                    forms={<DecisionForms truck={truck} constraint={constraints.decision} reply={actionData?.decision ?? null} pending={pending} />}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        }
      />
      <Panel title={t("vehicles.trucks.review.exportTitle")} gap="sm">
        {/* A plain GET to the download route: the browser saves the file, with or without JavaScript. */}
        <form method="get" action="/exhibitTL/truckReview/export" data-testid="truck-export-form">
          <Group gap="xs" align="flex-end">
            <TextInput type="date" name="day" required defaultValue={filters.day ?? list.days.buildUpFrom} label={t("vehicles.trucks.review.day")} size="sm" />
            <Button type="submit" size="sm" data-testid="truck-export">
              {t("vehicles.trucks.review.export")}
            </Button>
          </Group>
        </form>
      </Panel>
    </Stack>
  );
}
