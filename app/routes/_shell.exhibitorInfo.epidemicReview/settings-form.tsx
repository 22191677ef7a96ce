import { Checkbox, SimpleGrid } from "@mantine/core";
import type { EpidemicSettings } from "~/contracts/epidemic/api-types";
import type { settingsSchema } from "~/contracts/epidemic/schema";
import { EPIDEMIC_COMMITMENT_TEXT_MAX } from "~/contracts/epidemic/values";
import { useTranslation } from "~/i18n/texts";
import { type PageFormProps, usePortalForm } from "~/lib/forms";
import "~/contracts/epidemic/texts";
import { FormTextarea } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";
import { TitledForm } from "~/components/titled-form";

/** The switch (the exhibitors' page and menu) and the commitment in both languages. Plain post. */
export function SettingsForm(
  props: PageFormProps & {
    settings: EpidemicSettings;
  },
) {
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
    <TitledForm form={form} testId="settings-form" hidden={{ intent: "settings" }} title={t("epidemic.review.settingsTitle")}>
      <Checkbox name="on" value="on" defaultChecked={fields.on.initialValue === "on"} label={t("epidemic.fields.on")} data-testid="switch" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {area("textZh")}
        {area("textEn")}
      </SimpleGrid>
      <SubmitRow pending={props.pending} testId="settings-save" label={t("epidemic.review.save")} />
    </TitledForm>
  );
}
