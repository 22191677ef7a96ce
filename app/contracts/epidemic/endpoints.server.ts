import { endpoint } from "../api/endpoint";
import type { EpidemicCommitment, EpidemicReview, EpidemicSettings, EpidemicStaff, EpidemicStaffPage, StaffImportResult } from "./api-types";
import { commitmentSchema, reviewQuerySchema, settingsSchema, staffIdSchema, staffPageSchema, staffSchemaZh } from "./schema";

/**
 * The epidemic declaration (issue 41), as the spec's group names it: "commitment find, create, update,
 * delete; member findPage, upload, addInfo, delete", plus the staff template and the organizer's side
 * (roleId 1: settings, the list of every exhibitor's declaration and staff, the Excel export). While
 * the exhibition's switch is off the exhibitor's endpoints answer 404.
 */
export const epidemicEndpoints = {
  commitment: endpoint.get("/smeb/epidemic/commitment/find").answers<EpidemicCommitment>(),
  createCommitment: endpoint.post("/smeb/epidemic/commitment/create", commitmentSchema).answers<EpidemicCommitment>(),
  updateCommitment: endpoint.post("/smeb/epidemic/commitment/update", commitmentSchema).answers<EpidemicCommitment>(),
  /** Withdraws the acceptance; the staff list stays. */
  deleteCommitment: endpoint.post("/smeb/epidemic/commitment/delete").answers<EpidemicCommitment>(),

  staff: endpoint.get("/smeb/epidemic/member/findPage", staffPageSchema).answers<EpidemicStaffPage>(),
  /** The language's own rules are applied by the server; the declaration names the Chinese one for the fields. */
  addStaff: endpoint.post("/smeb/epidemic/member/addInfo", staffSchemaZh).answers<EpidemicStaff>(),
  deleteStaff: endpoint.post("/smeb/epidemic/member/delete", staffIdSchema).answers<null>(),
  /** The Excel file (multipart field `file`): all rows or none. */
  uploadStaff: endpoint.upload("/smeb/epidemic/member/upload").answers<StaffImportResult>(),
  template: endpoint.get("/smeb/epidemic/member/downloadTemplate").file(),

  settings: endpoint.get("/smeb/epidemic/review/settings").answers<EpidemicSettings>(),
  saveSettings: endpoint.post("/smeb/epidemic/review/settings/save", settingsSchema).answers<EpidemicSettings>(),
  review: endpoint.get("/smeb/epidemic/review/list", reviewQuerySchema).answers<EpidemicReview>(),
  export: endpoint.get("/smeb/epidemic/review/export", reviewQuerySchema).file(),
};
