import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the video domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "video",
  serverTexts: () => ({ zh: { video: zh }, en: { video: en } }),
  pages: {
    "/exhibitorInfo": ["promotionalVideo", "videos"],
  },
});
