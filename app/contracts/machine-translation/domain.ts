import { defineDomain } from "../common/domain";

/** What the machine-translation domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "machine-translation",
});
