import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-action";
import { ListPager } from "~/components/list-pager";
import { catalogueSettingsEndpoints as endpoints } from "~/contracts/catalogue-settings/endpoints.server";
import { PRICE_PERIODS_PATH, SERVICES_SETTINGS_PATH } from "~/contracts/catalogue-settings/values";
import { EXHIBITION_SETTINGS_PATH } from "~/contracts/exhibition-settings/values";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { catalogueAction, type CatalogueReply, listAddress } from "~/features/catalogue-settings/catalogue-action.server";
import { serviceSaveSchema } from "~/features/catalogue-settings/schema.server";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { heldFormValues } from "~/lib/form-hold.server";
import { formConstraints } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { shellTitle } from "~/lib/page-title";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { ServiceForm } from "./service-form";
import { ServiceList } from "./service-list";
import "~/contracts/catalogue-settings/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** Opened from /index/settings (menu 8, roleId 1 only); the API answers the organizer only as well. */
export const handle = { breadcrumb: "catalogueSettings.services.title", permissionOf: EXHIBITION_SETTINGS_PATH } satisfies PageHandle;

const FIELDS = [
  "id",
  "code",
  "category",
  "nameZh",
  "nameEn",
  "unitZh",
  "unitEn",
  "advancePrice",
  "standardPrice",
  "onsitePrice",
  "orderOpensAt",
  "orderClosesAt",
  "active",
  "sort",
] as const;

/**
 * /index/settings/services (issue 52): the on-site service catalogue, a page at a time, withdrawn
 * services too; `?edit=<id>` edits one, `?remove=<id>` asks before removing it. The price periods
 * are shown, set on the exhibition calendar. Plain posts: it works without script.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const params = new URL(request.url).searchParams;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const services = await requireOk(await api.call(endpoints.services, { page }), request, context);
  // A save posted after the session ended comes back once, as typed, to the row it was for.
  const held = await heldFormValues(request, context, formHolderOf(info), FIELDS, "save");
  const byId = (key: string, id = params.get(key)) => services.list.find((s) => String(s.id) === id) ?? null;
  return json(
    {
      title: translate(language, "catalogueSettings.services.title"),
      services,
      editing: byId("edit", typeof held.values?.id === "string" ? held.values.id : params.get("edit")),
      removing: byId("remove"),
      held: held.values,
      constraint: formConstraints({ service: serviceSaveSchema }).service,
    },
    { headers: held.headers },
  );
}

export async function action(args: ActionFunctionArgs) {
  return catalogueAction(args, {
    schema: serviceSaveSchema,
    fields: FIELDS,
    save: endpoints.saveService,
    remove: endpoints.removeService,
    back: (request) => listAddress(SERVICES_SETTINGS_PATH, request),
    saved: "catalogueSettings.services.saved",
    removed: "catalogueSettings.services.removed",
  });
}

export default function ServiceSettingsPage() {
  const { t, language } = useTranslation();
  const { services, editing, removing, held, constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as CatalogueReply | undefined;
  const pending = useIsPending();
  const { periods } = services;
  const link = (params: Record<string, string> = {}) => {
    const query = new URLSearchParams({ ...(services.page > 1 ? { page: String(services.page) } : {}), ...params }).toString();
    return query ? `${SERVICES_SETTINGS_PATH}?${query}` : SERVICES_SETTINGS_PATH;
  };
  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Stack gap="sm">
          <Title order={1} size="h3">
            {t("catalogueSettings.services.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("catalogueSettings.services.intro")}
          </Text>
          <Text size="sm" data-testid="price-periods">
            {periods.advanceUntil
              ? t("catalogueSettings.services.periods", periods)
              : t("catalogueSettings.services.noAdvance", { standardUntil: periods.standardUntil, onsiteFrom: periods.onsiteFrom })}{" "}
            <Anchor component={Link} to={PRICE_PERIODS_PATH}>
              {t("catalogueSettings.services.periodsLink")}
            </Anchor>
          </Text>
          <Anchor component={Link} to={EXHIBITION_SETTINGS_PATH} size="sm">
            {t("catalogueSettings.back")}
          </Anchor>
        </Stack>
      </Paper>
      {removing ? (
        <ConfirmAction
          question={`${t("catalogueSettings.services.confirmRemove")} ${language === "en" ? removing.nameEn : removing.nameZh} (${removing.code})`}
          intent="remove"
          fields={{ id: String(removing.id) }}
          confirmLabel={t("catalogueSettings.remove")}
          cancelTo={link()}
          pending={pending}
        />
      ) : null}
      {reply?.form === "remove" ? (
        <Text role="alert" c="red.8" data-testid="remove-error">
          {reply.error}
        </Text>
      ) : null}
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Stack gap="md">
          <ServiceList services={services.list} link={link} />
          <ListPager
            page={services.page}
            pageSize={services.pageSize}
            total={services.total}
            link={(page) => (page > 1 ? `${SERVICES_SETTINGS_PATH}?page=${page}` : SERVICES_SETTINGS_PATH)}
            keys={{ previous: "catalogueSettings.previous", next: "catalogueSettings.next", pageOf: "catalogueSettings.pageOf" }}
          />
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <ServiceForm
          key={`service-${editing?.id ?? "new"}`}
          editing={editing}
          held={held}
          constraint={constraint}
          lastResult={reply?.form === "save" ? reply.result : null}
          back={link()}
          pending={pending}
        />
      </Paper>
    </Stack>
  );
}
