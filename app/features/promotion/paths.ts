/** The promotion pages' paths (issue 38): the invitations, their exhibits, and the rendered image of an invitation. */
export const CUSTOM_PATH = "/exhibitorInfo/invitation/custom";
export const EXHIBITS_PATH = `${CUSTOM_PATH}/exhibits`;

/** The invitation's rendered image (a resource route): the PNG to show, or a download of the PNG or the PDF. */
export function invitationImageUrl(id: number, format: "png" | "pdf" = "png", download = false) {
  return `${CUSTOM_PATH}/${id}/image?format=${format}${download ? "&download=1" : ""}`;
}
