import { shellTitle } from "~/lib/page-title";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { BLUE_CAR_PAGES } from "~/contracts/vehicles/kinds";
import { blueCarEndpoints } from "~/contracts/vehicles/endpoints.server";
import { ContentBody } from "~/features/home/content-body";
import { blueCarSchema, blueCarUpdateSchema } from "~/features/vehicles/blue-cars/schema.server";
import { useTranslation } from "~/i18n/texts";
import { useIsPending } from "~/lib/hooks";
import { CAR_API_FIELDS, CAR_FORM_FIELDS, CAR_UPDATE_API_FIELDS, CAR_UPLOADS, CarForm } from "./car-form";
import { CarRows } from "./car-rows";
import { VehicleRegisterPage } from "~/features/vehicles/register-page";
import { type RegisterReply, vehicleRegisterAction } from "~/features/vehicles/register-action.server";
import { registerPageLoader } from "../_shell.exhibitTL.truckInformationSubmit/register-loader.server";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/blue-cars/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "vehicles.blueCars.title", leavesTheSiteIn: ["en"] } satisfies PageHandle;

/**
 * The blue-plate car guide (spec /HT/blueCarGuide, issue 41): the organizer's guide, then the
 * exhibitor's cars with status, pass or comment; `?edit=` opens the correction of a car not yet
 * approved (its plate read only), `?delete=` asks before deleting. In English the page is the
 * exhibition's English traffic page: the loader redirects there (home when none is set).
 */
export const loader = (args: LoaderFunctionArgs) =>
  registerPageLoader(args, {
    kind: BLUE_CAR_PAGES,
    titleKey: "vehicles.blueCars.title",
    list: (api) => api.call(blueCarEndpoints.list),
    rows: (list) => list.cars,
    formFields: CAR_FORM_FIELDS,
    schemas: { save: blueCarSchema, update: blueCarUpdateSchema },
    check: (list, language) => {
      if (language === "en") throw redirect(list.trafficPageUrlEn ?? "/");
    },
  });

export const action = (args: ActionFunctionArgs) =>
  vehicleRegisterAction(args, {
    kind: BLUE_CAR_PAGES,
    endpoints: blueCarEndpoints,
    schemas: { save: blueCarSchema, update: blueCarUpdateSchema },
    uploads: CAR_UPLOADS,
    apiFields: { save: CAR_API_FIELDS, update: CAR_UPDATE_API_FIELDS },
  });

export default function BlueCarGuidePage() {
  const { t } = useTranslation();
  const { list, constraints, ...state } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as RegisterReply | undefined;
  const pending = useIsPending();
  return (
    <VehicleRegisterPage
      kind={BLUE_CAR_PAGES}
      guide={
        list.guide ? (
          <div data-testid="blue-car-guide">
            <ContentBody body={list.guide} />
          </div>
        ) : null
      }
      rows={list.cars}
      rowsTable={<CarRows cars={list.cars} />}
      state={state}
      deleteQuestion={(car) => t("vehicles.blueCars.deleteQuestion", { plate: car.plate })}
      historyTitle={(car) => car.plate}
      constraints={constraints}
      reply={reply}
      pending={pending}
      form={(props) => <CarForm days={list.days} {...props} />}
    />
  );
}
