import type { Resource } from "~/contracts/i18n/locales/en";

/** trafficGuides texts (zh), issue 41: The bus and parking guides. */
const trafficGuides: Resource["trafficGuides"] = {
  title: "The bus and parking guides",
};

export default trafficGuides;
