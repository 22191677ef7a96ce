import { CARRIER_ROLE_ID, EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import { DEADLINE_ACTIONS } from "../../app/contracts/calendar/values";
import { serverDomains } from "../domains";
import type { DomainMenu, SeedMenu } from "../domain";

/**
 * The whole menu tree of docs/product.md § Header and menus as the organizer's backend returns it:
 * each domain declares its rows and their grants in its domain.ts (server/domains.ts, docs/decisions/063).
 * Ids are grouped by area: home 1 (children 20 (the home page), 2–8 and 21–29), exhibitor info 10s,
 * invitation 110s, booth construction 30s, booking service 40s, invoice area 50s,
 * exhibit transport 70s, hotel and traffic 80s, data area 90s.
 * Chinese-only home items (premise, service, hotel, drawing submission) are ordinary
 * rows: the client's language filter (app/lib/menus.ts) removes them in English.
 */
const domainMenus: DomainMenu[] = serverDomains.flatMap((domain) => domain.menus ?? []).sort((a, b) => a.id - b.id);

export const demoMenus: SeedMenu[] = domainMenus.map(({ grant: _grant, ...row }) => row);

/**
 * The grants: exhibitors hold every row but the organizer's pages (granted to no role: roleId 1 sees
 * every menu anyway) and the carrier's; the carrier holds its pages and its home (1, 20: pending
 * reviews and today's deliveries, issue 17), which is then its landing page.
 */
export const demoRoleMenus = [
  ...domainMenus.filter((m) => m.grant === "exhibitor" || m.grant === "exhibitor and carrier").map((m) => ({ role_id: EXHIBITOR_ROLE_ID, menu_id: m.id })),
  ...domainMenus.filter((m) => m.grant === "carrier" || m.grant === "exhibitor and carrier").map((m) => ({ role_id: CARRIER_ROLE_ID, menu_id: m.id })),
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
