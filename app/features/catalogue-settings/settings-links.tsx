import { LinksPanel } from "~/components/links-panel";
import { AGENTS_SETTINGS_PATH, SERVICES_SETTINGS_PATH } from "~/contracts/catalogue-settings/values";
import "~/contracts/catalogue-settings/texts";

/** /index/settings' links to the service catalogue and overseas agents pages (issue 52). */
export function CatalogueSettingsLinks() {
  return (
    <LinksPanel
      title="catalogueSettings.heading"
      testId="catalogue-settings-links"
      links={[
        { to: SERVICES_SETTINGS_PATH, label: "catalogueSettings.services.title" },
        { to: AGENTS_SETTINGS_PATH, label: "catalogueSettings.agents.title" },
      ]}
    />
  );
}
