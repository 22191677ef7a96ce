import { SimpleGrid } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EXHIBITION_SETTINGS_PATH } from "~/contracts/exhibition-settings/values";
import { logisticsSettingsEndpoints } from "~/contracts/logistics-settings/endpoints.server";
import type { constructionSettingsSchema as Schema } from "~/contracts/logistics-settings/schema";
import { centsToYuanText, LOGISTICS_SETTINGS_PATHS } from "~/contracts/logistics-settings/values";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { constructionSettingsSchema } from "~/features/logistics-settings/schema.server";
import { SettingInput, SettingsFormPage } from "~/features/logistics-settings/settings-form-page";
import { type SettingsPage, settingsAction, settingsLoader } from "~/features/logistics-settings/settings-page.server";
import { usePortalForm } from "~/lib/forms";
import { shellTitle } from "~/lib/page-title";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** An organizer's page opened from /index/settings (roleId 1): it takes that page's permission. */
export const handle = { breadcrumb: "logisticsSettings.construction.title", permissionOf: EXHIBITION_SETTINGS_PATH } satisfies PageHandle;

const DAYS = ["buildUpFrom", "buildUpTo", "dismantleFrom", "dismantleTo"] as const;
const FIELDS = [...DAYS, "insuranceMin"] as const;

/**
 * /index/settings/construction (issue 52): the construction calendar and the insurance minimum that
 * `cli.js construction-settings` changes, on a page. One plain form: works without script; days out
 * of order or a negative minimum are refused at their field, nothing saved.
 */
// Built when the loader or action runs: the schema and the endpoints are server modules, empty in the browser.
const page = () =>
  ({
    titleKey: "logisticsSettings.construction.title",
    fields: FIELDS,
    schema: constructionSettingsSchema,
    read: (api) => api.call(logisticsSettingsEndpoints.construction),
    save: (api, values) => api.call(logisticsSettingsEndpoints.saveConstruction, values),
    path: LOGISTICS_SETTINGS_PATHS.construction,
  }) satisfies SettingsPage<unknown, typeof FIELDS>;

export const loader = (args: LoaderFunctionArgs) => settingsLoader(args, page());
export const action = (args: ActionFunctionArgs) => settingsAction(args, page());

export default function ConstructionSettingsPage() {
  const { stored, held, constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { insuranceMinCents, ...days } = stored;
  const [form, fields] = usePortalForm<typeof Schema>({
    id: "construction-settings",
    constraint,
    lastResult: reply?.result,
    defaultValue: { ...days, insuranceMin: centsToYuanText(insuranceMinCents), ...held },
  });
  return (
    <SettingsFormPage texts="construction" testId="construction" form={form}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {DAYS.map((name) => (
          <SettingInput key={`${name}-${fields[name].key ?? ""}`} field={fields[name]} type="date" testId="construction" />
        ))}
      </SimpleGrid>
      <SettingInput key={`insuranceMin-${fields.insuranceMin.key ?? ""}`} field={fields.insuranceMin} testId="construction" />
    </SettingsFormPage>
  );
}
