import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { PagePanel } from "~/components/page-panel";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/leads/texts";

/** The company's lead pages as the organizer opens them from its full menu: no company's leads, the counts' page instead. */
export function OrganizerLeadsNotice({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PagePanel title={title}>
      <Stack gap="xs" data-testid="leads-organizer-notice">
        <Text>{t("leads.organizerNotice")}</Text>
        <Anchor component={Link} to="/leads/overview">
          {t("leads.overviewTitle")}
        </Anchor>
      </Stack>
    </PagePanel>
  );
}
