import { shellTitle } from "~/lib/page-title";
import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-action";
import { ActionError } from "~/components/form-error";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { translate } from "~/contracts/i18n/translate.server";
import { BLUE_CAR_PAGES } from "~/contracts/vehicles/kinds";
import { blueCarEndpoints } from "~/contracts/vehicles/endpoints.server";
import { ContentBody } from "~/features/home/content-body";
import { blueCarSchema, blueCarUpdateSchema } from "~/features/vehicles/blue-cars/schema.server";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { formConstraints } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { requireShellUser } from "~/lib/permissions.server";
import { CAR_API_FIELDS, CAR_FORM_FIELDS, CAR_UPDATE_API_FIELDS, CAR_UPLOADS, CarForm } from "./car-form";
import { CarRows } from "./car-rows";
import { heldFormFor } from "~/features/vehicles/register-form";
import { type RegisterReply, registerPageState, vehicleRegisterAction } from "~/features/vehicles/register-action.server";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/blue-cars/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "vehicles.blueCars.title", leavesTheSiteIn: ["en"] } satisfies PageHandle;

const PATH = BLUE_CAR_PAGES.pagePath;

/**
 * The blue-plate car guide (spec /HT/blueCarGuide, issue 41): the organizer's guide, then the
 * exhibitor's cars with status, pass or comment; `?edit=` opens the correction of a car not yet
 * approved (its plate read only), `?delete=` asks before deleting. In English the page is the
 * exhibition's English traffic page: the loader redirects there (home when none is set).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const list = await requireOk(await api.call(blueCarEndpoints.list), request, context);
  if (language === "en") throw redirect(list.trafficPageUrlEn ?? "/");
  const { headers, ...state } = await registerPageState({ request, context, info }, list.cars, CAR_FORM_FIELDS);
  return json(
    {
      title: translate(language, "vehicles.blueCars.title"),
      list,
      ...state,
      constraints: formConstraints({ save: blueCarSchema, update: blueCarUpdateSchema }),
    },
    { headers },
  );
}

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
  const { list, editing, deleting, held, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as RegisterReply | undefined;
  const pending = useIsPending();
  const heldFor = (intent: "save" | "update") => heldFormFor(held, intent, editing);
  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t("vehicles.blueCars.title")}
          </Title>
          {list.guide ? (
            <div data-testid="blue-car-guide">
              <ContentBody body={list.guide} />
            </div>
          ) : null}
          <Text size="sm" c="dimmed">
            {t("vehicles.blueCars.intro")}
          </Text>
          <ActionError message={actionData?.error} />
          {deleting ? (
            <ConfirmAction
              question={t("vehicles.blueCars.deleteQuestion", { plate: deleting.plate })}
              intent="delete"
              fields={{ id: String(deleting.id), version: String(deleting.version) }}
              confirmLabel={t("vehicles.blueCars.delete")}
              cancelTo={PATH}
              pending={pending}
            />
          ) : null}
          <Title order={2} size="h4">
            {t("vehicles.blueCars.listTitle")}
          </Title>
          {list.cars.length ? <CarRows cars={list.cars} /> : <Text c="dimmed">{t("vehicles.blueCars.empty")}</Text>}
        </Stack>
      </Paper>
      {editing ? (
        <Paper withBorder p={{ base: "sm", sm: "lg" }}>
          <CarForm
            key={`edit-${editing.id}-${editing.version}`}
            days={list.days}
            editing={editing}
            held={heldFor("update")}
            constraint={constraints.update}
            lastResult={actionData?.form === "update" ? actionData.result : undefined}
            pending={pending}
            cancelTo={PATH}
          />
        </Paper>
      ) : null}
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <CarForm
          key={`add-${list.cars.length}`}
          days={list.days}
          held={heldFor("save")}
          constraint={constraints.save}
          lastResult={actionData?.form === "save" ? actionData.result : undefined}
          pending={pending}
        />
      </Paper>
    </Stack>
  );
}
