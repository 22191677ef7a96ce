import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the auth domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "auth",
  serverTexts: () => ({ zh: { passwordLinks: zh }, en: { passwordLinks: en } }),
});
