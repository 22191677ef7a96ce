import { defineDomain } from "../common/domain";
import { IMAGES, MB } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the booking-forms domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "booking-forms",
  serverTexts: () => ({ zh: { bookingForms: zh }, en: { bookingForms: en } }),
  uploadFolders: {
    "eletricbox-img": { kinds: [...IMAGES, "pdf"], maxBytes: 10 * MB },
    "leakage-electric": { kinds: [...IMAGES, "pdf"], maxBytes: 10 * MB },
  },
  pages: {
    "/bookingService": ["offlineBookingService/airCompressorService", "electricboxImg", "LeakageElectric"],
  },
});
