import { defineDomain } from "../common/domain";
import { IMAGES, MB } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the epidemic domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "epidemic",
  serverTexts: () => ({ zh: { epidemic: zh }, en: { epidemic: en } }),
  uploadFolders: {
    "health-code": { kinds: IMAGES, maxBytes: 5 * MB },
    "travel-code": { kinds: IMAGES, maxBytes: 5 * MB },
  },
  pages: {
    "/exhibitorInfo": ["epidemicDeclaration", "epidemicReview"],
  },
});
