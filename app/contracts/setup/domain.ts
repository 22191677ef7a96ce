import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the setup domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "setup",
  serverTexts: () => ({ zh: { setup: zh }, en: { setup: en } }),
});
