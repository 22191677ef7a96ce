import type { AnyEndpoint } from "../../app/contracts/api/endpoint";
import { authEndpoints } from "../../app/contracts/auth/endpoints.server";
import { permissionEndpoints } from "../../app/contracts/permission/endpoints.server";
import { settingsEndpoints } from "../../app/contracts/settings/endpoints.server";
import { transportEndpoints } from "../../app/contracts/transport/endpoints.server";
import { uploadEndpoints } from "../../app/contracts/uploads/endpoints.server";
import { expressEndpoints } from "../../app/contracts/vehicles/endpoints.server";

/**
 * What a carrier's account (roleId 3) may call: the carrier side of exhibit transport (declarations
 * to review, carriage orders, hoisting, small-exhibit moves, and its home page's summary: every path
 * under /shipment/), its own account (password, skin, feedback, contact), uploads and the files it is shown.
 * Everything of the exhibitors' areas answers 403 before anything is read: a carrier acts for
 * exhibitors only through those pages. The check sits in requireSession, as the contractor's does
 * (server/contractors/scope.ts), so a route added later is closed to carriers until listed here.
 */
const CARRIER_SIDE_PREFIX = "/shipment/";

const carrierSide = (endpoints: Record<string, AnyEndpoint>) => Object.values(endpoints).filter((e) => e.path.startsWith(CARRIER_SIDE_PREFIX));

const CARRIER_API_PATHS: ReadonlySet<string> = new Set(
  [
    authEndpoints.authTicket,
    authEndpoints.cancellation,
    authEndpoints.modifyPasswd,
    permissionEndpoints.info,
    permissionEndpoints.buttonsByMenu,
    settingsEndpoints.saveFeedback,
    settingsEndpoints.skin,
    settingsEndpoints.saveSkin,
    settingsEndpoints.contactWay,
    uploadEndpoints.signature,
    uploadEndpoints.complete,
    ...carrierSide(transportEndpoints),
    ...carrierSide(expressEndpoints),
  ].map((endpoint) => endpoint.path),
);

/** Stored files are read through /files/<id>, each checked against its owner and grants (server/uploads/files.ts). */
export function carrierMayCall(path: string) {
  return CARRIER_API_PATHS.has(path) || /^\/files\/[^/]+$/.test(path);
}
