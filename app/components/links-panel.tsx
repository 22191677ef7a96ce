import { Anchor, List, Paper, Stack, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";

export type PanelLink = { to: string; label: string; testId?: string };

/** A titled panel of plain links to other pages (labels and title as text keys). */
export function LinksPanel({ title, testId, gap = "xs", links }: { title: string; testId: string; gap?: "xs" | "sm"; links: PanelLink[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} data-testid={testId}>
      <Stack gap={gap}>
        <Title order={2} size="h4">
          {t(title)}
        </Title>
        <List size="sm">
          {links.map((link) => (
            <List.Item key={link.to}>
              <Anchor component={Link} to={link.to} data-testid={link.testId}>
                {t(link.label)}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
