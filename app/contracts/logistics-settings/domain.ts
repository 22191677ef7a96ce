import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the logistics-settings domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "logistics-settings",
  serverTexts: () => ({ zh: { logisticsSettings: zh }, en: { logisticsSettings: en } }),
});
