import { Anchor, List, Paper, Stack, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { AGENTS_SETTINGS_PATH, SERVICES_SETTINGS_PATH } from "~/contracts/catalogue-settings/values";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/catalogue-settings/texts";

/** /index/settings' links to the service catalogue and overseas agents pages (issue 52). */
export function CatalogueSettingsLinks() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} data-testid="catalogue-settings-links">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("catalogueSettings.heading")}
        </Title>
        <List size="sm">
          <List.Item>
            <Anchor component={Link} to={SERVICES_SETTINGS_PATH}>
              {t("catalogueSettings.services.title")}
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={AGENTS_SETTINGS_PATH}>
              {t("catalogueSettings.agents.title")}
            </Anchor>
          </List.Item>
        </List>
      </Stack>
    </Paper>
  );
}
