import { type FormMetadata, getFormProps } from "@conform-to/react";
import { Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormError } from "~/components/form-error";

/**
 * An order's multipart form (a plain POST, so it works without JavaScript), named by its heading
 * (`headingId`), with a hint under the heading, the form's own errors and then what goes inside.
 * `before` holds the fixed values it posts ahead of its fields.
 */
export function OrderFormFrame<Schema extends Record<string, unknown>>({
  form,
  testId,
  headingId,
  title,
  hint,
  errorTestId,
  before,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  testId: string;
  headingId: string;
  title: ReactNode;
  hint: ReactNode;
  errorTestId?: string;
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} aria-labelledby={headingId} data-testid={testId}>
      {before}
      <Stack gap="sm" maw={640}>
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        <FormError errors={form.errors} id={form.errorId} testId={errorTestId} />
        {children}
      </Stack>
    </Form>
  );
}
