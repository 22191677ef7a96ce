import { CARRIER_ROLE_ID, EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import { DEADLINE_ACTIONS } from "../../app/contracts/calendar/values";

/** One row of the `menus` table. isMenu 2 = a page that is not shown in the side menu. */
export type SeedMenu = {
  id: number;
  pid: number;
  route: string;
  name: string;
  name_en: string;
  icon: string | null;
  is_menu: number;
  hidden: boolean;
  remark: string | null;
  url: string | null;
  sort: number;
};

function menu(
  id: number,
  pid: number,
  sort: number,
  route: string,
  name: string,
  name_en: string,
  icon: string,
  extra: Partial<Pick<SeedMenu, "is_menu" | "hidden" | "remark" | "url">> = {},
): SeedMenu {
  return { id, pid, route, name, name_en, icon, is_menu: 1, hidden: false, remark: null, url: null, sort, ...extra };
}

const NEW = { remark: "new feature" } as const;

/**
 * The whole menu tree of docs/product.md § Header and menus as the organizer's backend returns it.
 * Ids are grouped by area: home 1 (children 20 (the home page), 2–8 and 21–29), exhibitor info 10s,
 * invitation 110s, booth construction 30s, booking service 40s, invoice area 50s,
 * exhibit transport 70s, hotel and traffic 80s, data area 90s.
 * Chinese-only home items (premise, service, hotel, drawing submission) are ordinary
 * rows: the client's language filter (app/lib/menus.ts) removes them in English.
 */
export const demoMenus: SeedMenu[] = [
  // Home /index
  menu(1, 0, 1, "/index", "首页", "Home", "home"),
  // The home page itself, first: docs/product.md § Menus and page access sends / and /index to the first non-top-level page.
  menu(20, 1, 0, "/index", "首页", "Home", "home"),
  menu(2, 1, 1, "/index/schedule", "重要日程", "Important schedule", "calendar", NEW),
  menu(3, 1, 9, "/changePassword", "修改密码", "Change password", "lock", { is_menu: 2, hidden: true }),
  menu(21, 1, 2, "/index/promote", "全面宣传", "Full promotion", "speaker"),
  menu(22, 1, 3, "/index/premise", "报到须知", "Check-in essentials", "flag"),
  menu(23, 1, 4, "/index/service", "现场服务预订", "On-site service booking", "service"),
  menu(24, 1, 5, "/index/hotel", "食宿行", "Food, lodging and travel", "hotel"),
  // An external link: the web app puts the organizer's drawing site setting in (and leaves the item out while it is empty).
  menu(25, 1, 6, "/index/drawingSubmission", "特装图纸提交", "Special-booth drawing submission", "upload"),
  menu(26, 1, 7, "/index/poster", "微海报", "Micro-poster", "image"),
  menu(27, 1, 8, "/index/bannerDownload", "Logo及Banner下载", "Logo and banner download", "download"),
  menu(28, 1, 10, "/index/posterCn", "中文邀请海报", "Chinese invitation poster", "image"),
  menu(29, 1, 11, "/index/posterEn", "英文邀请海报", "English invitation poster", "image"),
  // The organizer's exhibition calendar (issue 39): roleId 1 only.
  menu(4, 1, 12, "/index/calendar", "展会日历", "Exhibition calendar", "calendar"),
  // The organizer's editing of the home area's content pages (issue 41): roleId 1 only.
  menu(5, 1, 13, "/index/content", "页面内容", "Page content", "edit"),
  // The organizer's inbox of the feedback every account sends (issue 51): roleId 1 only.
  menu(6, 1, 14, "/index/feedbackInbox", "意见反馈处理", "Feedback inbox", "mail"),
  // The organizer's delivery log of every e-mail and SMS (issue 52): roleId 1 only.
  menu(7, 1, 15, "/index/messages", "消息发送记录", "Delivery log", "mail"),
  // The organizer's settings of the exhibition: names, footer, contact code, mail and SMS (issue 52): roleId 1 only.
  menu(8, 1, 16, "/index/settings", "展会设置", "Exhibition settings", "setting"),

  // Exhibitor information /exhibitorInfo
  menu(10, 0, 10, "/exhibitorInfo", "展商信息", "Exhibitor information", "user"),
  menu(11, 10, 1, "/exhibitorInfo/exhibitorData", "展商资料", "Exhibitor data", "profile"),
  menu(12, 10, 2, "/exhibitorInfo/groupData", "集团资料", "Group company data", "group"),
  menu(13, 10, 3, "/exhibitorInfo/miniProgram", "定制小程序", "Custom mini-program", "mobile", NEW),
  menu(14, 10, 4, "/exhibitorInfo/exhibitorCertificateApply", "展商证件申请", "Exhibitor badge application", "badge"),
  menu(15, 10, 5, "/exhibitorInfo/promotionalVideo", "宣传视频", "Promotional video", "video"),
  // Shown while the exhibition's epidemic declaration is switched on (issue 41); server/api/routes/permission.ts drops it otherwise.
  menu(16, 10, 6, "/exhibitorInfo/epidemicDeclaration", "防疫申报", "Epidemic declaration", "health"),
  // The organizer's review of submitted profiles; only roleId 1 (who sees every menu) has it.
  menu(17, 10, 7, "/exhibitorInfo/exhibitorReview", "展商资料审核", "Exhibitor data review", "audit"),
  // The organizer's badge review and the on-site check-in desk (issue 14): roleId 1 only, too.
  menu(18, 10, 8, "/exhibitorInfo/badgeReview", "展商证件审核", "Badge review", "audit"),
  menu(19, 10, 9, "/exhibitorInfo/badgeCheckIn", "现场证件签到", "On-site badge check-in", "scan"),
  // The organizer's import of exhibitors and booths from Excel (issue 39): roleId 1 only. The 10s are full: 100.
  menu(100, 10, 10, "/exhibitorInfo/exhibitorImport", "导入展商和展位", "Import exhibitors and booths", "upload"),
  // The organizer's invitations to the portal for imported accounts, and who activated (issue 39): roleId 1 only.
  menu(101, 10, 11, "/exhibitorInfo/exhibitorInvite", "邀请展商开通账号", "Invite exhibitors to the portal", "mail"),
  // The organizer's list of the exhibitors' public showcase pages, with a hide switch (issue 40): roleId 1 only.
  menu(102, 10, 12, "/exhibitorInfo/showcases", "小程序展示页", "Showcase pages", "mobile"),
  // The organizer's list of the exhibitors' promotional videos (issue 40, decision 037).
  menu(103, 10, 13, "/exhibitorInfo/videos", "宣传视频列表", "Promotional videos", "video"),
  // The organizer's view and export of the epidemic declarations (issue 41): roleId 1 only.
  menu(104, 10, 14, "/exhibitorInfo/epidemicReview", "防疫申报汇总", "Epidemic declarations", "health"),

  // Invitation /invitation (its pages live under /exhibitorInfo/invitation)
  menu(110, 0, 20, "/invitation", "观众邀请", "Invitation", "mail"),
  menu(111, 110, 1, "/exhibitorInfo/invitation/custom", "定制邀请函", "Custom invitation", "edit"),
  menu(112, 110, 2, "/exhibitorInfo/invitation/exhibitorTopRanking", "人气排行榜", "Popularity ranking", "fire"),
  menu(113, 110, 3, "/exhibitorInfo/invitation/exhibitorRanking", "邀请排行榜", "Invitation ranking", "rank"),
  menu(114, 110, 4, "/exhibitorInfo/invitation/inviteAudienceData", "邀请观众数据", "Invited audience data", "chart"),
  // The organizer's invitation templates and registered visitors (issue 38): roleId 1 only.
  menu(115, 110, 5, "/exhibitorInfo/invitation/templates", "邀请函模板", "Invitation templates", "image"),
  menu(116, 110, 6, "/exhibitorInfo/invitation/visitors", "观众登记", "Registered visitors", "user"),

  // Booth construction /boothConstruction
  menu(30, 0, 30, "/boothConstruction", "展位搭建", "Booth construction", "tool"),
  menu(31, 30, 1, "/boothConstruction/standardConstruction", "标摊搭建", "Standard booth construction", "booth"),
  menu(32, 30, 2, "/boothConstruction/insurancePurchase", "保险购买", "Insurance purchase", "shield"),
  menu(33, 30, 3, "/boothConstruction/entrySafetyCommitment", "进馆安全承诺", "Entry safety commitment", "safety"),
  menu(34, 30, 4, "/boothConstruction/specialBoothCIProcess", "特装展位CI流程", "Special booth CI process", "process"),
  // The organizer's one review queue of fascia boards, insurance, commitments and drawings (issue 15): roleId 1 only.
  menu(35, 30, 5, "/boothConstruction/constructionReview", "搭建审核", "Construction review", "audit"),

  // Booking service /bookingService
  menu(40, 0, 40, "/bookingService", "预订服务", "Booking service", "cart"),
  menu(41, 40, 1, "/bookingService/onlineBookingService", "线上预订服务", "Online booking service", "cart"),
  menu(42, 40, 2, "/bookingService/offlineBookingService/airCompressorService", "空压机服务预订", "Air compressor service", "wind"),
  menu(43, 40, 3, "/bookingService/myOrder", "我的订单", "My orders", "list"),
  menu(44, 40, 4, "/bookingService/electricboxImg", "设施位置图上传", "Facility location map upload", "upload"),
  menu(45, 40, 5, "/bookingService/ECReservation", "委托搭建商预订", "Reservation via contractor", "handshake"),
  menu(46, 40, 6, "/bookingService/LeakageElectric", "特殊用电申请", "Special power application", "power"),
  // The organizer's list of service orders, to confirm payments; only roleId 1 (who sees every menu) has it.
  menu(47, 40, 7, "/bookingService/orderReview", "服务订单审核", "Service order review", "audit"),

  // Invoice area /invoiceArea
  menu(50, 0, 50, "/invoiceArea", "发票专区", "Invoice area", "file"),
  menu(51, 50, 1, "/invoiceArea/billingApplication", "开票申请", "Billing application", "invoice"),
  menu(52, 50, 2, "/invoiceArea/paymentVoucher", "付款凭证", "Payment voucher", "receipt"),
  // The organizer's finance desk: vouchers to confirm, invoices to issue, bills to enter (issue 16): roleId 1 only.
  menu(53, 50, 3, "/invoiceArea/financeDesk", "财务处理", "Finance desk", "audit"),

  // Exhibit transport /exhibitTL (72 and 73 are the carrier's pages)
  {
    id: 70,
    pid: 0,
    route: "/exhibitTL",
    name: "展品运输",
    name_en: "Exhibit transport",
    icon: "truck",
    is_menu: 1,
    hidden: false,
    remark: null,
    url: null,
    sort: 70,
  },
  menu(71, 70, 1, "/exhibitTL/carriage", "展品运输申报", "Exhibit carriage", "truck"),
  {
    id: 72,
    pid: 70,
    route: "/exhibitTL/review",
    name: "承运商审核",
    name_en: "Carrier review",
    icon: "check",
    is_menu: 1,
    hidden: false,
    remark: null,
    url: null,
    sort: 2,
  },
  {
    id: 73,
    pid: 70,
    route: "/exhibitTL/carriageOrder",
    name: "承运订单",
    name_en: "Carrier orders",
    icon: "list",
    is_menu: 1,
    hidden: false,
    remark: null,
    url: null,
    sort: 3,
  },
  menu(74, 70, 4, "/exhibitTL/truckInformationSubmit", "黄牌车信息提交", "Yellow-plate truck information", "truck"),
  menu(75, 70, 5, "/exhibitTL/twExhibitsDeclaration", "台湾展品报备", "Taiwan exhibits declaration", "file"),
  menu(76, 70, 6, "/exhibitTL/exhibitsCostReservation", "吊装费用及预约", "Hoisting fee and appointment", "crane"),
  menu(77, 70, 7, "/exhibitTL/smallExhibitsExpress", "小件展品快递", "Small exhibits express", "box", NEW),
  menu(78, 70, 8, "/exhibitTL/overseasExhibitTrans", "境外展品运输", "Overseas exhibit transport", "globe"),
  // The organizer's side (issue 18): truck approval and the customs agent's review of Taiwan filings; roleId 1 only.
  menu(79, 70, 9, "/exhibitTL/truckReview", "黄牌车审核", "Truck approval", "audit"),
  menu(69, 70, 10, "/exhibitTL/twExhibitsReview", "台湾展品报备审核", "Taiwan filings review", "audit"),

  // Hotel and traffic /HT
  menu(80, 0, 80, "/HT", "酒店交通", "Hotel and traffic", "car"),
  menu(81, 80, 1, "/HT/blueCarGuide", "非深蓝牌车指引", "Blue-plate car guide", "car"),
  menu(82, 80, 2, "/HT/busGuide", "接驳巴士指引", "Shuttle bus guide", "bus"),
  menu(83, 80, 3, "/HT/parkingGuide", "停车指引", "Parking guide", "parking"),
  menu(84, 80, 4, "/HT/businessReservations", "商务预约", "Business reservations", "calendar"),
  // The organizer's side (issue 41): blue-plate car review, the bus and parking guides, the reservation desk; roleId 1 only.
  menu(85, 80, 5, "/HT/blueCarReview", "蓝牌车审核", "Blue-plate car review", "audit"),
  menu(86, 80, 6, "/HT/guides", "交通指引维护", "Traffic guides", "edit"),
  menu(87, 80, 7, "/HT/reservationDesk", "商务预约管理", "Reservation desk", "audit"),

  // Data area /dataArea
  menu(90, 0, 90, "/dataArea", "资料专区", "Data area", "folder"),
  menu(91, 90, 1, "/dataArea/index", "资料下载", "Data download", "download"),
  // The organizer's classes and files of the data area (issue 41): roleId 1 only.
  menu(92, 90, 2, "/dataArea/files", "资料管理", "Data area files", "folder"),
];

/**
 * The carrier's pages, and its home (1, 20: pending reviews and today's deliveries, issue 17), which
 * is then its landing page; every other menu belongs to the exhibitor.
 */
const CARRIER_MENU_IDS = [1, 3, 20, 70, 72, 73];
const CARRIER_ONLY_MENU_IDS = new Set([72, 73]);
/** Organizer pages: granted to no role, roleId 1 sees them anyway. */
const ADMIN_ONLY_MENU_IDS = new Set([4, 5, 6, 7, 8, 17, 18, 19, 35, 47, 53, 69, 79, 85, 86, 87, 92, 100, 101, 102, 103, 104, 115, 116]);

export const demoRoleMenus = [
  ...demoMenus.filter((m) => !CARRIER_ONLY_MENU_IDS.has(m.id) && !ADMIN_ONLY_MENU_IDS.has(m.id)).map((m) => ({ role_id: EXHIBITOR_ROLE_ID, menu_id: m.id })),
  ...CARRIER_MENU_IDS.map((menu_id) => ({ role_id: CARRIER_ROLE_ID, menu_id })),
];

const day = 24 * 60 * 60 * 1000;

/** Button auths with the three time-window cases the shell must handle. */
export function demoButtonAuths(now = new Date()) {
  return [
    {
      id: 101,
      menu_id: 2,
      url: "schedule:export",
      name: "导出日程",
      name_en: "Export schedule",
      effect_start: new Date(now.getTime() - 30 * day),
      effect_end: new Date(now.getTime() + 60 * day),
      closed_message: null,
      closed_message_en: null,
    },
    {
      id: 102,
      menu_id: 2,
      url: "schedule:confirm",
      name: "邮件发送日程",
      name_en: "E-mail me the schedule",
      effect_start: new Date(now.getTime() + 10 * day),
      effect_end: null,
      closed_message: null,
      closed_message_en: null,
    },
    {
      id: 103,
      menu_id: 2,
      url: "schedule:apply",
      name: "申请延期",
      name_en: "Request an extension",
      effect_start: null,
      effect_end: new Date(now.getTime() - 2 * day),
      closed_message: "申请通道已关闭，如需帮助请联系主办方",
      closed_message_en: "Applications are closed; please contact the organizer for help",
    },
  ];
}

/**
 * The buttons of the actions the exhibition calendar closes (badges, the standard build, orders,
 * transport): no fixed window, their end is the calendar date named by closes_with (decision 035).
 */
export const deadlineButtonAuths = () =>
  Object.values(DEADLINE_ACTIONS).map((action) => ({
    id: action.buttonId,
    menu_id: action.menuId,
    url: action.url,
    name: action.name,
    name_en: action.nameEn,
    effect_start: null,
    effect_end: null,
    closed_message: null,
    closed_message_en: null,
    closes_with: action.closesWith,
  }));

/** Exhibitors hold the calendar's buttons: their window alone decides. */
export const deadlineRoleButtons = Object.values(DEADLINE_ACTIONS).map((a) => ({ role_id: EXHIBITOR_ROLE_ID, button_id: a.buttonId }));

export const demoRoleButtons = [...[101, 102, 103].map((button_id) => ({ role_id: EXHIBITOR_ROLE_ID, button_id })), ...deadlineRoleButtons];
