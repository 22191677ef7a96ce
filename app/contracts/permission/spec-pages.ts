import type { PageHandle } from "./page-handle";

/**
 * The product's pages by area (docs/product.md § Public pages), whether or not this build has them yet. An unknown
 * path inside an area is a 404; a page of this list outside the user's menu is a 401.
 */
const SPEC_PAGES: Record<string, readonly string[]> = {
  "/exhibitorInfo": [
    "exhibitorData",
    "groupData",
    "miniProgram",
    "exhibitorCertificateApply",
    "invitation/custom",
    "invitation/exhibitorTopRanking",
    "invitation/exhibitorRanking",
    "invitation/inviteAudienceData",
    // The organizer's invitation templates and visitors (this portal's addition).
    "invitation/templates",
    "invitation/visitors",
    "promotionalVideo",
    "epidemicDeclaration",
    // The organizer's side of the area (this portal's addition).
    "exhibitorReview",
    // The organizer's import of exhibitors and booths from Excel (this portal's addition).
    "exhibitorImport",
    // The organizer's invitations to the portal and who activated (this portal's addition).
    "exhibitorInvite",
    // The organizer's list of the exhibitors' public showcase pages (this portal's addition).
    "showcases",
    // The organizer's list of the exhibitors' promotional videos (this portal's addition).
    "videos",
    // The organizer's view and export of the epidemic declarations (this portal's addition).
    "epidemicReview",
  ],
  "/boothConstruction": [
    "standardConstruction",
    "insurancePurchase",
    "entrySafetyCommitment",
    "specialBoothCIProcess",
    // The organizer's side of the area (this portal's addition).
    "constructionReview",
  ],
  "/bookingService": [
    "onlineBookingService",
    "offlineBookingService/airCompressorService",
    "myOrder",
    "electricboxImg",
    "ECReservation",
    "LeakageElectric",
    "orderReview",
  ],
  // financeDesk: the organizer's side of the area (this portal's addition).
  "/invoiceArea": ["billingApplication", "paymentVoucher", "saveQrCode", "financeDesk"],
  // truckReview, twExhibitsReview: the organizer's side of the area (this portal's addition).
  "/exhibitTL": [
    "carriage",
    "review",
    "carriageOrder",
    "truckInformationSubmit",
    "twExhibitsDeclaration",
    "exhibitsCostReservation",
    "smallExhibitsExpress",
    "overseasExhibitTrans",
    "truckReview",
    "twExhibitsReview",
  ],
  // blueCarReview, guides, reservationDesk: the organizer's side of the area (this portal's addition).
  "/HT": ["blueCarGuide", "busGuide", "parkingGuide", "businessReservations", "blueCarReview", "guides", "reservationDesk"],
  // files: the organizer's classes and files (this portal's addition).
  "/dataArea": ["index", "files"],
  "/invitation": [],
};

const SPEC_PATHS = new Set(Object.entries(SPEC_PAGES).flatMap(([area, pages]) => [area, ...pages.map((page) => `${area}/${page}`)]));

/** Whether `path` is one of the product's pages (or an area itself). */
export function isSpecPage(path: string) {
  return SPEC_PATHS.has(path);
}

/**
 * The rules of spec pages and areas this build does not have yet (docs/product.md § Roles / Public pages / Service orders). When a
 * page or an area layout is built, its line moves into its route's `handle` (docs/adding-a-page.md);
 * a unit test refuses a line here for a route that exists.
 */
export const UNBUILT_PAGE_RULES: Readonly<Record<string, PageHandle>> = {};
