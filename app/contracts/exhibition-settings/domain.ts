import { defineDomain } from "../common/domain";
import { MB } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the exhibition-settings domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "exhibition-settings",
  serverTexts: () => ({ zh: { exhibitionSettings: zh }, en: { exhibitionSettings: en } }),
  uploadFolders: {
    "contact-code": { kinds: ["jpg", "png"], maxBytes: MB },
  },
});
