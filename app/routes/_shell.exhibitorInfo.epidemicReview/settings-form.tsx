import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button, Checkbox, Group, SimpleGrid, Stack, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import type { EpidemicSettings } from "~/contracts/epidemic/api-types";
import type { settingsSchema } from "~/contracts/epidemic/schema";
import { EPIDEMIC_COMMITMENT_TEXT_MAX } from "~/contracts/epidemic/values";
import { useTranslation } from "~/i18n/texts";
import { type FormConstraint, usePortalForm } from "~/lib/forms";
import "~/contracts/epidemic/texts";
import { FormTextarea } from "~/components/form-fields";

/** The switch (the exhibitors' page and menu) and the commitment in both languages. Plain post. */
export function SettingsForm(props: {
  settings: EpidemicSettings;
  held: Record<string, string | string[]> | null;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const { settings } = props;
  const [form, fields] = usePortalForm<typeof settingsSchema>({
    id: "epidemic-settings",
    constraint: props.constraint,
    lastResult: props.lastResult,
    defaultValue: { on: settings.on ? "on" : "", textZh: settings.textZh, textEn: settings.textEn, ...props.held },
  });
  const area = (name: "textZh" | "textEn") => (
    <FormTextarea field={fields[name]} label={t(`epidemic.fields.${name}`)} maxLength={EPIDEMIC_COMMITMENT_TEXT_MAX} autosize minRows={5} withAsterisk />
  );
  return (
    <Form method="post" {...getFormProps(form)} data-testid="settings-form">
      <input type="hidden" name="intent" value="settings" />
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("epidemic.review.settingsTitle")}
        </Title>
        <FormError errors={form.errors} id={form.errorId} />
        <Checkbox name="on" value="on" defaultChecked={fields.on.initialValue === "on"} label={t("epidemic.fields.on")} data-testid="switch" />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {area("textZh")}
          {area("textEn")}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={props.pending} data-testid="settings-save">
            {t("epidemic.review.save")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
