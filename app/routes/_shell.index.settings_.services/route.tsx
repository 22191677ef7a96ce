import { Anchor, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { catalogueSettingsEndpoints as endpoints } from "~/contracts/catalogue-settings/endpoints.server";
import { PRICE_PERIODS_PATH, SERVICES_SETTINGS_PATH } from "~/contracts/catalogue-settings/values";
import { EXHIBITION_SETTINGS_PATH } from "~/contracts/exhibition-settings/values";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { catalogueAction, catalogueLoader, type CatalogueReply, listAddress } from "~/features/catalogue-settings/catalogue-action.server";
import { serviceSaveSchema } from "~/features/catalogue-settings/schema.server";
import { useTranslation } from "~/i18n/texts";
import { catalogueLink, CataloguePage } from "~/features/catalogue-settings/catalogue-page";
import { useIsPending } from "~/lib/hooks";
import { shellTitle } from "~/lib/page-title";
import { ServiceForm } from "./service-form";
import { SERVICES, ServiceList } from "./service-list";
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
export const loader = (args: LoaderFunctionArgs) =>
  catalogueLoader(args, {
    titleKey: "catalogueSettings.services.title",
    schema: serviceSaveSchema,
    fields: FIELDS,
    list: (api, page) => api.call(endpoints.services, { page }),
  });

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
  const { t } = useTranslation();
  const { page, editing, removing, held, constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as CatalogueReply | undefined;
  const pending = useIsPending();
  const { periods } = page;
  const link = catalogueLink(SERVICES.path, page.page);
  return (
    <CataloguePage
      kind={SERVICES}
      page={page}
      removing={removing}
      reply={reply}
      pending={pending}
      intro={
        <Text size="sm" data-testid="price-periods">
          {periods.advanceUntil
            ? t("catalogueSettings.services.periods", periods)
            : t("catalogueSettings.services.noAdvance", { standardUntil: periods.standardUntil, onsiteFrom: periods.onsiteFrom })}{" "}
          <Anchor component={Link} to={PRICE_PERIODS_PATH}>
            {t("catalogueSettings.services.periodsLink")}
          </Anchor>
        </Text>
      }
      list={<ServiceList services={page.list} link={link} />}
      form={
        <ServiceForm
          key={`service-${editing?.id ?? "new"}`}
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
