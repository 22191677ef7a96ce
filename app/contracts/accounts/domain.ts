import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the accounts domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "accounts",
  serverTexts: () => ({ zh: { accounts: zh }, en: { accounts: en } }),
  pages: {
    "/exhibitorInfo": ["exhibitorImport", "exhibitorInvite"],
  },
});
