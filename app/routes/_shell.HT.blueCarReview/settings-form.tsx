import { TitledForm } from "~/components/titled-form";
import { getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Button, Group, Paper, SimpleGrid, Text, Textarea, TextInput } from "@mantine/core";
import type { blueCarSettingsSchema } from "~/contracts/vehicles/blue-cars/schema";
import type { BlueCarSettings } from "~/contracts/vehicles/blue-cars/types";
import { BLUE_CAR_LIMITS } from "~/contracts/vehicles/blue-cars/values";
import { ContentBody } from "~/features/home/content-body";
import { useTranslation } from "~/i18n/texts";
import { useErrorText, usePortalForm, type FormConstraint } from "~/lib/forms";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/blue-cars/texts";

/**
 * The organizer's English traffic page and the guide in both languages (intent `settings`); "Preview"
 * (intent `previewSettings`) shows the guide as exhibitors will read it and saves nothing.
 */
export function SettingsForm({
  settings,
  constraint,
  lastResult,
  preview,
  pending,
}: {
  settings: BlueCarSettings;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  preview: { guideZh: string; guideEn: string } | null;
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
    <TitledForm
      form={form}
      preventScrollReset
      testId="blue-car-settings"
      title={t("vehicles.blueCars.settings.title")}
      hint={
        <Text size="sm" c="dimmed">
          {t("vehicles.blueCars.settings.intro")}
        </Text>
      }
    >
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
          key={`${name}-${fields[name].key ?? ""}`}
          label={t(`vehicles.blueCars.fields.${name}`)}
          autosize
          minRows={4}
          maxLength={BLUE_CAR_LIMITS.guide}
          error={errorText(fields[name].errors)}
        />
      ))}
      <Group>
        <Button type="submit" name="intent" value="settings" loading={pending} data-testid="blue-car-settings-save">
          {t("vehicles.blueCars.settings.save")}
        </Button>
        <Button type="submit" name="intent" value="previewSettings" variant="default" data-testid="blue-car-settings-preview">
          {t("vehicles.blueCars.settings.preview")}
        </Button>
      </Group>
      {preview ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(["guideZh", "guideEn"] as const).map((name) => (
            <Paper key={name} withBorder p="sm" data-testid={`blue-car-guide-preview-${name}`} lang={name === "guideZh" ? "zh" : "en"}>
              <Text size="xs" c="dimmed" mb="xs">
                {t("vehicles.blueCars.settings.preview")}: {t(`vehicles.blueCars.fields.${name}`)}
              </Text>
              {preview[name].trim() ? <ContentBody body={preview[name]} /> : <Text c="dimmed">—</Text>}
            </Paper>
          ))}
        </SimpleGrid>
      ) : null}
    </TitledForm>
  );
}
