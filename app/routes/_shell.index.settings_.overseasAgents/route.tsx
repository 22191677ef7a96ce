import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { catalogueSettingsEndpoints as endpoints } from "~/contracts/catalogue-settings/endpoints.server";
import { AGENTS_SETTINGS_PATH } from "~/contracts/catalogue-settings/values";
import { EXHIBITION_SETTINGS_PATH } from "~/contracts/exhibition-settings/values";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { catalogueAction, catalogueLoader, type CatalogueReply, listAddress } from "~/features/catalogue-settings/catalogue-action.server";
import { agentSaveSchema } from "~/features/catalogue-settings/schema.server";
import { catalogueLink, CataloguePage } from "~/features/catalogue-settings/catalogue-page";
import { useIsPending } from "~/lib/hooks";
import { shellTitle } from "~/lib/page-title";
import { AgentForm } from "./agent-form";
import { AGENTS, AgentList } from "./agent-list";
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
export const loader = (args: LoaderFunctionArgs) =>
  catalogueLoader(args, {
    titleKey: "catalogueSettings.agents.title",
    schema: agentSaveSchema,
    fields: FIELDS,
    list: (api, page) => api.call(endpoints.agents, { page }),
  });

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
  const { page, editing, removing, held, constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as CatalogueReply | undefined;
  const pending = useIsPending();
  const link = catalogueLink(AGENTS.path, page.page);
  return (
    <CataloguePage
      kind={AGENTS}
      page={page}
      removing={removing}
      reply={reply}
      pending={pending}
      list={<AgentList agents={page.list} link={link} />}
      form={
        <AgentForm
          key={`agent-${editing?.id ?? "new"}`}
          editing={editing}
          held={held}
          constraint={constraint}
          lastResult={reply?.form === "save" ? reply.result : null}
          back={link()}
          pending={pending}
        />
      }
    />
  );
}
