import { LinksPanel } from "~/components/links-panel";
import { LOGISTICS_SETTINGS_PATHS } from "~/contracts/logistics-settings/values";
import "~/contracts/logistics-settings/texts";

/** /index/settings' "Other settings": the organizer's settings pages of their own (issue 52). */
export function OtherSettingsLinks() {
  return (
    <LinksPanel
      title="logisticsSettings.otherSettings"
      testId="other-settings"
      gap="sm"
      links={(["carriers", "badgeQuota", "construction"] as const).map((page) => ({
        to: LOGISTICS_SETTINGS_PATHS[page],
        label: `logisticsSettings.links.${page}`,
        testId: `settings-link-${page}`,
      }))}
    />
  );
}
