import { defineDomain } from "../common/domain";

/** What the permission domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "permission",
});
