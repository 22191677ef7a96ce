import { shellTitle } from "~/lib/page-title";
import { Table, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { truckSchema, truckUpdateSchema } from "~/features/vehicles/schema.server";
import type { TruckView } from "~/contracts/vehicles/trucks/types";
import { TRUCK_PAGES } from "~/contracts/vehicles/kinds";
import { RowActions, StatusTag } from "~/features/vehicles/row-parts";
import { VehicleRegisterPage } from "~/features/vehicles/register-page";
import { truckEndpoints } from "~/contracts/vehicles/endpoints.server";
import { translate } from "~/contracts/i18n/translate.server";
import { requireOk } from "~/lib/api.server";
import { formConstraints } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";
import { LICENSE_UPLOAD, TRUCK_API_FIELDS, TRUCK_FORM_FIELDS, TRUCK_UPDATE_API_FIELDS, TruckForm } from "./truck-form";
import { type RegisterReply, registerPageState, vehicleRegisterAction } from "~/features/vehicles/register-action.server";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/trucks/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "vehicles.trucks.title" } satisfies PageHandle;

/**
 * The exhibitor's yellow-plate trucks (spec /exhibitTL truckInformationSubmit, issue 18): the list
 * with each truck's status and, once approved, its vehicle pass; `?edit=` opens a change of a truck
 * not yet approved (its plate read only: a wrong plate means delete and register again), `?delete=`
 * asks before deleting. The server enforces all of it (plate lock, statuses, ownership).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const list = await requireOk(await api.call(truckEndpoints.list), request, context);
  const { headers, ...state } = await registerPageState({ request, context, info }, list.trucks, TRUCK_FORM_FIELDS);
  return json(
    {
      title: translate(language, "vehicles.trucks.title"),
      list,
      ...state,
      constraints: formConstraints({ save: truckSchema, update: truckUpdateSchema }),
    },
    { headers },
  );
}

export const action = (args: ActionFunctionArgs) =>
  vehicleRegisterAction(args, {
    kind: TRUCK_PAGES,
    endpoints: truckEndpoints,
    schemas: { save: truckSchema, update: truckUpdateSchema },
    uploads: { licenseUrl: LICENSE_UPLOAD },
    apiFields: { save: TRUCK_API_FIELDS, update: TRUCK_UPDATE_API_FIELDS },
  });

function TruckRows({ trucks }: { trucks: TruckView[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped withTableBorder data-testid="truck-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("vehicles.fields.plate")}</Table.Th>
            <Table.Th>{t("vehicles.fields.truckKind")}</Table.Th>
            <Table.Th>{t("vehicles.fields.plannedOn")}</Table.Th>
            <Table.Th>{t("vehicles.fields.booth")}</Table.Th>
            <Table.Th>{t("vehicles.fields.driverName")}</Table.Th>
            <Table.Th>{t("vehicles.fields.status")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trucks.map((truck) => (
            <Table.Tr key={truck.id} data-testid={`truck-${truck.id}`}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                <Text fw={600} data-testid="truck-plate">
                  {truck.plate}
                </Text>
                {truck.trailerPlate ? (
                  <Text size="xs" c="dimmed">
                    {truck.trailerPlate}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{t(`vehicles.truckKinds.${truck.kind}`)}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{truck.plannedOn}</Table.Td>
              <Table.Td>{truck.boothNo}</Table.Td>
              <Table.Td>
                {truck.driverName}
                <Text size="xs" c="dimmed">
                  {truck.driverPhone}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusTag kind={TRUCK_PAGES} status={truck.status} />
                {truck.status === "returned" && truck.returnReason ? (
                  <Text size="xs" c="orange.9" data-testid="truck-return-reason" style={{ overflowWrap: "anywhere" }}>
                    {t("vehicles.trucks.returnedBecause", { reason: truck.returnReason })}
                  </Text>
                ) : null}
                {truck.gate ? (
                  <Text size="xs" c="dimmed">
                    {t("vehicles.trucks.gateLine", { gate: truck.gate })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <RowActions kind={TRUCK_PAGES} row={truck} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export default function TruckInformationPage() {
  const { t } = useTranslation();
  const { list, constraints, ...state } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as RegisterReply | undefined;
  const pending = useIsPending();
  return (
    <VehicleRegisterPage
      kind={TRUCK_PAGES}
      rows={list.trucks}
      rowsTable={<TruckRows trucks={list.trucks} />}
      state={state}
      deleteQuestion={(truck) => t("vehicles.trucks.deleteQuestion", { plate: truck.plate, day: truck.plannedOn })}
      constraints={constraints}
      reply={reply}
      pending={pending}
      form={(props) => <TruckForm list={list} {...props} />}
      noRegisterText={list.booths.length ? undefined : t("vehicles.trucks.noBooth")}
    />
  );
}
