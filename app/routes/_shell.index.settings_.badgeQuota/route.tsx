import { Box, SimpleGrid, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { freeBadges } from "~/contracts/badges/quota";
import { EXHIBITION_SETTINGS_PATH } from "~/contracts/exhibition-settings/values";
import { logisticsSettingsEndpoints } from "~/contracts/logistics-settings/endpoints.server";
import type { badgeQuotaSchema as Schema } from "~/contracts/logistics-settings/schema";
import { centsToYuanText, LOGISTICS_SETTINGS_PATHS } from "~/contracts/logistics-settings/values";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { badgeQuotaSchema } from "~/features/logistics-settings/schema.server";
import { SettingInput, SettingsFormPage } from "~/features/logistics-settings/settings-form-page";
import { type SettingsPage, settingsAction, settingsLoader } from "~/features/logistics-settings/settings-page.server";
import { useTranslation } from "~/i18n/texts";
import { usePortalForm } from "~/lib/forms";
import { shellTitle } from "~/lib/page-title";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** An organizer's page opened from /index/settings (roleId 1): it takes that page's permission. */
export const handle = { breadcrumb: "logisticsSettings.badgeQuota.title", permissionOf: EXHIBITION_SETTINGS_PATH } satisfies PageHandle;

const FIELDS = ["freeBase", "baseAreaM2", "freePerStep", "stepAreaM2", "paidMax", "paidPrice"] as const;

/**
 * /index/settings/badgeQuota (issue 52): the badge quota `cli.js badge-quota` changes, on a page.
 * One plain form: works without script; a refusal keeps what was typed and saves nothing.
 */
// Built when the loader or action runs: the schema and the endpoints are server modules, empty in the browser.
const page = () =>
  ({
    titleKey: "logisticsSettings.badgeQuota.title",
    fields: FIELDS,
    schema: badgeQuotaSchema,
    read: (api) => api.call(logisticsSettingsEndpoints.badgeQuota),
    save: (api, values) => api.call(logisticsSettingsEndpoints.saveBadgeQuota, values),
    path: LOGISTICS_SETTINGS_PATHS.badgeQuota,
  }) satisfies SettingsPage<unknown, typeof FIELDS>;

export const loader = (args: LoaderFunctionArgs) => settingsLoader(args, page());
export const action = (args: ActionFunctionArgs) => settingsAction(args, page());

export default function BadgeQuotaSettingsPage() {
  const { t } = useTranslation();
  const { stored: rule, held, constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const stored = {
    freeBase: String(rule.freeBase),
    baseAreaM2: String(rule.baseAreaM2),
    stepAreaM2: String(rule.stepAreaM2),
    freePerStep: String(rule.freePerStep),
    paidMax: String(rule.paidMax),
    paidPrice: centsToYuanText(rule.paidPriceCents),
  };
  const [form, fields] = usePortalForm<typeof Schema>({ id: "badge-quota", constraint, lastResult: reply?.result, defaultValue: { ...stored, ...held } });
  return (
    <SettingsFormPage
      texts="badgeQuota"
      testId="quota"
      form={form}
      above={
        <Text size="sm" data-testid="quota-examples">
          {[9, 18, 36].map((area) => t("logisticsSettings.badgeQuota.example", { area, free: freeBadges(rule, area) })).join(" ")}
        </Text>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {FIELDS.map((name) => (
          <Box key={name}>
            <SettingInput key={fields[name].key} field={fields[name]} testId="quota" />
          </Box>
        ))}
      </SimpleGrid>
    </SettingsFormPage>
  );
}
