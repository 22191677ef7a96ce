import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Button, Group, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import type { blueCarSettingsSchema } from "~/contracts/vehicles/blue-cars-schema";
import type { BlueCarSettings } from "~/contracts/vehicles/blue-cars-types";
import { BLUE_CAR_LIMITS } from "~/contracts/vehicles/blue-cars-values";
import { useTranslation } from "~/i18n/texts";
import { useErrorText, usePortalForm, type FormConstraint } from "~/lib/forms";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/texts-blue-cars";

/** The organizer's English traffic page and the guide in both languages (intent `settings`). */
export function SettingsForm({
  settings,
  constraint,
  lastResult,
  pending,
}: {
  settings: BlueCarSettings;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof blueCarSettingsSchema>({
    id: "blue-car-settings",
    constraint,
    lastResult,
    defaultValue: { trafficPageUrlEn: settings.trafficPageUrlEn ?? "", guideZh: settings.guideZh, guideEn: settings.guideEn },
  });
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset data-testid="blue-car-settings">
      <input type="hidden" name="intent" value="settings" />
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("vehicles.blueCars.settings.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("vehicles.blueCars.settings.intro")}
        </Text>
        <FormError errors={form.errors} id={form.errorId} />
        <TextInput
          {...getInputProps(fields.trafficPageUrlEn, { type: "url" })}
          key={fields.trafficPageUrlEn.key}
          label={t("vehicles.blueCars.fields.trafficPageUrlEn")}
          maxLength={BLUE_CAR_LIMITS.url}
          error={errorText(fields.trafficPageUrlEn.errors)}
        />
        {(["guideZh", "guideEn"] as const).map((name) => (
          <Textarea
            {...getTextareaProps(fields[name])}
            key={fields[name].key}
            label={t(`vehicles.blueCars.fields.${name}`)}
            autosize
            minRows={4}
            maxLength={BLUE_CAR_LIMITS.guide}
            error={errorText(fields[name].errors)}
          />
        ))}
        <Group>
          <Button type="submit" loading={pending} data-testid="blue-car-settings-save">
            {t("vehicles.blueCars.settings.save")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
