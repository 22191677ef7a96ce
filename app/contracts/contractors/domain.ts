import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the contractors domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "contractors",
  serverTexts: () => ({ zh: { contractors: zh }, en: { contractors: en } }),
  pages: {
    "/bookingService": ["ECReservation"],
  },
});
