import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { MenuItem, PermissionInfo } from "../../app/contracts/permission/api-types";
import type { HistoryEntry, HistoryPage, StaffAccountView, StaffRoleView, StaffView, TeamMemberView, TeamView } from "../../app/contracts/team/api-types";
import { hashPassword } from "../../server/auth/password";
import { namedFiles } from "../../server/team/history-records";
import { signInDemo } from "../support/demo-cast";
import { newExhibitor, NEW_EXHIBITOR_PASSWORD } from "../support/new-exhibitor";
import { readOutbox } from "../support/outbox";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const routesOf = (menus: MenuItem[]): string[] => menus.flatMap((m) => [m.route, ...routesOf(m.list)]);

describe.each(backendsOf(import.meta.url))("teams, staff roles and the history (docs/decisions/069) on %s", (backend) => {
  let api: TempDirTestApi;
  let tickets: Record<"std01" | "std01a" | "std01b" | "admin" | "finance01" | "logistics01", string>;

  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "portal-team-");
    tickets = await signInDemo(api, ["std01", "std01a", "std01b", "admin", "finance01", "logistics01"]);
  });
  afterAll(() => api?.close());

  const menusOf = async (ticket: string) => {
    const info = await api.call<PermissionInfo>("/smeb/permission/getInfo", { ticket });
    expect(info.code, info.message).toBe(200);
    return { routes: routesOf(info.data.menuAuths), info: info.data };
  };
  const status = async (path: string, ticket: string, form?: Record<string, string>) => (await api.call(path, { ticket, form, lang: "zh" })).status;

  /** A member of a new exhibitor's team, invited through the API and signed in with a password set by the link. */
  async function invitedMember(grants: Record<string, string>) {
    const owner = await newExhibitor(api, { withContacts: true });
    const tag = crypto.randomBytes(3).toString("hex");
    const form = {
      username: `m-${tag}`,
      displayName: `成员${tag}`,
      email: `m-${tag}@example.com`,
      ...Object.fromEntries(Object.entries(grants).map(([a, l]) => [`grant.${a}`, l])),
    };
    const invited = await api.call<TeamMemberView>("/smeb/team/invite", { ticket: owner.ticket, form });
    expect(invited.code, invited.message).toBe(200);
    const mail = readOutbox(api.dataDir)
      .filter((m) => m.to === form.email)
      .at(-1);
    expect(mail?.text).toContain("/setPassword/");
    // The link's own flow is password-links.test.ts's; here the member's password is set as the link would.
    await api.db
      .updateTable("users")
      .set({ password_hash: await hashPassword(NEW_EXHIBITOR_PASSWORD), activated_at: new Date() })
      .where("id", "=", invited.data.memberId)
      .execute();
    const ticket = await api.login(form.username, NEW_EXHIBITOR_PASSWORD);
    return { owner, member: invited.data, ticket, form };
  }

  it("std01's logistics member sees transport and not invoices; the invoice API answers 403", async () => {
    const { routes, info } = await menusOf(tickets.std01a);
    expect(routes).toContain("/exhibitTL/carriage");
    expect(routes.some((r) => r.startsWith("/invoiceArea"))).toBe(false);
    expect(routes).not.toContain("/exhibitorInfo/team");
    expect(info.infoVO.team).toMatchObject({ kind: "member", username: "std01a" });
    // Acting for the company: std01's account, std01's booth.
    expect(info.infoVO.username).toBe("std01");
    expect(await status("/smeb/invoice/list", tickets.std01a)).toBe(403);
    expect(await status("/smeb/shipment/declaration/list", tickets.std01a)).toBe(200);
    expect(await status("/smeb/invoice/list", tickets.std01b)).toBe(200);
    expect(await status("/smeb/shipment/declaration/list", tickets.std01b)).toBe(403);
    // The team is the owner's.
    expect(await status("/smeb/team/list", tickets.std01a)).toBe(403);
    expect(await status("/smeb/team/list", tickets.std01)).toBe(200);
  });

  it("the finance desk sees the finance desk and not badge review; logistics the other way round", async () => {
    const finance = await menusOf(tickets.finance01);
    expect(finance.routes).toContain("/invoiceArea/financeDesk");
    expect(finance.routes).not.toContain("/exhibitorInfo/badgeReview");
    expect(finance.routes).not.toContain("/index/staff");
    expect(await status("/smeb/invoice/review/list", tickets.finance01)).toBe(200);
    expect(await status("/smeb/pass/ticket/review/list", tickets.finance01)).toBe(403);
    expect(await status("/smeb/staff/list", tickets.finance01)).toBe(403);
    const logistics = await menusOf(tickets.logistics01);
    expect(logistics.routes).toContain("/exhibitTL/truckReview");
    expect(logistics.routes).not.toContain("/invoiceArea/financeDesk");
    expect(await status("/smeb/truck/review/list", tickets.logistics01)).toBe(200);
    expect(await status("/smeb/invoice/review/list", tickets.logistics01)).toBe(403);
    // The full organizer has every area.
    expect((await menusOf(tickets.admin)).routes).toEqual(
      expect.arrayContaining(["/index/staff", "/index/history", "/invoiceArea/financeDesk", "/exhibitorInfo/badgeReview"]),
    );
  });

  it("a read grant opens the area's reads and refuses its changes; a change of grants or a revocation ends the member's sessions", async () => {
    const { owner, member, ticket, form } = await invitedMember({ badges: "read" });
    expect(await status("/smeb/pass/ticket/list", ticket)).toBe(200);
    expect(await status("/smeb/pass/ticket/save", ticket, { holderName: "x" })).toBe(403);
    expect((await menusOf(ticket)).info.auths.some((b) => b.url.startsWith("badge"))).toBe(false);

    const granted = await api.call<TeamMemberView>("/smeb/team/grant", {
      ticket: owner.ticket,
      form: { memberId: String(member.memberId), "grant.badges": "edit" },
    });
    expect(granted.code, granted.message).toBe(200);
    expect(granted.data.grants).toEqual({ badges: "edit" });
    expect(await status("/smeb/pass/ticket/list", ticket)).toBe(401);
    const again = await api.login(form.username, NEW_EXHIBITOR_PASSWORD);
    expect(await status("/smeb/pass/ticket/list", again)).toBe(200);

    const revoked = await api.call<TeamMemberView>("/smeb/team/revoke", { ticket: owner.ticket, form: { memberId: String(member.memberId) } });
    expect(revoked.code, revoked.message).toBe(200);
    expect(await status("/smeb/pass/ticket/list", again)).toBe(401);
    const refused = await api.call("/login/login", { form: { username: form.username, password: NEW_EXHIBITOR_PASSWORD } });
    expect(refused.status).toBe(403);
  });

  it("refuses bad team input with a translated message and changes nothing", async () => {
    const { owner, member, ticket } = await invitedMember({ transport: "edit" });
    const before = JSON.stringify(await api.call<TeamView>("/smeb/team/list", { ticket: owner.ticket }));
    const tryInvite = (form: Record<string, string>) => api.call("/smeb/team/invite", { ticket: owner.ticket, form, lang: "en" });
    // A user name or an address already in use.
    expect((await tryInvite({ username: "std01", displayName: "X", email: "new@example.com" })).message).toBe("This user name is already in use");
    expect((await tryInvite({ username: `n-${crypto.randomUUID().slice(0, 6)}`, displayName: "X", email: owner.email! })).message).toBe(
      "This e-mail or mobile already belongs to another account",
    );
    // An area that does not exist, or an organizer's area: a forged grant.
    const forged = await tryInvite({
      username: `n-${crypto.randomUUID().slice(0, 6)}`,
      displayName: "X",
      email: `${crypto.randomUUID()}@example.com`,
      "grant.showSettings": "edit",
    });
    expect(forged.status).toBe(400);
    expect(forged.message).toBe("There is no such area");
    const badLevel = await api.call("/smeb/team/grant", {
      ticket: owner.ticket,
      form: { memberId: String(member.memberId), "grant.badges": "admin" },
      lang: "en",
    });
    expect(badLevel.status).toBe(400);
    // A member granting themselves; another company's member.
    expect(await status("/smeb/team/grant", ticket, { memberId: String(member.memberId), "grant.invoices": "edit" })).toBe(403);
    const other = await newExhibitor(api);
    const foreign = await api.call("/smeb/team/revoke", { ticket: other.ticket, form: { memberId: String(member.memberId) }, lang: "en" });
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe("This person is not on your team");
    // The owner is not a member: they cannot be revoked.
    const self = await api.call("/smeb/team/revoke", { ticket: owner.ticket, form: { memberId: String(owner.userId) }, lang: "en" });
    expect(self.status).toBe(409);
    expect(self.message).toBe("The owner cannot be removed and keeps every grant; hand the ownership over first");
    expect(JSON.stringify(await api.call<TeamView>("/smeb/team/list", { ticket: owner.ticket }))).toBe(before);
  });

  it("a member's record is the company's, and its history shows the member and the staff who reviewed it", async () => {
    const { owner, ticket, member } = await invitedMember({ badges: "edit" });
    const saved = await api.call<{ id: number; version: number }>("/smeb/pass/ticket/save", {
      ticket,
      form: {
        holderName: "成员申请",
        idType: "passport",
        idNumber: `E${Date.now() % 1e8}`,
        mobile: "13900001234",
        email: `b-${member.memberId}@example.com`,
        company: "测试",
        position: "经理",
      },
    });
    expect(saved.code, saved.message).toBe(200);
    const row = await api.db.selectFrom("badges").select("user_id").where("id", "=", saved.data.id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(owner.userId);
    const history = await api.call<HistoryEntry[]>("/smeb/history/record", { ticket: owner.ticket, query: { type: "badge", id: String(saved.data.id) } });
    expect(history.code, history.message).toBe(200);
    expect(history.data[0]).toMatchObject({ actorRole: "member", kind: "create", area: "badges" });
    expect(history.data[0]!.actor).toContain(member.username);
    expect(history.data[0]!.changes).toEqual(expect.arrayContaining([{ field: "holder_name", old: null, new: "成员申请" }]));
    // Another company cannot read it.
    const stranger = await newExhibitor(api);
    expect((await api.call("/smeb/history/record", { ticket: stranger.ticket, query: { type: "badge", id: String(saved.data.id) } })).status).toBe(404);
    // The organizer's log finds it by person.
    const log = await api.call<HistoryPage>("/smeb/history/list", { ticket: tickets.admin, query: { person: member.username } });
    expect(log.code, log.message).toBe(200);
    expect(log.data.rows.some((r) => r.recordType === "badge" && r.recordId === String(saved.data.id))).toBe(true);
    const workbook = await fetch(`${api.baseUrl}/api/smeb/history/export?person=${member.username}`, {
      headers: { ticket: tickets.admin, "accept-language": "en" },
    });
    expect(workbook.status).toBe(200);
    expect(workbook.headers.get("content-type")).toContain("spreadsheetml");
  });

  it("keeps at least one full organizer and refuses changing one's own access", async () => {
    const view = await api.call<StaffView>("/smeb/staff/list", { ticket: tickets.admin });
    const role = (builtin: string) => view.data.roles.find((r) => r.builtin === builtin)!;
    const adminId = view.data.accounts.find((a) => a.username === "admin")!.userId;
    const own = await api.call("/smeb/staff/role", {
      ticket: tickets.admin,
      form: { userId: String(adminId), roleId: String(role("readOnly").roleId) },
      lang: "en",
    });
    expect(own.message).toBe("You cannot change your own access");
    // A composed role that manages staff but is not full: it may not demote the last full organizer.
    const composed = await api.call<StaffRoleView>("/smeb/staff/roles/save", {
      ticket: tickets.admin,
      form: { nameZh: "人事", nameEn: `People ${crypto.randomUUID().slice(0, 4)}`, "grant.administration": "edit" },
    });
    expect(composed.code, composed.message).toBe(200);
    const tag = crypto.randomBytes(3).toString("hex");
    const invited = await api.call<StaffAccountView>("/smeb/staff/invite", {
      ticket: tickets.admin,
      form: { username: `hr-${tag}`, displayName: "HR", email: `hr-${tag}@example.com`, roleId: String(composed.data.roleId) },
    });
    expect(invited.code, invited.message).toBe(200);
    await api.db
      .updateTable("users")
      .set({ password_hash: await hashPassword("Staff#2026x") })
      .where("id", "=", invited.data.userId)
      .execute();
    const hr = await api.login(`hr-${tag}`, "Staff#2026x");
    const fulls = view.data.accounts.filter((a) => a.full);
    if (fulls.length === 1) {
      const demote = await api.call("/smeb/staff/role", { ticket: hr, form: { userId: String(adminId), roleId: String(role("readOnly").roleId) }, lang: "en" });
      expect(demote.status).toBe(409);
      expect(demote.message).toBe("At least one full organizer must remain");
    }
    expect((await api.call<StaffView>("/smeb/staff/list", { ticket: tickets.admin })).data.accounts.find((a) => a.userId === adminId)!.full).toBe(true);
  });

  it("tells the demo's story: its records were made by their owners, reviewed by the organizer, and its team invited", async () => {
    const std01 = await api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
    const badge = await api.db
      .selectFrom("badges")
      .select(["id", "status"])
      .where("user_id", "=", std01.id)
      .where("status", "=", "approved")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const story = await api.call<HistoryEntry[]>("/smeb/history/record", { ticket: tickets.std01, query: { type: "badge", id: String(badge.id) } });
    expect(story.data.slice(0, 2).map((e) => [e.kind, e.actorRole, e.actor])).toEqual([
      ["create", "owner", "std01"],
      ["review", "organizer", "admin"],
    ]);
    const invited = await api.call<HistoryPage>("/smeb/history/list", { ticket: tickets.admin, query: { kind: "invite" } });
    expect(invited.data.rows.map((r) => r.summary)).toEqual(expect.arrayContaining(["std01a", "std01b", "finance01", "logistics01"]));
  });

  it("names a file in a change by its name and size, never by its address", async () => {
    const id = `hist-${crypto.randomBytes(6).toString("hex")}`;
    await api.db
      .insertInto("stored_files")
      .values({
        id,
        owner_user_id: null,
        folder: "icon",
        original_name: "展位照片.png",
        content_type: "image/png",
        size_bytes: 2048,
        storage_key: `icon/${id}`,
      })
      .execute();
    const named = await namedFiles(api.db, [
      { field: "photo_file_id", old: null, new: id },
      { field: "drawingUrl", old: `/files/${id}`, new: null },
      { field: "holder_name", old: "甲", new: "乙" },
    ]);
    expect(named).toEqual([
      { field: "photo_file_id", old: null, new: "展位照片.png (2048 B)" },
      { field: "drawingUrl", old: "展位照片.png (2048 B)", new: null },
      { field: "holder_name", old: "甲", new: "乙" },
    ]);
  });

  it("records sign-ins, failed ones too, and refuses to change or delete a history row", async () => {
    const { username } = await newExhibitor(api);
    await api.call("/login/login", { form: { username, password: "wrong-password-1" } });
    const rows = await api.db.selectFrom("history").select(["kind", "actor_label"]).where("actor_label", "=", username).execute();
    expect(rows.map((r) => r.kind)).toEqual(expect.arrayContaining(["signIn", "signInFailed"]));
    await expect(sql`update history set actor_label = 'someone else' where actor_label = ${username}`.execute(api.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from history where actor_label = ${username}`.execute(api.db)).rejects.toThrow(/append-only/);
  });
});
