import { defineDomain } from "../common/domain";
import { IMAGES, MB } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the orders domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "orders",
  serverTexts: () => ({ zh: { orders: zh }, en: { orders: en } }),
  uploadFolders: {
    "certificate-composite": { kinds: [...IMAGES, "pdf"], maxBytes: 20 * MB },
  },
  pages: {
    "/bookingService": ["onlineBookingService", "myOrder", "orderReview"],
  },
});
