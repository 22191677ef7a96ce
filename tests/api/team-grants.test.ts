import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MenuItem, PermissionInfo } from "../../app/contracts/permission/api-types";
import { ORGANIZER_ROLE_ID, MEMBER_ROLE_ID } from "../../app/contracts/permission/roles";
import { type Area, type AreaLevel, BUILTIN_STAFF_ROLES, type BuiltinStaffRole, MEMBER_AREAS, AREAS } from "../../app/contracts/team/areas";
import { hashPassword } from "../../server/auth/password";
import { addBuiltinStaffRoles } from "../../server/team/membership";
import { newExhibitor, NEW_EXHIBITOR_PASSWORD } from "../support/new-exhibitor";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";
import crypto from "node:crypto";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The grant matrix (issue 55, docs/decisions/069): every area × none / read / edit, for an exhibitor's
 * member and for each of the organizer's built-in staff roles. For each area: its page's menu is there
 * with read or edit and absent with none (the pages answer /401 for a route outside the menus); a read
 * of its API answers with anything but 403 when granted and 403 when not; a change answers 403 unless
 * edit is granted. The grants are set in the database between probes: they are read on every request.
 */
type Probe = { menu: string; read: string; change?: string };

/** An exhibitor's side of each area: a page, a read and a change of its own. */
const MEMBER_PROBES: Partial<Record<Area, Probe>> = {
  exhibitorData: { menu: "/exhibitorInfo/exhibitorData", read: "/smeb/exhibitor/info/findByUserId", change: "/smeb/exhibitor/info/saveDraft" },
  promotion: { menu: "/exhibitorInfo/invitation/custom", read: "/smeb/invitation/list", change: "/smeb/invitation/save" },
  badges: { menu: "/exhibitorInfo/exhibitorCertificateApply", read: "/smeb/pass/ticket/list", change: "/smeb/pass/ticket/save" },
  boothConstruction: { menu: "/boothConstruction/standardConstruction", read: "/smeb/boothBuild/find", change: "/smeb/boothBuild/create" },
  serviceOrders: { menu: "/bookingService/myOrder", read: "/smeb/service/order/list", change: "/smeb/service/cart/add" },
  invoices: { menu: "/invoiceArea/billingApplication", read: "/smeb/invoice/list", change: "/smeb/invoice/save" },
  transport: { menu: "/exhibitTL/carriage", read: "/smeb/shipment/declaration/list", change: "/smeb/shipment/declaration/save" },
  trafficHotel: { menu: "/HT/businessReservations", read: "/smeb/reservation/overview", change: "/smeb/reservation/meeting/book" },
  // An exhibitor only reads the data area.
  dataArea: { menu: "/dataArea/index", read: "/smeb/dataArea/fileClass/list" },
  leads: { menu: "/leads/list", read: "/smeb/leads/list", change: "/smeb/leads/tags/save" },
};

/** The organizer's side of each area: its review, settings or desk. */
const STAFF_PROBES: Record<Area, Probe> = {
  exhibitorData: { menu: "/exhibitorInfo/exhibitorReview", read: "/smeb/exhibitor/info/reviewList", change: "/smeb/exhibitor/info/review" },
  promotion: { menu: "/exhibitorInfo/showcases", read: "/smeb/showcase/list", change: "/smeb/showcase/hide" },
  badges: { menu: "/exhibitorInfo/badgeReview", read: "/smeb/pass/ticket/review/list", change: "/smeb/pass/ticket/review/decide" },
  boothConstruction: { menu: "/boothConstruction/constructionReview", read: "/smeb/boothBuild/review/list", change: "/smeb/boothBuild/review/decide" },
  serviceOrders: { menu: "/bookingService/orderReview", read: "/smeb/service/order/adminList", change: "/smeb/service/order/complete" },
  invoices: { menu: "/invoiceArea/financeDesk", read: "/smeb/invoice/review/list", change: "/smeb/invoice/review/decide" },
  transport: { menu: "/exhibitTL/truckReview", read: "/smeb/truck/review/list", change: "/smeb/truck/review/decide" },
  trafficHotel: { menu: "/HT/blueCarReview", read: "/smeb/blueCar/review/list", change: "/smeb/blueCar/review/decide" },
  dataArea: { menu: "/dataArea/files", read: "/smeb/dataArea/fileClass/list", change: "/smeb/dataArea/fileClass/save" },
  // The organizer's side of leads is counts only: nothing to change.
  leads: { menu: "/leads/overview", read: "/smeb/leads/overview" },
  showSettings: { menu: "/index/settings", read: "/smeb/exhibition/settings", change: "/smeb/exhibition/settings/save" },
  administration: { menu: "/index/staff", read: "/smeb/staff/list", change: "/smeb/staff/roles/save" },
};

const routesOf = (menus: MenuItem[]): string[] => menus.flatMap((m) => [m.route, ...routesOf(m.list)]);

describe.each(backendsOf(import.meta.url))("the grant matrix on %s", (backend) => {
  let api: TempDirTestApi;
  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "portal-grants-");
  });
  afterAll(() => api?.close());

  const status = async (path: string, ticket: string, change = false) =>
    (await api.call(path, { ticket, form: change ? { probe: "1" } : undefined, lang: "zh" })).status;

  /** For one seat and one area at one level: the menu, the read and the change answer as the level says. */
  async function expectLevel(ticket: string, probe: Probe, level: AreaLevel | "none", where: string) {
    const info = await api.call<PermissionInfo>("/smeb/permission/getInfo", { ticket });
    const routes = routesOf(info.data.menuAuths);
    expect(routes.includes(probe.menu), `${where}: menu ${probe.menu}`).toBe(level !== "none");
    const read = await status(probe.read, ticket);
    if (level === "none") expect(read, `${where}: GET ${probe.read}`).toBe(403);
    else expect(read, `${where}: GET ${probe.read}`).not.toBe(403);
    if (!probe.change) return;
    const change = await status(probe.change, ticket, true);
    if (level === "edit") expect(change, `${where}: POST ${probe.change}`).not.toBe(403);
    else expect(change, `${where}: POST ${probe.change}`).toBe(403);
  }

  it("a member: each area none, read and edit", async () => {
    const owner = await newExhibitor(api);
    const username = `gm-${crypto.randomBytes(3).toString("hex")}`;
    const user = await api.db
      .insertInto("users")
      .values({
        username,
        password_hash: await hashPassword(NEW_EXHIBITOR_PASSWORD),
        role_id: MEMBER_ROLE_ID,
        exhibition_id: (await api.db.selectFrom("users").select("exhibition_id").where("id", "=", owner.userId).executeTakeFirstOrThrow()).exhibition_id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await api.db.insertInto("team_members").values({ user_id: user.id, company_user_id: owner.userId, display_name: "矩阵", invited_at: new Date() }).execute();
    const ticket = await api.login(username, NEW_EXHIBITOR_PASSWORD);
    for (const area of MEMBER_AREAS) {
      for (const level of ["none", "read", "edit"] as const) {
        await api.db.deleteFrom("member_grants").where("user_id", "=", user.id).execute();
        if (level !== "none") await api.db.insertInto("member_grants").values({ user_id: user.id, area, level }).execute();
        await expectLevel(ticket, MEMBER_PROBES[area]!, level, `member ${area}=${level}`);
      }
    }
    // The team page is the owner's whatever the grants.
    expect(await status("/smeb/team/list", ticket)).toBe(403);
  });

  it("each built-in staff role: every area as the role's grants say", async () => {
    const exhibitionId = (await api.db.selectFrom("exhibitions").select("id").where("is_current", "=", true).executeTakeFirstOrThrow()).id;
    await addBuiltinStaffRoles(api.db, exhibitionId);
    const roles = await api.db.selectFrom("staff_roles").select(["id", "builtin"]).where("exhibition_id", "=", exhibitionId).execute();
    const username = `gs-${crypto.randomBytes(3).toString("hex")}`;
    const user = await api.db
      .insertInto("users")
      .values({ username, password_hash: await hashPassword(NEW_EXHIBITOR_PASSWORD), role_id: ORGANIZER_ROLE_ID, exhibition_id: exhibitionId })
      .returning("id")
      .executeTakeFirstOrThrow();
    const roleId = (builtin: BuiltinStaffRole) => roles.find((r) => r.builtin === builtin)!.id;
    await api.db
      .insertInto("team_members")
      .values({ user_id: user.id, staff_role_id: roleId("readOnly"), display_name: "矩阵", invited_at: new Date() })
      .execute();
    const ticket = await api.login(username, NEW_EXHIBITOR_PASSWORD);
    for (const builtin of Object.keys(BUILTIN_STAFF_ROLES) as BuiltinStaffRole[]) {
      if (builtin === "full") continue;
      await api.db
        .updateTable("team_members")
        .set({ staff_role_id: roleId(builtin) })
        .where("user_id", "=", user.id)
        .execute();
      const grants = BUILTIN_STAFF_ROLES[builtin].grants as Partial<Record<Area, AreaLevel>>;
      for (const area of AREAS) await expectLevel(ticket, STAFF_PROBES[area], grants[area] ?? "none", `staff ${builtin}: ${area}`);
    }
  });
});
