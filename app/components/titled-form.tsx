import { type FormMetadata, getFormProps } from "@conform-to/react";
import { Stack, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormError } from "./form-error";
import { HiddenFields } from "./hidden-fields";

/**
 * A Conform form on a page, as a plain POST (multipart when it sends a file) so it works without
 * JavaScript: the fixed values it carries (`hidden`, such as its intent), then its title (a section's
 * h2, or an h3 inside one with `level={3}`), any hint, the form's own errors and what goes inside.
 */
export function TitledForm<Schema extends Record<string, unknown>>({
  form,
  testId,
  title,
  level = 2,
  hint,
  hidden,
  multipart = false,
  preventScrollReset = false,
  errors = form.errors,
  errorTestId,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  testId?: string;
  title: ReactNode;
  level?: 2 | 3;
  /** A line under the title, before the errors. */
  hint?: ReactNode;
  hidden?: Record<string, string | number>;
  multipart?: boolean;
  preventScrollReset?: boolean;
  /** The form's own errors, where some field's errors are shown with them. */
  errors?: string[];
  /** The test id of the form's own errors, where a test looks for them. */
  errorTestId?: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      {...getFormProps(form)}
      data-testid={testId}
      preventScrollReset={preventScrollReset}
    >
      {hidden ? <HiddenFields values={hidden} /> : null}
      <Stack gap="sm">
        <Title order={level} size={level === 2 ? "h4" : "h5"}>
          {title}
        </Title>
        {hint}
        <FormError errors={errors} id={form.errorId} testId={errorTestId} />
        {children}
      </Stack>
    </Form>
  );
}
