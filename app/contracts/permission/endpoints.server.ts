import * as z from "zod";
import "../common/zod-messages";
import { MAX_ID } from "../common/validation";
import { endpoint } from "../api/endpoint";
import type { ButtonAuth, PermissionInfo } from "./api-types";

/** GET /smeb/permission/getButtonsByMenu?menuId */
const buttonsByMenuSchema = z.object({
  menuId: z.coerce.number({ message: "errors.badRequest" }).int().positive("errors.badRequest").max(MAX_ID, "errors.badRequest"),
});

/** Who the caller is, their menu tree and their button auths. */
export const permissionEndpoints = {
  info: endpoint.get("/smeb/permission/getInfo").answers<PermissionInfo>(),
  buttonsByMenu: endpoint.get("/smeb/permission/getButtonsByMenu", buttonsByMenuSchema).answers<ButtonAuth[]>(),
};
