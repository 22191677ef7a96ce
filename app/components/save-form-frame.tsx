import { type FormMetadata, getFormProps } from "@conform-to/react";
import { Stack, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormError } from "./form-error";
import { HiddenFields } from "./hidden-fields";

/**
 * An organizer's form that adds a record or saves the one being edited (`editingId`, posted as `id`),
 * as a plain POST of `intent` (multipart when it sends a file), so it works without JavaScript. The
 * page's own fields and buttons go inside, under the title and the form's errors.
 */
export function SaveFormFrame<Schema extends Record<string, unknown>>({
  form,
  testId,
  intent,
  editingId,
  title,
  hint,
  multipart = false,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  testId: string;
  intent: string;
  editingId: number | undefined;
  title: ReactNode;
  /** A line under the title, before the errors. */
  hint?: ReactNode;
  multipart?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" encType={multipart ? "multipart/form-data" : undefined} {...getFormProps(form)} data-testid={testId}>
      <HiddenFields values={editingId === undefined ? { intent } : { intent, id: editingId }} />
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {hint}
        <FormError errors={form.errors} id={form.errorId} />
        {children}
      </Stack>
    </Form>
  );
}
