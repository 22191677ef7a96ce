import { getFormProps } from "@conform-to/react";
import { SimpleGrid, Stack } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import type { InsuranceAnswer } from "~/contracts/booth-construction/api-types";
import type { insuranceSchema } from "~/contracts/booth-construction/schema";
import { INSURANCE_MAX_BYTES } from "~/contracts/booth-construction/values";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { usePortalForm, type PageFormProps } from "~/lib/forms";
import "~/contracts/booth-construction/texts";
import { FormTextInput } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";

export const POLICY_UPLOAD = { folder: "booth-insurance" as const, kinds: ["pdf" as const], maxBytes: INSURANCE_MAX_BYTES };

/** The policy form: a new policy, or a replacement of one not yet accepted (at the version read). */
export function InsuranceForm({
  answer,
  held,
  constraint,
  lastResult,
  pending,
}: PageFormProps & {
  answer: InsuranceAnswer;
}) {
  const { t } = useTranslation();
  const current = answer.insurance;
  const [form, fields] = usePortalForm<typeof insuranceSchema>({
    id: `insurance-${answer.booth.boothId}`,
    constraint,
    lastResult,
    defaultValue: {
      ...(current
        ? {
            insurer: current.insurer,
            policyNo: current.policyNo,
            insuredAmount: (current.insuredCents / 100).toFixed(2),
            validFrom: current.validFrom,
            validTo: current.validTo,
            policyUrl: current.policyFile.url,
            [uploadFieldNames("policyUrl").name]: `${current.policyFile.url}|${current.policyFile.name}`,
          }
        : { validFrom: answer.settings.buildUpFrom, validTo: answer.settings.dismantleTo }),
      ...held,
    },
  });
  const text = (name: "insurer" | "policyNo" | "insuredAmount", max: number, inputMode?: "decimal") => (
    <FormTextInput field={fields[name]} label={t(`boothConstruction.fields.${name}`)} maxLength={max} inputMode={inputMode} withAsterisk />
  );
  const date = (name: "validFrom" | "validTo") => <FormTextInput field={fields[name]} type="date" label={t(`boothConstruction.fields.${name}`)} withAsterisk />;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} data-testid="insurance-form">
      {current ? <input type="hidden" name="version" value={current.version} /> : null}
      <Stack gap="sm">
        <FormError errors={form.errors} id={form.errorId} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text("insurer", 100)}
          {text("policyNo", 40)}
          {text("insuredAmount", 20, "decimal")}
          <span />
          {date("validFrom")}
          {date("validTo")}
        </SimpleGrid>
        <FieldFileUpload field={fields.policyUrl} formValues={form.initialValue} {...POLICY_UPLOAD} label={t("boothConstruction.fields.policyFile")} />
        <SubmitRow pending={pending} label={t("boothConstruction.insurance.save")} />
      </Stack>
    </Form>
  );
}
