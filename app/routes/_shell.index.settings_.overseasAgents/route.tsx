import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-action";
import { ListPager } from "~/components/list-pager";
import { catalogueSettingsEndpoints as endpoints } from "~/contracts/catalogue-settings/endpoints.server";
import { AGENTS_SETTINGS_PATH } from "~/contracts/catalogue-settings/values";
import { EXHIBITION_SETTINGS_PATH } from "~/contracts/exhibition-settings/values";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { catalogueAction, type CatalogueReply, listAddress } from "~/features/catalogue-settings/catalogue-action.server";
import { agentSaveSchema } from "~/features/catalogue-settings/schema.server";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { heldFormValues } from "~/lib/form-hold.server";
import { formConstraints } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { shellTitle } from "~/lib/page-title";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { AgentForm } from "./agent-form";
import { AgentList } from "./agent-list";
import "~/contracts/catalogue-settings/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** Opened from /index/settings (menu 8, roleId 1 only); the API answers the organizer only as well. */
export const handle = { breadcrumb: "catalogueSettings.agents.title", permissionOf: EXHIBITION_SETTINGS_PATH } satisfies PageHandle;

const FIELDS = ["id", "code", "nameZh", "nameEn", "regionsZh", "regionsEn", "introZh", "introEn", "contactEmail", "contactPhone", "active", "sort"] as const;

/**
 * /index/settings/overseasAgents (issue 52): the agents the overseas transport page offers, a page at
 * a time, hidden ones too; `?edit=<id>` edits one, `?remove=<id>` asks before removing it. Plain
 * posts: it works without script.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const params = new URL(request.url).searchParams;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const agents = await requireOk(await api.call(endpoints.agents, { page }), request, context);
  // A save posted after the session ended comes back once, as typed, to the row it was for.
  const held = await heldFormValues(request, context, formHolderOf(info), FIELDS, "save");
  const byId = (key: string, id = params.get(key)) => agents.list.find((a) => String(a.id) === id) ?? null;
  return json(
    {
      title: translate(language, "catalogueSettings.agents.title"),
      agents,
      editing: byId("edit", typeof held.values?.id === "string" ? held.values.id : params.get("edit")),
      removing: byId("remove"),
      held: held.values,
      constraint: formConstraints({ agent: agentSaveSchema }).agent,
    },
    { headers: held.headers },
  );
}

export async function action(args: ActionFunctionArgs) {
  return catalogueAction(args, {
    schema: agentSaveSchema,
    fields: FIELDS,
    save: endpoints.saveAgent,
    remove: endpoints.removeAgent,
    back: (request) => listAddress(AGENTS_SETTINGS_PATH, request),
    saved: "catalogueSettings.agents.saved",
    removed: "catalogueSettings.agents.removed",
  });
}

export default function AgentSettingsPage() {
  const { t, language } = useTranslation();
  const { agents, editing, removing, held, constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as CatalogueReply | undefined;
  const pending = useIsPending();
  const link = (params: Record<string, string> = {}) => {
    const query = new URLSearchParams({ ...(agents.page > 1 ? { page: String(agents.page) } : {}), ...params }).toString();
    return query ? `${AGENTS_SETTINGS_PATH}?${query}` : AGENTS_SETTINGS_PATH;
  };
  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Stack gap="sm">
          <Title order={1} size="h3">
            {t("catalogueSettings.agents.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("catalogueSettings.agents.intro")}
          </Text>
          <Anchor component={Link} to={EXHIBITION_SETTINGS_PATH} size="sm">
            {t("catalogueSettings.back")}
          </Anchor>
        </Stack>
      </Paper>
      {removing ? (
        <ConfirmAction
          question={`${t("catalogueSettings.agents.confirmRemove")} ${language === "en" ? removing.nameEn : removing.nameZh} (${removing.code})`}
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
          <AgentList agents={agents.list} link={link} />
          <ListPager
            page={agents.page}
            pageSize={agents.pageSize}
            total={agents.total}
            link={(page) => (page > 1 ? `${AGENTS_SETTINGS_PATH}?page=${page}` : AGENTS_SETTINGS_PATH)}
            keys={{ previous: "catalogueSettings.previous", next: "catalogueSettings.next", pageOf: "catalogueSettings.pageOf" }}
          />
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <AgentForm
          key={`agent-${editing?.id ?? "new"}`}
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
