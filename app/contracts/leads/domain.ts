import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the leads domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063, 070). */
export default defineDomain({
  folder: "leads",
  serverTexts: () => ({ zh: { leads: zh }, en: { leads: en } }),
  pages: {
    "/leads": ["list", "scan", "tags", "overview"],
  },
  fileLinks: ["/leads/export"],
});
