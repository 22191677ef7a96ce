/**
 * The areas a grant opens (docs/decisions/069): one list for both teams. An exhibitor's member is
 * granted exhibitor areas for their company's side of them; an organizer's staff role is granted
 * areas for the review, settings and export side, and the organizer-only areas. Each area is read
 * (see its pages and GET its API) or edit (also change: every other method). What belongs to which
 * area is data too: the menu routes here, the API paths in server/team/api-areas.ts.
 */
export const AREAS = [
  "exhibitorData",
  "promotion",
  "badges",
  "boothConstruction",
  "serviceOrders",
  "invoices",
  "transport",
  "trafficHotel",
  "dataArea",
  "leads",
  "showSettings",
  "administration",
] as const;
export type Area = (typeof AREAS)[number];

/** Only the organizer's staff can hold these (accounts, calendar and settings; staff and history). */
const ORGANIZER_ONLY_AREAS: readonly Area[] = ["showSettings", "administration"];
export const MEMBER_AREAS: readonly Area[] = AREAS.filter((area) => !ORGANIZER_ONLY_AREAS.includes(area));

const AREA_LEVELS = ["read", "edit"] as const;
export type AreaLevel = (typeof AREA_LEVELS)[number];

export const isArea = (value: unknown): value is Area => typeof value === "string" && (AREAS as readonly string[]).includes(value);

/** A grant set: each granted area with its level; an area not in it is not granted. */
export type Grants = Partial<Record<Area, AreaLevel>>;

/** Whether `grants` allow `needed` in `area` (edit includes read). */
export function allows(grants: Grants, area: Area, needed: AreaLevel): boolean {
  const held = grants[area];
  return held === "edit" || (held === "read" && needed === "read");
}

function everything(level: AreaLevel): Grants {
  return Object.fromEntries(AREAS.map((area) => [area, level]));
}

/**
 * Where everyone on a team may go whatever their grants: the home page and its guides, the checklist,
 * their own password. A menu group (pid 0) shows when one of its pages does.
 */
export const COMMON = "common" as const;

/** The team page: the company's owner's alone, never granted. */
export const OWNER_ONLY = "owner" as const;

/**
 * The menu routes by area, as prefixes: the longest prefix that matches a route decides. A route no
 * prefix matches is shown to nobody on a team (the check fails closed, as the API's does).
 */
const MENU_AREA_PREFIXES: readonly (readonly [prefix: string, area: Area | typeof COMMON | typeof OWNER_ONLY])[] = [
  ["/index", COMMON],
  ["/changePassword", COMMON],
  ["/index/calendar", "showSettings"],
  ["/index/content", "showSettings"],
  ["/index/feedbackInbox", "showSettings"],
  ["/index/messages", "showSettings"],
  ["/index/settings", "showSettings"],
  ["/index/staff", "administration"],
  ["/index/history", "administration"],
  ["/index/promote", "promotion"],
  ["/index/poster", "promotion"],
  ["/index/bannerDownload", "promotion"],
  ["/exhibitorInfo/exhibitorData", "exhibitorData"],
  ["/exhibitorInfo/groupData", "exhibitorData"],
  ["/exhibitorInfo/epidemic", "exhibitorData"],
  ["/exhibitorInfo/exhibitorReview", "exhibitorData"],
  ["/exhibitorInfo/exhibitorImport", "showSettings"],
  ["/exhibitorInfo/exhibitorInvite", "showSettings"],
  ["/exhibitorInfo/team", OWNER_ONLY],
  ["/exhibitorInfo/miniProgram", "promotion"],
  ["/exhibitorInfo/promotionalVideo", "promotion"],
  ["/exhibitorInfo/showcases", "promotion"],
  ["/exhibitorInfo/videos", "promotion"],
  ["/exhibitorInfo/invitation", "promotion"],
  ["/invitation", "promotion"],
  ["/exhibitorInfo/exhibitorCertificateApply", "badges"],
  ["/exhibitorInfo/badge", "badges"],
  ["/boothConstruction", "boothConstruction"],
  ["/bookingService", "serviceOrders"],
  ["/invoiceArea", "invoices"],
  ["/exhibitTL", "transport"],
  ["/HT", "trafficHotel"],
  ["/dataArea", "dataArea"],
  ["/leads", "leads"],
];

/** The area a menu route belongs to (its longest matching prefix), or undefined: shown to no one on a team. */
export function areaOfMenuRoute(route: string): Area | typeof COMMON | typeof OWNER_ONLY | undefined {
  let best: (typeof MENU_AREA_PREFIXES)[number] | undefined;
  for (const entry of MENU_AREA_PREFIXES) {
    // A bare prefix: "/index/poster" covers /index/posterCn and /index/posterEn.
    if (route.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1];
}

/** The organizer's built-in staff roles (its own roles compose the same grants); `full` is the organizer itself. */
export const BUILTIN_STAFF_ROLES = {
  full: { nameZh: "主办方（全部权限）", nameEn: "Full organizer", grants: everything("edit"), seesPersonalData: true },
  finance: { nameZh: "财务", nameEn: "Finance desk", grants: { invoices: "edit", serviceOrders: "read" }, seesPersonalData: true },
  logistics: { nameZh: "物流", nameEn: "Logistics", grants: { transport: "edit", trafficHotel: "edit" }, seesPersonalData: true },
  exhibitorServices: {
    nameZh: "展商服务",
    nameEn: "Exhibitor services",
    grants: { exhibitorData: "edit", badges: "edit", boothConstruction: "edit", dataArea: "edit" },
    seesPersonalData: true,
  },
  promotion: { nameZh: "宣传推广", nameEn: "Promotion", grants: { promotion: "edit", leads: "read" }, seesPersonalData: false },
  readOnly: { nameZh: "只读", nameEn: "Read-only", grants: everything("read"), seesPersonalData: false },
} as const satisfies Record<string, { nameZh: string; nameEn: string; grants: Grants; seesPersonalData: boolean }>;
export type BuiltinStaffRole = keyof typeof BUILTIN_STAFF_ROLES;
export const FULL_ORGANIZER: BuiltinStaffRole = "full";

/**
 * What a team seat may do on a page (its path): "read" or "edit" in the page's area, null where no
 * area applies (the common pages, the owner's team page, or an account that is not on a team).
 */
export function areaAccessOf(seat: { grants: Grants } | null, path: string): AreaLevel | null {
  const area = seat ? areaOfMenuRoute(path) : undefined;
  if (!seat || !isArea(area)) return null;
  return seat.grants[area] ?? null;
}
