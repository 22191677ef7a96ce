import { DriverCell, GateLine, ReturnedNote } from "./truck-cells";
import { ListTable } from "~/components/list-table";
import { shellTitle } from "~/lib/page-title";
import { Table, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { truckSchema, truckUpdateSchema } from "~/features/vehicles/schema.server";
import type { TruckView } from "~/contracts/vehicles/trucks/types";
import { TRUCK_PAGES } from "~/contracts/vehicles/kinds";
import { RowActions, StatusTag } from "~/features/vehicles/row-parts";
import { VehicleRegisterPage } from "~/features/vehicles/register-page";
import { truckEndpoints } from "~/contracts/vehicles/endpoints.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { LICENSE_UPLOAD, TRUCK_API_FIELDS, TRUCK_FORM_FIELDS, TRUCK_UPDATE_API_FIELDS, TruckForm } from "./truck-form";
import { type RegisterReply, vehicleRegisterAction } from "~/features/vehicles/register-action.server";
import { registerPageLoader } from "./register-loader.server";
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
export const loader = (args: LoaderFunctionArgs) =>
  registerPageLoader(args, {
    kind: TRUCK_PAGES,
    titleKey: "vehicles.trucks.title",
    list: (api) => api.call(truckEndpoints.list),
    rows: (list) => list.trucks,
    formFields: TRUCK_FORM_FIELDS,
    schemas: { save: truckSchema, update: truckUpdateSchema },
  });

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
    <ListTable
      minWidth={880}
      testId="truck-list"
      heads={[
        "vehicles.fields.plate",
        "vehicles.fields.truckKind",
        "vehicles.fields.plannedOn",
        "vehicles.fields.booth",
        "vehicles.fields.driverName",
        "vehicles.fields.status",
        <Table.Th key="act" />,
      ]}
    >
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
          <DriverCell truck={truck} />
          <Table.Td>
            <StatusTag kind={TRUCK_PAGES} status={truck.status} />
            <ReturnedNote
              status={truck.status}
              reason={truck.returnReason && t("vehicles.trucks.returnedBecause", { reason: truck.returnReason })}
              testId="truck-return-reason"
            />
            <GateLine gate={truck.gate} />
          </Table.Td>
          <Table.Td>
            <RowActions kind={TRUCK_PAGES} row={truck} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
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
      historyTitle={(truck) => truck.plate}
      constraints={constraints}
      reply={reply}
      pending={pending}
      form={(props) => <TruckForm list={list} {...props} />}
      noRegisterText={list.booths.length ? undefined : t("vehicles.trucks.noBooth")}
    />
  );
}
