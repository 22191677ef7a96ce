import { type BookingReply, NO_STORE, saveBooking } from "./save-booking.server";
import { loadPageHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";
import { PageHeading } from "~/components/page-heading";
import { shellTitle } from "~/lib/page-title";
import { ActionError } from "~/components/form-error";
import { Paper, Stack } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { rawFields } from "~/features/transport/forms.server";
import { ConfirmAction } from "~/components/confirm-action";
import { expressEndpoints } from "~/contracts/vehicles/endpoints.server";
import { expressQuerySchema, expressSchema } from "~/features/vehicles/schema.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { formConstraints } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { EXPRESS_FIELDS, ExpressForm } from "./express-form";
import { ExpressHistory } from "./express-history";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/express/texts";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "vehicles.express.title" } satisfies PageHandle;

const PATH = "/exhibitTL/smallExhibitsExpress";
const FILTER_NAMES = ["status", "from", "to", "page"] as const;

/** The history's filters from the address; one that does not parse is dropped, not an error page. */
function filtersOf(url: URL) {
  const query: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = url.searchParams.get(name);
    if (value && expressQuerySchema.shape[name].safeParse(value).success) query[name] = value;
  }
  return query;
}

/** The same address without `?delete=`: where a delete or a cancel goes back to. */
function listAddress(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("delete");
  const query = url.searchParams.toString();
  return query ? `${PATH}?${query}` : PATH;
}

/**
 * The exhibitor's small-exhibit express: a booking form (to its own booth, with an appointed
 * carrier) and the history with its steps. `?delete=<id>` asks before deleting a booking the
 * carrier has not received yet.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const list = await requireOk(await api.call(expressEndpoints.list, filtersOf(url)), request, context);
  const held = await heldFormValues(request, context, formHolderOf(info), EXPRESS_FIELDS, "save");
  const deleting = list.items.find((b) => String(b.id) === url.searchParams.get("delete") && b.status === "booked") ?? null;
  return json(
    {
      pageHistory: await loadPageHistory(api, [expressEndpoints.save, expressEndpoints.remove]),
      title: translate(language, "vehicles.express.title"),
      list,
      held: held.values,
      deleting,
      backTo: listAddress(request),
      constraints: formConstraints({ express: expressSchema }),
    },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  if (formData.get("intent") === "delete") {
    const result = await handleAuthErrors(await api.call(expressEndpoints.remove, rawFields(formData, ["id", "version"])), request, context);
    if (!result.ok) return json({ error: result.message } satisfies BookingReply, { status: result.code === 404 ? 404 : 409, headers: NO_STORE });
    return redirectWithToast(listAddress(request), context, { kind: "success", key: "vehicles.express.deleted" });
  }
  return saveBooking(
    formData,
    { request, context },
    {
      schema: expressSchema,
      fields: EXPRESS_FIELDS,
      save: (fields) => api.call(expressEndpoints.save, fields),
      path: PATH,
      saved: "vehicles.express.saved",
    },
  );
}

export default function SmallExhibitsExpressPage() {
  const { t } = useTranslation();
  const { list, held, deleting, backTo, constraints, pageHistory } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as BookingReply | undefined;
  const pending = useIsPending();
  return (
    <Stack gap="lg" maw={1200}>
      <Panel>
        <PageHeading title={t("vehicles.express.title")} intro={t("vehicles.express.intro")} />
        <ActionError message={actionData?.error} />
        {deleting ? (
          <ConfirmAction
            question={t("vehicles.express.deleteQuestion", { id: deleting.id, item: deleting.itemName })}
            intent="delete"
            fields={{ id: String(deleting.id), version: String(deleting.version) }}
            confirmLabel={t("vehicles.express.delete")}
            cancelTo={backTo}
            pending={pending}
          />
        ) : null}
        <ExpressHistory list={list} path={PATH} />
      </Panel>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <ExpressForm
          key={`express-${list.total}-${list.items[0]?.id ?? 0}`}
          list={list}
          held={held}
          constraint={constraints.express}
          lastResult={actionData?.result}
          pending={pending}
        />
      </Paper>
      <RecordHistory entries={pageHistory} title="team.history.pageSection" />
    </Stack>
  );
}
