import { endpoint } from "../api/endpoint";
import { switchBoothSchema, type SwitchBoothResponse } from "./booth-schema";
import { feedbackFormSchema } from "./feedback-schema";
import { feedbackHandledSchema, feedbackIdSchema, feedbackInboxQuerySchema, type FeedbackInboxPage, type FeedbackInboxRow } from "./feedback-inbox-schema";
import { skinSchema, type SkinResponse } from "./skin-schema";

/** What the 'Contact us' page shows: the organizer's code (null: none set) and its tip lines in the caller's language. */
export type ContactWay = { qrCode: string | null; tips: string[] };
export type FeedbackSaved = { id: number; imgUrl: string | null };

/** Personal settings: feedback (and the organizer's inbox of it), skin, the booth switch and the contact code. */
export const settingsEndpoints = {
  /** The feedback form's fields (an earlier upload's imgUrl), or multipart with the image itself as a `file` part. */
  saveFeedback: endpoint.post("/smeb/feedback/save", feedbackFormSchema).answers<FeedbackSaved>(),
  /** The organizer's inbox (roleId 1, issue 51): the exhibition's feedback, newest first, by type and state. */
  feedbackInbox: endpoint.get("/smeb/feedback/list", feedbackInboxQuerySchema).answers<FeedbackInboxPage>(),
  /** The organizer marks one feedback handled, or waiting again. */
  markFeedback: endpoint.post("/smeb/feedback/handle", feedbackHandledSchema).answers<FeedbackInboxRow>(),
  /** The image attached to one feedback (the organizer's only). */
  feedbackImage: endpoint.get("/smeb/feedback/image", feedbackIdSchema).file(),
  skin: endpoint.get("/smeb/user/skin").answers<SkinResponse>(),
  saveSkin: endpoint.post("/smeb/user/skin", skinSchema).answers<SkinResponse>(),
  switchBooth: endpoint.post("/smeb/user/switchBooth", switchBoothSchema).answers<SwitchBoothResponse>(),
  contactWay: endpoint.get("/wx/getContactWay").answers<ContactWay>(),
};
