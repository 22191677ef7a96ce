import { CARRIER_ROLE_ID, EXHIBITOR_ROLE_ID, MEMBER_ROLE_ID, ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";

/** The roles table (app/contracts/permission/roles.ts names them). */
export const roles = [
  { id: ORGANIZER_ROLE_ID, code: "admin", name_zh: "管理员", name_en: "Administrator" },
  { id: EXHIBITOR_ROLE_ID, code: "exhibitor", name_zh: "展商", name_en: "Exhibitor" },
  { id: CARRIER_ROLE_ID, code: "carrier", name_zh: "承运商", name_en: "Carrier" },
  { id: MEMBER_ROLE_ID, code: "member", name_zh: "展商团队成员", name_en: "Exhibitor team member" },
];
