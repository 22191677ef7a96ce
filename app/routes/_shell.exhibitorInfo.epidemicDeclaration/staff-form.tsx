import { getInputProps } from "@conform-to/react";
import { SimpleGrid, Text, TextInput } from "@mantine/core";
import type { staffSchema } from "~/contracts/epidemic/schema";
import { EPIDEMIC_NAME_MAX, HEALTH_CODE_UPLOAD, TRAVEL_CODE_UPLOAD } from "~/contracts/epidemic/values";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { useTranslation } from "~/i18n/texts";
import { type PageFormProps, useErrorText, usePortalForm } from "~/lib/forms";
import "~/contracts/epidemic/texts";
import { SubmitRow } from "~/components/submit-row";
import { TitledForm } from "~/components/titled-form";

/** One person: name, ID number, mobile and the optional code images. Multipart: works without script, keeps what was typed. */
export function StaffForm(
  props: PageFormProps & {
    page: number;
  },
) {
  const { t, language } = useTranslation();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<ReturnType<typeof staffSchema>>({
    id: "epidemic-staff-new",
    constraint: props.constraint,
    lastResult: props.lastResult,
    defaultValue: { ...props.held },
  });
  const text = (name: "name" | "idNumber" | "mobile", type: "text" | "tel", max: number) => (
    <TextInput
      {...getInputProps(fields[name], { type })}
      key={fields[name].key}
      label={t(`epidemic.fields.${name}`)}
      maxLength={max}
      withAsterisk
      error={errorText(fields[name].errors)}
      autoComplete="off"
      placeholder={name === "mobile" && language === "en" ? "13800138000 / +852 5123 4567" : undefined}
    />
  );
  return (
    <TitledForm form={form} testId="staff-form" multipart hidden={{ intent: "addStaff", page: props.page }} level={3} title={t("epidemic.addTitle")}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {text("name", "text", EPIDEMIC_NAME_MAX)}
        {text("idNumber", "text", 18)}
        {text("mobile", "tel", 20)}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t("epidemic.codeHint")}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FieldFileUpload field={fields.healthCodeUrl} formValues={form.initialValue} {...HEALTH_CODE_UPLOAD} label={t("epidemic.fields.healthCode")} />
        <FieldFileUpload field={fields.travelCodeUrl} formValues={form.initialValue} {...TRAVEL_CODE_UPLOAD} label={t("epidemic.fields.travelCode")} />
      </SimpleGrid>
      <SubmitRow pending={props.pending} testId="staff-submit" label={t("epidemic.add")} />
    </TitledForm>
  );
}
