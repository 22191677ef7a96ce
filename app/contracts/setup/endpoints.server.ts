import { publicEndpoint } from "../api/endpoint";
import type { PortalKind } from "./api-types";

/** What kind of database the portal runs on (issue 52, docs/decisions/054): asked by the shell and the sign-in page, signed in or not. */
export const setupEndpoints = {
  portalKind: publicEndpoint.get("/portal/kind").answers<PortalKind>(),
};
