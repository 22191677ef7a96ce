import { endpoint, publicEndpoint } from "../api/endpoint";
import type { ExhibitionSettingsView } from "./api-types";
import { exhibitionSettingsSchema } from "./schema";
import type { SiteSettings } from "./values";

/** The organizer's general settings (issue 52): read and saved by roleId 1 only; what every page's frame shows, by anyone. */
export const exhibitionSettingsEndpoints = {
  settings: endpoint.get("/smeb/exhibition/settings").answers<ExhibitionSettingsView>(),
  /** Every field at once, in one transaction: nothing half-saved. */
  save: endpoint.post("/smeb/exhibition/settings/save", exhibitionSettingsSchema).answers<ExhibitionSettingsView>(),
  /** The current exhibition's filing number, user guide, contact code and drawing site, for pages without a session. */
  site: publicEndpoint.get("/site/settings").answers<SiteSettings>(),
};
