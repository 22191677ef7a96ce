import { Paper, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { PageHeading } from "./page-heading";

/**
 * A page's first panel: its title (the page's h1), an optional intro line and what the page shows
 * first (notices, its form or list). Without `maw` it takes the width of where it stands;
 * FormPage is the frame of a page that is one form.
 */
export function PagePanel({ title, intro, maw, children }: { title: ReactNode; intro?: ReactNode; maw?: number; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" maw={maw}>
      <Stack gap="md">
        <PageHeading title={title} intro={intro} />
        {children}
      </Stack>
    </Paper>
  );
}
