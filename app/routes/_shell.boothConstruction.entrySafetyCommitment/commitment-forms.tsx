import { getInputProps } from "@conform-to/react";
import { Checkbox, List, Paper, SimpleGrid, Title } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { CommitmentAnswer } from "~/contracts/booth-construction/api-types";
import type { commitmentScansSchema, commitmentSchema } from "~/contracts/booth-construction/schema";
import { COMMITMENT_SCANS_MAX } from "~/contracts/booth-construction/values";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { useErrorText, usePortalForm, type FormReply } from "~/lib/forms";
import "~/contracts/booth-construction/texts";
import { FormTextInput } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";
import { TitledForm } from "~/components/titled-form";

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
    <TitledForm
      form={form}
      testId="commitment-form"
      hidden={{ intent: "details", ...(current ? { version: current.version } : {}) }}
      title={t("boothConstruction.commitment.details")}
    >
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
      <SubmitRow pending={pending} label={t("boothConstruction.commitment.save")} />
    </TitledForm>
  );
}

/** The signed and stamped scans, combined by the server into one PDF. */
export function ScansForm({ answer, constraint, lastResult, pending }: FormProps) {
  const { t } = useTranslation();
  const [form, fields] = usePortalForm<typeof commitmentScansSchema>({ id: `commitment-scans-${answer.booth.boothId}`, constraint, lastResult });
  return (
    <TitledForm
      form={form}
      testId="commitment-scans-form"
      multipart
      hidden={{ intent: "scans", ...(answer.commitment ? { version: answer.commitment.version } : {}) }}
      title={t("boothConstruction.commitment.uploadTitle")}
    >
      <FieldFileUpload field={fields.scanUrls} formValues={form.initialValue} {...SCANS_UPLOAD} label={t("boothConstruction.fields.signedScans")} />
      <SubmitRow pending={pending} label={t("boothConstruction.commitment.upload")} />
    </TitledForm>
  );
}
