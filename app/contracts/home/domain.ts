import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the home domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "home",
  serverTexts: () => ({ zh: { home: zh }, en: { home: en } }),
});
