import { defineDomain } from "../common/domain";
import { IMAGES, MB } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the promotion domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "promotion",
  serverTexts: () => ({ zh: { promotion: zh }, en: { promotion: en } }),
  uploadFolders: {
    "exhibits-img": { kinds: IMAGES, maxBytes: 5 * MB },
    poster: { kinds: [...IMAGES, "pdf"], maxBytes: 20 * MB },
  },
  pages: {
    "/exhibitorInfo": [
      "invitation/custom",
      "invitation/exhibitorTopRanking",
      "invitation/exhibitorRanking",
      "invitation/inviteAudienceData",
      "invitation/templates",
      "invitation/visitors",
    ],
    "/invitation": [],
  },
});
