import { getInputProps, type getSelectProps } from "@conform-to/react";
import { TextInput } from "@mantine/core";
import { SaveOrCancel } from "~/components/save-or-cancel";
import type { FormConstraint } from "~/lib/forms";
import type { SubmissionResult } from "@conform-to/react";
import { LOGISTICS_SETTINGS_PATHS } from "~/contracts/logistics-settings/values";
import { useTranslation } from "~/i18n/texts";
import { useErrorText } from "~/lib/forms";
import "~/contracts/logistics-settings/texts";
import { FormSelect } from "~/components/form-fields";

/** What each form of the carriers page takes from the page. */
export type FormProps = {
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | null;
  held: Record<string, unknown> | null;
  pending: boolean;
};

type Field = Parameters<typeof getInputProps>[0] & Parameters<typeof getSelectProps>[0];

/** The controls of the carriers page's forms, labelled from logisticsSettings.fields.<name> (or `label`), with their server errors. */
export function useFieldKit(testPrefix: string) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const labelOf = (field: Field, label?: string) => t(`logisticsSettings.fields.${label ?? field.name}`);
  return {
    input: (
      field: Field,
      options: { type?: "text" | "date"; required?: boolean; max?: number; label?: string; readOnly?: boolean; decimal?: boolean } = {},
    ) => (
      <TextInput
        {...getInputProps(field, { type: options.type ?? "text" })}
        key={field.key}
        label={labelOf(field, options.label)}
        maxLength={options.max}
        withAsterisk={options.required}
        readOnly={options.readOnly}
        inputMode={options.decimal ? "decimal" : undefined}
        error={errorText(field.errors)}
        data-testid={`${testPrefix}-${field.name}`}
      />
    ),
    select: (field: Field, data: { value: string; label: string }[], label?: string) => (
      <FormSelect field={field} label={labelOf(field, label)} data={data} withAsterisk data-testid={`${testPrefix}-${field.name}`} />
    ),
  };
}

export function SaveButtons({ editing, pending, testId }: { editing: boolean; pending: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <SaveOrCancel
      pending={pending}
      testId={testId}
      label={t("logisticsSettings.save")}
      cancelTo={editing ? LOGISTICS_SETTINGS_PATHS.carriers : undefined}
      cancelLabel={t("logisticsSettings.cancel")}
    />
  );
}
