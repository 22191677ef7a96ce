import { type FieldMetadata, type FormMetadata, getFormProps, getInputProps } from "@conform-to/react";
import { Anchor, Button, Group, Stack, TextInput } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormError } from "~/components/form-error";
import { EXHIBITION_SETTINGS_PATH } from "~/contracts/exhibition-settings/values";
import { useTranslation } from "~/i18n/texts";
import { useErrorText } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import "~/contracts/logistics-settings/texts";
import { Panel } from "~/components/panel";
import { PageHeading } from "~/components/page-heading";

/**
 * The frame of a logistics settings page of one plain form (works without script): title, intro,
 * the page's own fields inside, save and the way back to the settings. Test ids start with `testId`.
 */
export function SettingsFormPage<Schema extends Record<string, unknown>>({
  texts,
  testId,
  form,
  above,
  children,
}: {
  texts: "badgeQuota" | "construction";
  testId: string;
  form: FormMetadata<Schema, string[]>;
  above?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const pending = useIsPending();
  return (
    <Stack gap="lg" maw={900}>
      <Panel>
        <PageHeading title={t(`logisticsSettings.${texts}.title`)} intro={t(`logisticsSettings.${texts}.intro`)} />
        {above}
        <Form method="post" {...getFormProps(form)} data-testid={`${testId}-form`}>
          <Stack gap="md">
            <FormError errors={form.errors} id={form.errorId} />
            {children}
            <Group>
              <Button type="submit" loading={pending} data-testid={`${testId}-save`}>
                {t("logisticsSettings.save")}
              </Button>
              <Anchor component={Link} to={EXHIBITION_SETTINGS_PATH}>
                {t("logisticsSettings.backToSettings")}
              </Anchor>
            </Group>
          </Stack>
        </Form>
      </Panel>
    </Stack>
  );
}

/** One required setting, labelled by its name; numbers (text) bring up the decimal keypad. */
export function SettingInput<Schema extends Record<string, unknown>>({
  field,
  type = "text",
  testId,
}: {
  field: FieldMetadata<unknown, Schema, string[]>;
  type?: "date" | "text";
  testId: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <TextInput
      {...getInputProps(field, { type })}
      inputMode={type === "text" ? "decimal" : undefined}
      label={t(`logisticsSettings.fields.${field.name}`)}
      withAsterisk
      error={errorText(field.errors)}
      data-testid={`${testId}-${field.name}`}
    />
  );
}
