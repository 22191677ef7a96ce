import { endpoint } from "../api/endpoint";
import type {
  ExhibitList,
  ExhibitRemoved,
  ExhibitView,
  InvitationList,
  InvitationRemoved,
  InvitationTemplateView,
  InvitationView,
  TemplateAdminView,
} from "./api-types";
import {
  exhibitIdSchema,
  exhibitOrderSchema,
  exhibitSchema,
  exhibitUpdateSchema,
  invitationIdSchema,
  invitationSchema,
  invitationUpdateSchema,
} from "./schema";
import { templateSchema, templateUpdateSchema } from "./templates/schema";

/** Promotion (issue 38): the exhibitor's exhibits and invitations, under the invitation API's paths. */
export const promotionEndpoints = {
  exhibits: endpoint.get("/smeb/invitation/exhibits/list").answers<ExhibitList>(),
  exhibit: endpoint.get("/smeb/invitation/exhibits/detail", exhibitIdSchema).answers<ExhibitView>(),
  addExhibit: endpoint.post("/smeb/invitation/exhibits/add", exhibitSchema).answers<ExhibitView>(),
  updateExhibit: endpoint.post("/smeb/invitation/exhibits/update", exhibitUpdateSchema).answers<ExhibitView>(),
  removeExhibit: endpoint.post("/smeb/invitation/exhibits/delete", exhibitIdSchema).answers<ExhibitRemoved>(),
  /** Reorders: the ids of every exhibit of the caller, first to last. */
  orderExhibits: endpoint.post("/smeb/invitation/exhibits/saveAll", exhibitOrderSchema).answers<ExhibitList>(),
  templates: endpoint.get("/smeb/invitation/templates").answers<InvitationTemplateView[]>(),
  invitations: endpoint.get("/smeb/invitation/list").answers<InvitationList>(),
  saveInvitation: endpoint.post("/smeb/invitation/save", invitationSchema).answers<InvitationView>(),
  updateInvitation: endpoint.post("/smeb/invitation/update", invitationUpdateSchema).answers<InvitationView>(),
  removeInvitation: endpoint.post("/smeb/invitation/delete", invitationIdSchema).answers<InvitationRemoved>(),
  /** The organizer's (roleId 1): every template of the exhibition, active or not. */
  allTemplates: endpoint.get("/smeb/invitation/templates/all").answers<TemplateAdminView[]>(),
  addTemplate: endpoint.post("/smeb/invitation/templates/save", templateSchema).answers<TemplateAdminView[]>(),
  updateTemplate: endpoint.post("/smeb/invitation/templates/update", templateUpdateSchema).answers<TemplateAdminView[]>(),
};
