import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the reminders domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "reminders",
  serverTexts: () => ({ zh: { reminders: zh }, en: { reminders: en } }),
});
