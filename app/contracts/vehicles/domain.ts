import { defineDomain } from "../common/domain";
import { IMAGES, MB } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the vehicles domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "vehicles",
  serverTexts: () => ({ zh: { vehicles: zh }, en: { vehicles: en } }),
  uploadFolders: {
    "driving-license": { kinds: [...IMAGES, "pdf"], maxBytes: 5 * MB },
  },
  pages: {
    "/exhibitTL": ["truckInformationSubmit", "twExhibitsDeclaration", "smallExhibitsExpress", "overseasExhibitTrans", "truckReview", "twExhibitsReview"],
    "/HT": ["blueCarGuide", "blueCarReview"],
  },
});
