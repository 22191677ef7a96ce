import { defineDomain } from "../common/domain";
import { DEFAULT_UPLOAD_KINDS, DEFAULT_UPLOAD_MAX_BYTES } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the uploads domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "uploads",
  serverTexts: () => ({ zh: { uploads: zh }, en: { uploads: en } }),
  uploadFolders: {
    test: { kinds: DEFAULT_UPLOAD_KINDS, maxBytes: DEFAULT_UPLOAD_MAX_BYTES },
  },
});
