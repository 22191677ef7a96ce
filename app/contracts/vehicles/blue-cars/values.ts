/**
 * Blue-plate cars (issue 41, spec /HT/blueCarGuide): the lists and limits, without zod (the pages
 * import these; schema.ts builds on them).
 */
export const BLUE_CAR_STATUSES = ["submitted", "approved", "returned"] as const;
export type BlueCarStatus = (typeof BLUE_CAR_STATUSES)[number];

/** The four licence scans and the vehicle photo, as the form's upload fields are named. */
export const BLUE_CAR_SCANS = ["licenseFrontUrl", "licenseBackUrl", "licenseSecondUrl", "licenseFourPagesUrl", "vehiclePhotoUrl"] as const;
export type BlueCarScan = (typeof BLUE_CAR_SCANS)[number];

/** The scans are pictures (jpg or png), in the driving-license upload folder. */
export const BLUE_CAR_SCAN_UPLOAD = {
  folder: "driving-license" as const,
  kinds: ["jpg", "png"] as ("jpg" | "png")[],
  maxBytes: 5 * 1024 * 1024,
  maxCount: 1,
};
export const BLUE_CAR_IMAGE_TYPES = ["image/jpeg", "image/png"] as const;

/** The organizer's list is paged by 50. */
export const BLUE_CAR_PAGE_SIZE = 50;
export const BLUE_CAR_LIMITS = { ownerName: 50, passNo: 30, comment: 500, guide: 20_000, url: 500 } as const;
/** Shenzhen's own plates (粤B) need no blue-car registration: the guide is for cars from elsewhere. */
export const SHENZHEN_PLATE_PREFIX = "粤B";
