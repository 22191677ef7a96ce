import { defineDomain } from "../common/domain";
import { IMAGES, MB } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the transport domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "transport",
  serverTexts: () => ({ zh: { transport: zh }, en: { transport: en } }),
  uploadFolders: {
    "carriage-bill": { kinds: [...IMAGES, "pdf"], maxBytes: 10 * MB },
    "carriage-exhibit-excel": { kinds: ["xls", "xlsx"], maxBytes: 10 * MB },
  },
  pages: {
    "/exhibitTL": ["carriage", "review", "carriageOrder", "exhibitsCostReservation"],
  },
});
