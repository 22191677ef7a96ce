import { defineDomain } from "../common/domain";
import { IMAGES, MB } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the exhibitor domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "exhibitor",
  serverTexts: () => ({ zh: { exhibitor: zh }, en: { exhibitor: en } }),
  uploadFolders: {
    "company-logo": { kinds: IMAGES, maxBytes: 5 * MB },
    "company-video": { kinds: ["mp4"], maxBytes: 200 * MB },
    "company-video-cover": { kinds: IMAGES, maxBytes: 5 * MB },
  },
  pages: {
    "/exhibitorInfo": ["exhibitorData", "groupData", "exhibitorReview"],
  },
});
