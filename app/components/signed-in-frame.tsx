import { Anchor, AppShell, Button, Group, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { Language } from "~/contracts/i18n/config";
import { LanguageSwitch } from "./language-switch";

/** The frame of signed-in pages until the full shell (header menus, sidebar, tabs) lands. */
export function SignedInFrame({ language, userLabel, children }: { language: Language; userLabel: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <AppShell header={{ height: 56 }} padding={0}>
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/index" fw={700} underline="never">
            {t("app.title")}
          </Anchor>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" visibleFrom="xs" data-testid="user-label">
              {userLabel}
            </Text>
            <Anchor component={Link} to="/changePassword" size="sm">
              {t("password.title")}
            </Anchor>
            <LanguageSwitch current={language} />
            <Form method="post" action="/logout">
              <Button type="submit" size="compact-sm" variant="default">
                {t("session.logout")}
              </Button>
            </Form>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <div className="page">{children}</div>
      </AppShell.Main>
      <AppShell.Footer withBorder={false} pos="static" />
    </AppShell>
  );
}
