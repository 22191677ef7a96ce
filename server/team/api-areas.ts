import { type Area, COMMON, OWNER_ONLY } from "../../app/contracts/team/areas";

type ApiArea = Area | typeof COMMON | typeof OWNER_ONLY;

/**
 * The exhibition API's paths by area (docs/decisions/069), as prefixes: the longest matching prefix
 * decides. A team member's or staff account's call is checked against it in requireSession: GET needs
 * the area's read grant, anything else its edit grant. A path no prefix matches is refused to everyone
 * on a team (403), so a route added later is closed to them until it is listed;
 * tests/unit/team-areas.test.ts fails on a declared endpoint that is not.
 * COMMON: what everyone signed in may call (their own account, the menus, look-ups, uploads, the home
 * page and its checklist); each route still checks its own rules.
 */
const API_AREA_PREFIXES: readonly (readonly [prefix: string, area: ApiArea])[] = [
  // The account, the menus and the shared look-ups.
  ["/login/", COMMON],
  ["/smeb/permission/", COMMON],
  ["/smeb/user/", COMMON],
  ["/address/", COMMON],
  ["/hall/", COMMON],
  ["/oss/", COMMON],
  ["/files/", COMMON],
  ["/translate", COMMON],
  ["/wx/getContactWay", COMMON],
  ["/smeb/feedback/save", COMMON],
  ["/smeb/exhibitor/class/", COMMON],
  ["/smeb/exhibitor/industry/", COMMON],
  ["/smeb/exhibitor/info/listAreaClassify", COMMON],
  ["/smeb/worksheet/", COMMON],
  ["/smeb/content/list", COMMON],
  ["/smeb/content/page", COMMON],
  ["/smeb/calendar", COMMON],
  ["/smeb/history/record", COMMON],
  ["/smeb/history/page", COMMON],
  // The team page: the company's owner's alone.
  ["/smeb/team/", OWNER_ONLY],
  // Exhibitor data, group data, the epidemic declaration; their reviews.
  ["/smeb/exhibitor/", "exhibitorData"],
  ["/smeb/epidemic/", "exhibitorData"],
  // Invitations, posters, rankings, visitors, the showcase, videos, the mini-program code.
  ["/smeb/invitation/", "promotion"],
  ["/smeb/showcase/", "promotion"],
  ["/node/service/exhibitor/video/", "promotion"],
  ["/wx/getMiniQrCode", "promotion"],
  ["/smeb/pass/ticket/", "badges"],
  ["/smeb/settings/badgeQuota", "badges"],
  ["/smeb/boothBuild/", "boothConstruction"],
  ["/smeb/settings/construction", "boothConstruction"],
  ["/smeb/service/", "serviceOrders"],
  ["/smeb/booking/", "serviceOrders"],
  ["/index/judge", "serviceOrders"],
  ["/smeb/exhibition/services", "serviceOrders"],
  ["/smeb/invoice/", "invoices"],
  ["/smeb/bill/", "invoices"],
  ["/smeb/paymentVoucher/", "invoices"],
  ["/smeb/shipment/", "transport"],
  ["/shipment/", "transport"],
  ["/smeb/truck/", "transport"],
  ["/smeb/twExhibit/", "transport"],
  ["/smeb/express/", "transport"],
  ["/smeb/overseas/", "transport"],
  ["/smeb/settings/carriers", "transport"],
  ["/smeb/settings/liftingFees", "transport"],
  ["/smeb/exhibition/overseasAgents", "transport"],
  ["/smeb/blueCar/", "trafficHotel"],
  ["/smeb/reservation/", "trafficHotel"],
  ["/smeb/guides/", "trafficHotel"],
  ["/smeb/dataArea/", "dataArea"],
  // Leads: the list, edits, tags, export; the organizer's counts. Capturing checks its own grant (server/leads/scanner.ts),
  // so a member without it is told why instead of a bare 403.
  ["/smeb/leads/", "leads"],
  ["/smeb/leads/capture", COMMON],
  ["/smeb/leads/scans", COMMON],
  // The show's settings: accounts and invitations to the portal, the calendar, pages, reminders, messages.
  ["/smeb/exhibitors/", "showSettings"],
  ["/smeb/exhibition/settings", "showSettings"],
  ["/smeb/calendar/", "showSettings"],
  ["/smeb/content/save", "showSettings"],
  ["/smeb/reminders/", "showSettings"],
  ["/smeb/messages/", "showSettings"],
  ["/smeb/feedback/", "showSettings"],
  ["/smeb/staff/", "administration"],
  ["/smeb/history/", "administration"],
];

/** The area an API path belongs to, or undefined when no prefix lists it (refused to teams). */
export function areaOfApiPath(path: string): ApiArea | undefined {
  let best: (typeof API_AREA_PREFIXES)[number] | undefined;
  for (const entry of API_AREA_PREFIXES) {
    if (path.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1];
}
