import { defineDomain } from "../common/domain";
import { MB } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the booth-construction domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "booth-construction",
  serverTexts: () => ({ zh: { boothConstruction: zh }, en: { boothConstruction: en } }),
  uploadFolders: {
    "booth-fascia": { kinds: ["jpg", "cdr"], maxBytes: 50 * MB, printed: true },
    "booth-insurance": { kinds: ["pdf"], maxBytes: 10 * MB },
    "safety-commitment": { kinds: ["jpg", "png", "pdf"], maxBytes: 10 * MB },
    "booth-drawing": { kinds: ["pdf", "jpg", "png"], maxBytes: 50 * MB, printed: true },
  },
  pages: {
    "/boothConstruction": ["standardConstruction", "insurancePurchase", "entrySafetyCommitment", "specialBoothCIProcess", "constructionReview"],
  },
});
