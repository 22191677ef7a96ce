import { endpoint } from "../api/endpoint";
import type { AreaTheme, ExhibitionLetter, NamedItem, ProfileView, ReviewDetail, ReviewList } from "./api-types";
import { reviewListQuerySchema, saveDraftSchema, submitProfileSchema, uniqueIdQuerySchema, updateContactsSchema, userIdQuerySchema } from "./request-schema";
import { groupDataSchema, reviewDecisionSchema, type GroupData } from "./schema";

/**
 * The exhibitor's profile and group data, the exhibits step's choice lists and the organizer's
 * review (/smeb/exhibitor/*). The contact codes (sendSmsCode, sendEmailCode) are in contact-endpoints.ts.
 */
export const exhibitorEndpoints = {
  profile: endpoint.get("/smeb/exhibitor/info/findByUserId").answers<ProfileView>(),
  saveDraft: endpoint.post("/smeb/exhibitor/info/saveDraft", saveDraftSchema).answers<ProfileView>(),
  /** Submits the profile for review (saving the step posted first). */
  submit: endpoint.post("/smeb/exhibitor/info/update", submitProfileSchema).answers<ProfileView>(),
  updateContacts: endpoint.post("/smeb/exhibitor/info/updateExhibitorContact", updateContactsSchema).answers<ProfileView>(),
  byUniqueId: endpoint.get("/smeb/exhibitor/info/findExhibitorInfoByUniqueId", uniqueIdQuerySchema).answers<ProfileView>(),
  letter: endpoint.get("/smeb/exhibitor/info/getExhibitionLetterUrl").answers<ExhibitionLetter>(),
  groupInfo: endpoint.get("/smeb/exhibitor/info/getGroupInfo").answers<GroupData | null>(),
  saveGroupInfo: endpoint.post("/smeb/exhibitor/info/saveGroupInfo", groupDataSchema).answers<GroupData>(),
  themes: endpoint.get("/smeb/exhibitor/info/listAreaClassify").answers<AreaTheme[]>(),
  classes: endpoint.get("/smeb/exhibitor/class/list").answers<NamedItem[]>(),
  industries: endpoint.get("/smeb/exhibitor/industry/list").answers<NamedItem[]>(),
  /** The organizer's review (roleId 1), within the organizer's exhibition. */
  reviewList: endpoint.get("/smeb/exhibitor/info/reviewList", reviewListQuerySchema).answers<ReviewList>(),
  reviewDetail: endpoint.get("/smeb/exhibitor/info/reviewDetail", userIdQuerySchema).answers<ReviewDetail>(),
  decide: endpoint.post("/smeb/exhibitor/info/review", reviewDecisionSchema).answers<ProfileView>(),
};
