export const ADMIN_ROLE_ID = 1;
export const EXHIBITOR_ROLE_ID = 2;
export const CARRIER_ROLE_ID = 3;

export const roles = [
  { id: ADMIN_ROLE_ID, code: "admin", name_zh: "管理员", name_en: "Administrator" },
  { id: EXHIBITOR_ROLE_ID, code: "exhibitor", name_zh: "展商", name_en: "Exhibitor" },
  { id: CARRIER_ROLE_ID, code: "carrier", name_zh: "承运商", name_en: "Carrier" },
];
