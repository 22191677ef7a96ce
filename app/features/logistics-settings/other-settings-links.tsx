import { Anchor, List, Paper, Stack, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { LOGISTICS_SETTINGS_PATHS } from "~/contracts/logistics-settings/values";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/logistics-settings/texts";

/** /index/settings' "Other settings": the organizer's settings pages of their own (issue 52). */
export function OtherSettingsLinks() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} data-testid="other-settings">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("logisticsSettings.otherSettings")}
        </Title>
        <List size="sm">
          {(["carriers", "badgeQuota", "construction"] as const).map((page) => (
            <List.Item key={page}>
              <Anchor component={Link} to={LOGISTICS_SETTINGS_PATHS[page]} data-testid={`settings-link-${page}`}>
                {t(`logisticsSettings.links.${page}`)}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
