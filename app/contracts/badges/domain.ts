import { defineDomain } from "../common/domain";
import { IMAGES, MB } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the badges domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "badges",
  serverTexts: () => ({ zh: { badges: zh }, en: { badges: en } }),
  uploadFolders: {
    icon: { kinds: IMAGES, maxBytes: 5 * MB },
  },
  pages: {
    "/exhibitorInfo": ["exhibitorCertificateApply"],
  },
});
