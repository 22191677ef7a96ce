import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import { EXHIBITION_SETTINGS_PATH } from "~/contracts/exhibition-settings/values";
import { translate } from "~/contracts/i18n/translate.server";
import { logisticsSettingsEndpoints } from "~/contracts/logistics-settings/endpoints.server";
import type { constructionSettingsSchema as Schema } from "~/contracts/logistics-settings/schema";
import { centsToYuanText, LOGISTICS_SETTINGS_PATHS } from "~/contracts/logistics-settings/values";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { constructionSettingsSchema, typedFields } from "~/features/logistics-settings/schema.server";
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
export const handle = { breadcrumb: "logisticsSettings.construction.title", permissionOf: EXHIBITION_SETTINGS_PATH } satisfies PageHandle;

const NO_STORE = { "Cache-Control": "private, no-store" };
const DAYS = ["buildUpFrom", "buildUpTo", "dismantleFrom", "dismantleTo"] as const;
const FIELDS = [...DAYS, "insuranceMin"] as const;

/**
 * /index/settings/construction (issue 52): the construction calendar and the insurance minimum that
 * `cli.js construction-settings` changes, on a page. One plain form: works without script; days out
 * of order or a negative minimum are refused at their field, nothing saved.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const settings = await requireOk(await api.call(logisticsSettingsEndpoints.construction), request, context);
  const held = await heldFormValues(request, context, formHolderOf(info), [...FIELDS]);
  return json(
    {
      title: translate(language, "logisticsSettings.construction.title"),
      settings,
      held: held.values,
      constraint: formConstraints({ construction: constructionSettingsSchema }).construction,
    },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const submission = parseWithZod(formData, { schema: constructionSettingsSchema });
  if (submission.status !== "success") return json({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400, headers: NO_STORE });
  const saved = await handleAuthErrors(await api.call(logisticsSettingsEndpoints.saveConstruction, typedFields(formData, FIELDS)), request, context);
  if (!saved.ok) return json({ result: replyToApiFailure(submission, saved, FIELDS) as SubmissionResult<string[]> }, { status: 400, headers: NO_STORE });
  return redirectWithToast(LOGISTICS_SETTINGS_PATHS.construction, context, { kind: "success", key: "logisticsSettings.saved" });
}

export default function ConstructionSettingsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { settings, held, constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const pending = useIsPending();
  const { insuranceMinCents, ...days } = settings;
  const [form, fields] = usePortalForm<typeof Schema>({
    id: "construction-settings",
    constraint,
    lastResult: reply?.result,
    defaultValue: { ...days, insuranceMin: centsToYuanText(insuranceMinCents), ...held },
  });
  const input = (name: (typeof FIELDS)[number], type: "date" | "text") => (
    <TextInput
      {...getInputProps(fields[name], { type })}
      key={`${name}-${fields[name].key ?? ""}`}
      inputMode={type === "text" ? "decimal" : undefined}
      label={t(`logisticsSettings.fields.${name}`)}
      withAsterisk
      error={errorText(fields[name].errors)}
      data-testid={`construction-${name}`}
    />
  );
  return (
    <Stack gap="lg" maw={900}>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t("logisticsSettings.construction.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("logisticsSettings.construction.intro")}
          </Text>
          <Form method="post" {...getFormProps(form)} data-testid="construction-form">
            <Stack gap="md">
              <FormError errors={form.errors} id={form.errorId} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>{DAYS.map((name) => input(name, "date"))}</SimpleGrid>
              {input("insuranceMin", "text")}
              <Group>
                <Button type="submit" loading={pending} data-testid="construction-save">
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
