import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { NativeSelect, type NativeSelectProps, Textarea, type TextareaProps, TextInput, type TextInputProps } from "@mantine/core";
import { useErrorText } from "~/lib/forms";

/**
 * Mantine inputs bound to a Conform field: its name, value and constraints, a fresh input when the
 * form is reset (its key), and its errors in the page's language. Each is a plain form control, so
 * the form posts without JavaScript. The rest of the props are Mantine's.
 */
type Bound<Schema extends Record<string, unknown>, Props> = Omit<Props, "name" | "defaultValue" | "error" | "type"> & {
  field: FieldMetadata<unknown, Schema, string[]>;
};

export function FormTextInput<Schema extends Record<string, unknown>>({
  field,
  type = "text",
  ...props
}: Bound<Schema, TextInputProps> & { type?: "text" | "number" | "date" | "tel" | "email" }) {
  const errorText = useErrorText();
  return <TextInput {...getInputProps(field, { type })} key={field.key} {...props} error={errorText(field.errors)} />;
}

export function FormTextarea<Schema extends Record<string, unknown>>({ field, ...props }: Bound<Schema, TextareaProps>) {
  const errorText = useErrorText();
  return <Textarea {...getTextareaProps(field)} key={field.key} {...props} error={errorText(field.errors)} />;
}

export function FormSelect<Schema extends Record<string, unknown>>({ field, ...props }: Bound<Schema, NativeSelectProps>) {
  const errorText = useErrorText();
  return <NativeSelect {...getSelectProps(field)} key={field.key} {...props} error={errorText(field.errors)} />;
}
