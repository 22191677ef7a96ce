/** The showcase pages' paths (issue 40): the exhibitor's page, its QR code (a resource route), the organizer's list. */
export const MINI_PROGRAM_PATH = "/exhibitorInfo/miniProgram";
export const SHOWCASES_PATH = "/exhibitorInfo/showcases";

/** The QR code as a PNG: shown in place, or with download=1 as a file. */
export const qrImageUrl = (download = false) => `${MINI_PROGRAM_PATH}/qr${download ? "?download=1" : ""}`;
