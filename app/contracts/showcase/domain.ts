import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the showcase domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "showcase",
  serverTexts: () => ({ zh: { showcase: zh }, en: { showcase: en } }),
  pages: {
    "/exhibitorInfo": ["miniProgram", "showcases"],
  },
});
