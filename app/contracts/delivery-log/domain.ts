import { defineDomain } from "../common/domain";
import { en, zh } from "./texts.server";

/** What the delivery-log domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "delivery-log",
  serverTexts: () => ({ zh: { deliveryLog: zh }, en: { deliveryLog: en } }),
});
