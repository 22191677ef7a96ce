import { defineDomain } from "../common/domain";
import { MB } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the traffic-guides domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "traffic-guides",
  serverTexts: () => ({ zh: { trafficGuides: zh }, en: { trafficGuides: en } }),
  uploadFolders: {
    "guide-map": { kinds: ["jpg", "png"], maxBytes: 5 * MB },
  },
  pages: {
    "/HT": ["busGuide", "parkingGuide", "guides"],
  },
  fileLinks: ["/HT/parkingGuide/map/"],
});
