import { defineDomain } from "../common/domain";
import { IMAGES, MB } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the settings domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "settings",
  serverTexts: () => ({ zh: { settings: zh }, en: { settings: en } }),
  uploadFolders: {
    feedback: { kinds: IMAGES, maxBytes: 5 * MB },
  },
});
