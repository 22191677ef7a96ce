import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the catalogue-settings domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "catalogue-settings",
  serverTexts: () => ({ zh: { catalogueSettings: zh }, en: { catalogueSettings: en } }),
});
