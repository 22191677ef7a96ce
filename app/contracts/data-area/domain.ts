import { defineDomain } from "../common/domain";
import { MB } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the data-area domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "data-area",
  serverTexts: () => ({ zh: { dataArea: zh }, en: { dataArea: en } }),
  uploadFolders: {
    "data-file": { kinds: ["pdf", "xls", "xlsx", "jpg", "png"], maxBytes: 50 * MB, printed: true },
  },
  pages: {
    "/dataArea": ["index", "files"],
  },
  fileLinks: ["/dataArea/download/"],
});
