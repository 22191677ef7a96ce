import { HiddenFields } from "~/components/hidden-fields";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import type { staffSchema } from "~/contracts/epidemic/schema";
import { EPIDEMIC_NAME_MAX, HEALTH_CODE_UPLOAD, TRAVEL_CODE_UPLOAD } from "~/contracts/epidemic/values";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { useTranslation } from "~/i18n/texts";
import { type FormConstraint, useErrorText, usePortalForm } from "~/lib/forms";
import "~/contracts/epidemic/texts";

/** One person: name, ID number, mobile and the optional code images. Multipart: works without script, keeps what was typed. */
export function StaffForm(props: {
  page: number;
  held: Record<string, string | string[]> | null;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  pending: boolean;
}) {
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
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} data-testid="staff-form">
      <HiddenFields values={{ intent: "addStaff", page: props.page }} />
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("epidemic.addTitle")}
        </Title>
        <FormError errors={form.errors} id={form.errorId} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {text("name", "text", EPIDEMIC_NAME_MAX)}
          {text("idNumber", "text", 18)}
          {text("mobile", "tel", 20)}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t("epidemic.codeHint")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FieldFileUpload
            field={fields.healthCodeUrl}
            formValues={form.initialValue}
            folder={HEALTH_CODE_UPLOAD.folder}
            kinds={HEALTH_CODE_UPLOAD.kinds}
            maxBytes={HEALTH_CODE_UPLOAD.maxBytes}
            label={t("epidemic.fields.healthCode")}
          />
          <FieldFileUpload
            field={fields.travelCodeUrl}
            formValues={form.initialValue}
            folder={TRAVEL_CODE_UPLOAD.folder}
            kinds={TRAVEL_CODE_UPLOAD.kinds}
            maxBytes={TRAVEL_CODE_UPLOAD.maxBytes}
            label={t("epidemic.fields.travelCode")}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={props.pending} data-testid="staff-submit">
            {t("epidemic.add")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
