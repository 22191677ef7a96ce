import { Paper, Stack, Title, type MantineSpacing } from "@mantine/core";
import type { ReactNode } from "react";

/** A page's bordered section: its parts stacked, under an optional heading (the shape most pages repeat). */
export function Panel({ title, gap = "md", testId, children }: { title?: ReactNode; gap?: MantineSpacing; testId?: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} data-testid={testId}>
      <Stack gap={gap}>
        {title ? (
          <Title order={2} size="h4">
            {title}
          </Title>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
