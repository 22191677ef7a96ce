import { endpoint, publicEndpoint } from "../api/endpoint";
import type { ShowcaseAdminRow, ShowcaseMine, ShowcasePublic, ShowcaseQr } from "./api-types";
import { showcaseEnableSchema, showcaseHideSchema, showcaseImageSchema, showcasePublicSchema, showcaseQrSchema, showcaseSaveSchema } from "./schema";

/**
 * The custom mini-program as a public showcase page (issue 40, decision 036). The exhibitor's own
 * (callerFor), the organizer's list and hide switch (roleId 1), and the public page by code (no session).
 */
export const showcaseEndpoints = {
  mine: endpoint.get("/smeb/showcase/mine").answers<ShowcaseMine>(),
  save: endpoint.post("/smeb/showcase/save", showcaseSaveSchema).answers<ShowcaseMine>(),
  enable: endpoint.post("/smeb/showcase/enable", showcaseEnableSchema).answers<ShowcaseMine>(),
  /** The spec's call: the QR code of the exhibitor's page. */
  qrCode: endpoint.post("/wx/getMiniQrCode", showcaseQrSchema).answers<ShowcaseQr>(),

  list: endpoint.get("/smeb/showcase/list").answers<ShowcaseAdminRow[]>(),
  hide: endpoint.post("/smeb/showcase/hide", showcaseHideSchema).answers<ShowcaseAdminRow[]>(),

  /** Public: the page of a code; counts one view per visitor and day for the popularity ranking. */
  publicPage: publicEndpoint.get("/showcase/public/info", showcasePublicSchema).answers<ShowcasePublic>(),
  publicImage: publicEndpoint.get("/showcase/public/image", showcaseImageSchema).file(),
};
