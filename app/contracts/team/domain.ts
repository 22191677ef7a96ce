import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the team domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "team",
  serverTexts: () => ({ zh: { team: zh }, en: { team: en } }),
  pages: {
    "/exhibitorInfo": ["team"],
    "/index": ["staff", "history"],
  },
});
