import { Paper, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { FormError } from "./form-error";
import { PageHeading } from "./page-heading";

/**
 * The frame of a form page: its title (the page's h1), an optional intro, the form's own errors
 * (a toast, docs/product.md § Messages and errors) and the form. A success after the post is a toast too (toast.server.ts).
 */
export function FormPage({
  title,
  intro,
  form,
  maw = 760,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  /** Conform's form: its errors and their id (the form's aria-describedby). */
  form?: { errors?: string[]; errorId: string };
  maw?: number;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" maw={maw}>
      <Stack gap="md">
        <PageHeading title={title} intro={intro} />
        {form ? <FormError errors={form.errors} id={form.errorId} /> : null}
        {children}
      </Stack>
    </Paper>
  );
}
