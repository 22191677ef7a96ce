import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { Button, Checkbox, Group, Input, NativeSelect, Radio, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import { useErrorText } from "~/lib/forms";
import { label } from "~/contracts/exhibitor/values";

/**
 * Native-backed inputs for the profile steps: each is a plain form control (so the step posts
 * without JavaScript) with Conform's name, id, constraints and errors.
 */
export type Fields = Record<string, FieldMetadata<unknown>>;
export type Option = { value: string; label: string };

type Base = { fields: Fields; name: string; required?: boolean; readOnly?: boolean; description?: React.ReactNode };

function useFieldText(fields: Fields, name: string) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const field = fields[name]!;
  return { field, text: t(label(name)), error: errorText(field.errors) };
}

export function TextField({
  fields,
  name,
  required,
  readOnly,
  description,
  type = "text",
  ...rest
}: Base & { type?: "text" | "email" | "tel" | "url"; maxLength?: number; placeholder?: string; inputMode?: "numeric" | "tel" | "email" }) {
  const { field, text, error } = useFieldText(fields, name);
  const props = getInputProps(field, { type: type === "url" ? "text" : type });
  return (
    <TextInput
      {...props}
      key={field.key}
      // Drafts may be incomplete: the browser must not refuse 'save draft' over an empty field.
      required={false}
      label={text}
      withAsterisk={required}
      error={error}
      readOnly={readOnly}
      description={description}
      inputWrapperOrder={["label", "input", "description", "error"]}
      {...rest}
    />
  );
}

export function TextAreaField({ fields, name, required, readOnly, description, maxLength, minRows = 3 }: Base & { maxLength?: number; minRows?: number }) {
  const { field, text, error } = useFieldText(fields, name);
  return (
    <Textarea
      {...getTextareaProps(field)}
      key={field.key}
      required={false}
      label={text}
      withAsterisk={required}
      error={error}
      readOnly={readOnly}
      maxLength={maxLength}
      autosize
      minRows={minRows}
      maxRows={14}
      description={description}
      inputWrapperOrder={["label", "input", "description", "error"]}
    />
  );
}

export function SelectField({
  fields,
  name,
  required,
  options,
  placeholder,
  onChange,
  description,
}: Base & { options: Option[]; placeholder: string; onChange?: (event: React.ChangeEvent<HTMLSelectElement>) => void }) {
  const { field, text, error } = useFieldText(fields, name);
  return (
    <NativeSelect
      {...getSelectProps(field)}
      key={field.key}
      required={false}
      label={text}
      withAsterisk={required}
      error={error}
      data={[{ value: "", label: placeholder }, ...options]}
      onChange={onChange}
      description={description}
      inputWrapperOrder={["label", "input", "description", "error"]}
    />
  );
}

function listValue(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return value === undefined || value === null || value === "" ? [] : [String(value)];
}

/** Checkboxes sharing one name: the ticked values post as a list. */
export function CheckboxGroupField({ fields, name, required, options, description }: Base & { options: Option[] }) {
  const { field, text, error } = useFieldText(fields, name);
  const chosen = new Set(listValue(field.initialValue));
  return (
    <Input.Wrapper
      label={text}
      withAsterisk={required}
      error={error}
      description={description}
      id={field.id}
      inputWrapperOrder={["label", "description", "input", "error"]}
    >
      <Group gap="md" mt={4} role="group" aria-labelledby={`${field.id}-label`} key={field.key}>
        {options.map((option) => (
          <Checkbox
            key={option.value}
            name={field.name}
            value={option.value}
            label={option.label}
            defaultChecked={chosen.has(option.value)}
            aria-invalid={error ? true : undefined}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}

export function RadioGroupField({ fields, name, required, options, description }: Base & { options: Option[] }) {
  const { field, text, error } = useFieldText(fields, name);
  const chosen = typeof field.initialValue === "string" ? field.initialValue : "";
  return (
    <Input.Wrapper
      label={text}
      withAsterisk={required}
      error={error}
      description={description}
      id={field.id}
      inputWrapperOrder={["label", "description", "input", "error"]}
    >
      <Group gap="md" mt={4} role="radiogroup" key={field.key}>
        {options.map((option) => (
          <Radio key={option.value} name={field.name} value={option.value} label={option.label} defaultChecked={chosen === option.value} />
        ))}
      </Group>
    </Input.Wrapper>
  );
}

/** A submit button that saves the draft and does one more thing; never blocked by the rules. */
export function IntentButton({
  intent,
  children,
  variant = "default",
  size = "xs",
}: {
  intent: string;
  children: React.ReactNode;
  variant?: string;
  size?: string;
}) {
  return (
    <Button type="submit" name="intent" value={intent} variant={variant} size={size} formNoValidate>
      {children}
    </Button>
  );
}
