import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the reservations domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "reservations",
  serverTexts: () => ({ zh: { reservations: zh }, en: { reservations: en } }),
  pages: {
    "/HT": ["businessReservations", "reservationDesk"],
  },
});
