import { getFormProps, getInputProps } from "@conform-to/react";
import { Button, Checkbox, Group, List, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import type { CommitmentAnswer } from "~/contracts/booth-construction/api-types";
import type { commitmentScansSchema, commitmentSchema } from "~/contracts/booth-construction/schema";
import { COMMITMENT_SCANS_MAX } from "~/contracts/booth-construction/values";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { useErrorText, usePortalForm, type FormReply } from "~/lib/forms";
import "~/contracts/booth-construction/texts";
import { FormTextInput } from "~/components/form-fields";

export const SCANS_UPLOAD = {
  folder: "safety-commitment" as const,
  kinds: ["jpg" as const, "png" as const, "pdf" as const],
  maxBytes: 10 * 1024 * 1024,
  maxCount: COMMITMENT_SCANS_MAX,
};

type FormProps = FormReply & {
  answer: CommitmentAnswer;
  held: Record<string, string | string[]> | null;
  pending: boolean;
};

/** The commitment's text, as the PDF has it (spec: the rules are read and ticked before anything else). */
export function CommitmentText() {
  const { t } = useTranslation();
  const clauses = t<string[]>("boothConstruction.commitment.clauses", { returnObjects: true });
  return (
    <Paper withBorder p="md" bg="gray.0">
      <Title order={2} size="h5" mb="xs">
        {t("boothConstruction.commitment.textTitle")}
      </Title>
      <List type="ordered" size="sm" spacing={4} data-testid="commitment-text">
        {clauses.map((clause) => (
          <List.Item key={clause}>{clause}</List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** The details the server fills into the commitment; the rules are ticked again on every save. */
export function DetailsForm({ answer, held, constraint, lastResult, pending }: FormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const current = answer.commitment;
  const [form, fields] = usePortalForm<ReturnType<typeof commitmentSchema>>({
    id: `commitment-${answer.booth.boothId}`,
    constraint,
    lastResult,
    defaultValue: {
      ...(current ? { responsiblePerson: current.responsiblePerson, builderCompany: current.builderCompany } : {}),
      ...(held?.intent === "details" ? held : {}),
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="commitment-form">
      <input type="hidden" name="intent" value="details" />
      {current ? <input type="hidden" name="version" value={current.version} /> : null}
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("boothConstruction.commitment.details")}
        </Title>
        <FormError errors={form.errors} id={form.errorId} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormTextInput field={fields.responsiblePerson} label={t("boothConstruction.fields.responsiblePerson")} maxLength={50} withAsterisk />
          <FormTextInput field={fields.builderCompany} label={t("boothConstruction.fields.builderCompany")} maxLength={100} withAsterisk />
          <FormTextInput
            field={fields.mobile}
            type="tel"
            label={t("boothConstruction.fields.mobile")}
            placeholder={current?.mobile}
            maxLength={20}
            withAsterisk
          />
        </SimpleGrid>
        <Checkbox
          {...getInputProps(fields.readRules, { type: "checkbox" })}
          key={fields.readRules.key}
          label={t("boothConstruction.commitment.readRules")}
          error={errorText(fields.readRules.errors)}
        />
        <Group>
          <Button type="submit" loading={pending}>
            {t("boothConstruction.commitment.save")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** The signed and stamped scans, combined by the server into one PDF. */
export function ScansForm({ answer, constraint, lastResult, pending }: FormProps) {
  const { t } = useTranslation();
  const [form, fields] = usePortalForm<typeof commitmentScansSchema>({ id: `commitment-scans-${answer.booth.boothId}`, constraint, lastResult });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} data-testid="commitment-scans-form">
      <input type="hidden" name="intent" value="scans" />
      {answer.commitment ? <input type="hidden" name="version" value={answer.commitment.version} /> : null}
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("boothConstruction.commitment.uploadTitle")}
        </Title>
        <FormError errors={form.errors} id={form.errorId} />
        <FieldFileUpload
          field={fields.scanUrls}
          formValues={form.initialValue}
          folder={SCANS_UPLOAD.folder}
          kinds={SCANS_UPLOAD.kinds}
          maxBytes={SCANS_UPLOAD.maxBytes}
          maxCount={SCANS_UPLOAD.maxCount}
          label={t("boothConstruction.fields.signedScans")}
        />
        <Group>
          <Button type="submit" loading={pending}>
            {t("boothConstruction.commitment.upload")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
