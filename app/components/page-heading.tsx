import { Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A page's title (its h1) and, under it, the dimmed line that introduces the page. */
export function PageHeading({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <>
      <Title order={1} size="h3">
        {title}
      </Title>
      {intro ? (
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      ) : null}
    </>
  );
}
