import { getInputProps, getSelectProps, type getTextareaProps } from "@conform-to/react";
import { Checkbox, NativeSelect, TextInput } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import { useErrorText } from "~/lib/forms";
import "~/contracts/catalogue-settings/texts";
import { FormTextarea } from "~/components/form-fields";

/**
 * The controls of the catalogue forms, labelled from catalogueSettings.fields.<name> and showing the
 * field's errors (translated), with a test id per field: one place for what both forms repeat.
 */
type Field = Parameters<typeof getInputProps>[0] & Parameters<typeof getTextareaProps>[0] & Parameters<typeof getSelectProps>[0];

export function useCatalogueFields() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const label = (field: Field) => t(`catalogueSettings.fields.${field.name}`);
  return {
    input: (field: Field, options: { type?: "text" | "datetime-local" | "email"; required?: boolean; max?: number; numeric?: boolean; hint?: string } = {}) => (
      <TextInput
        {...getInputProps(field, { type: options.type === "datetime-local" ? "datetime-local" : "text" })}
        key={field.key}
        type={options.type ?? "text"}
        inputMode={options.numeric ? "decimal" : undefined}
        label={label(field)}
        description={options.hint}
        maxLength={options.max}
        withAsterisk={options.required}
        error={errorText(field.errors)}
        data-testid={`field-${field.name}`}
      />
    ),
    area: (field: Field, max: number) => (
      <FormTextarea field={field} label={label(field)} maxLength={max} autosize minRows={2} data-testid={`field-${field.name}`} />
    ),
    select: (field: Field, data: { value: string; label: string }[]) => (
      <NativeSelect {...getSelectProps(field)} key={field.key} label={label(field)} data={data} withAsterisk error={errorText(field.errors)} />
    ),
    /** A ticked box posts "on"; unticked posts nothing (false). */
    check: (field: Field) => (
      <Checkbox name={field.name} defaultChecked={Boolean(field.initialValue)} label={label(field)} data-testid={`field-${field.name}`} />
    ),
  };
}
