import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Anchor, Box, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { freeBadges } from "~/contracts/badges/quota";
import { FormError } from "~/components/form-error";
import { EXHIBITION_SETTINGS_PATH } from "~/contracts/exhibition-settings/values";
import { translate } from "~/contracts/i18n/translate.server";
import { logisticsSettingsEndpoints } from "~/contracts/logistics-settings/endpoints.server";
import type { badgeQuotaSchema as Schema } from "~/contracts/logistics-settings/schema";
import { centsToYuanText, LOGISTICS_SETTINGS_PATHS } from "~/contracts/logistics-settings/values";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { badgeQuotaSchema, typedFields } from "~/features/logistics-settings/schema.server";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { useErrorText, usePortalForm } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { shellTitle } from "~/lib/page-title";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import "~/contracts/logistics-settings/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** An organizer's page opened from /index/settings (roleId 1): it takes that page's permission. */
export const handle = { breadcrumb: "logisticsSettings.badgeQuota.title", permissionOf: EXHIBITION_SETTINGS_PATH } satisfies PageHandle;

const NO_STORE = { "Cache-Control": "private, no-store" };
const FIELDS = ["freeBase", "baseAreaM2", "freePerStep", "stepAreaM2", "paidMax", "paidPrice"] as const;

/**
 * /index/settings/badgeQuota (issue 52): the badge quota `cli.js badge-quota` changes, on a page.
 * One plain form: works without script; a refusal keeps what was typed and saves nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const rule = await requireOk(await api.call(logisticsSettingsEndpoints.badgeQuota), request, context);
  const held = await heldFormValues(request, context, formHolderOf(info), [...FIELDS]);
  return json(
    {
      title: translate(language, "logisticsSettings.badgeQuota.title"),
      rule,
      held: held.values,
      constraint: formConstraints({ quota: badgeQuotaSchema }).quota,
    },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const submission = parseWithZod(formData, { schema: badgeQuotaSchema });
  if (submission.status !== "success") return json({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400, headers: NO_STORE });
  const saved = await handleAuthErrors(await api.call(logisticsSettingsEndpoints.saveBadgeQuota, typedFields(formData, FIELDS)), request, context);
  if (!saved.ok) return json({ result: replyToApiFailure(submission, saved, FIELDS) as SubmissionResult<string[]> }, { status: 400, headers: NO_STORE });
  return redirectWithToast(LOGISTICS_SETTINGS_PATHS.badgeQuota, context, { kind: "success", key: "logisticsSettings.saved" });
}

export default function BadgeQuotaSettingsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { rule, held, constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const pending = useIsPending();
  const stored = {
    freeBase: String(rule.freeBase),
    baseAreaM2: String(rule.baseAreaM2),
    stepAreaM2: String(rule.stepAreaM2),
    freePerStep: String(rule.freePerStep),
    paidMax: String(rule.paidMax),
    paidPrice: centsToYuanText(rule.paidPriceCents),
  };
  const [form, fields] = usePortalForm<typeof Schema>({ id: "badge-quota", constraint, lastResult: reply?.result, defaultValue: { ...stored, ...held } });
  const input = (name: (typeof FIELDS)[number]) => (
    <TextInput
      {...getInputProps(fields[name], { type: "text" })}
      key={fields[name].key}
      inputMode="decimal"
      label={t(`logisticsSettings.fields.${name}`)}
      withAsterisk
      error={errorText(fields[name].errors)}
      data-testid={`quota-${name}`}
    />
  );
  return (
    <Stack gap="lg" maw={900}>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t("logisticsSettings.badgeQuota.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("logisticsSettings.badgeQuota.intro")}
          </Text>
          <Text size="sm" data-testid="quota-examples">
            {[9, 18, 36].map((area) => t("logisticsSettings.badgeQuota.example", { area, free: freeBadges(rule, area) })).join(" ")}
          </Text>
          <Form method="post" {...getFormProps(form)} data-testid="quota-form">
            <Stack gap="md">
              <FormError errors={form.errors} id={form.errorId} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {FIELDS.map((name) => (
                  <Box key={name}>{input(name)}</Box>
                ))}
              </SimpleGrid>
              <Group>
                <Button type="submit" loading={pending} data-testid="quota-save">
                  {t("logisticsSettings.save")}
                </Button>
                <Anchor component={Link} to={EXHIBITION_SETTINGS_PATH}>
                  {t("logisticsSettings.backToSettings")}
                </Anchor>
              </Group>
            </Stack>
          </Form>
        </Stack>
      </Paper>
    </Stack>
  );
}
