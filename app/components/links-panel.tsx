import { Anchor, List } from "@mantine/core";
import { Panel } from "~/components/panel";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";

export type PanelLink = { to: string; label: string; testId?: string };

/** A titled panel of plain links to other pages (labels and title as text keys). */
export function LinksPanel({ title, testId, gap = "xs", links }: { title: string; testId: string; gap?: "xs" | "sm"; links: PanelLink[] }) {
  const { t } = useTranslation();
  return (
    <Panel title={t(title)} gap={gap} testId={testId}>
      <List size="sm">
        {links.map((link) => (
          <List.Item key={link.to}>
            <Anchor component={Link} to={link.to} data-testid={link.testId}>
              {t(link.label)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Panel>
  );
}
