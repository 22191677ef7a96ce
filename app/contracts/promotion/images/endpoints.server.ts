import { endpoint } from "../../api/endpoint";
import { invitationImageSchema, posterImageSchema } from "./schema";

/**
 * The exhibitor's promotion images (issue 38, decision 031): an invitation of its own as a 750 × 1334
 * PNG or a PDF page of it, and the three posters of the home pages; inline unless `download=1`.
 */
export const promotionImageEndpoints = {
  invitationImage: endpoint.get("/smeb/invitation/image", invitationImageSchema).file(),
  poster: endpoint.get("/smeb/invitation/poster", posterImageSchema).file(),
};
