import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the calendar domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "calendar",
  serverTexts: () => ({ zh: { calendar: zh }, en: { calendar: en } }),
});
