import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, exhibitionDate } from "../../app/contracts/common/exhibition-time";
import { appClock } from "../../server/clock";
import type { VisitorCheckIn } from "../../app/contracts/badges/check-in-types";
import type { LeadCapture, VisitorPass } from "../../app/contracts/leads/api-types";
import type { AudiencePage, VisitorPage, VisitorRegistered } from "../../app/contracts/promotion/visitors/api-types";
import { purgeVisitors } from "../../server/leads/privacy";
import { runOpsCommand } from "../../server/ops/commands";
import { signInDemo } from "../support/demo-cast";
import { readOutbox, readOutboxSms } from "../support/outbox";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";
import { newVisitorWithPass } from "../support/visitor-passes";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The visitor's pass (issue 56, docs/decisions/070): made by the registration and sent by SMS and
 * e-mail; its page and consent; checked in at the entrance; resent by the organizer and printed by
 * `cli.js visitor-pass`; a visitor's personal data erased on request, all visitors' purged after the show.
 */
describe.each(backendsOf(import.meta.url))("visitor passes on %s", (backend) => {
  let api: TempDirTestApi;
  let t: Record<"std01" | "admin" | "raw01", string>;
  let ipSeq = 0;
  // The command line signs with the configured secret: the same as the test server's.
  const SECRET = "test-secret-0123456789";
  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "portal-passes-", { SESSION_SECRET: SECRET });
    t = await signInDemo(api, ["std01", "admin", "raw01"]);
  });
  afterAll(() => api?.close());

  const today = () => exhibitionDate(appClock.now());
  const ip = () => `10.78.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
  const cli = (command: string, args: string[]) =>
    runOpsCommand(
      { db: api.db, store: undefined as never, mail: { config: api.config, notifier: undefined as never, logger: undefined as never } },
      command,
      args,
    );

  async function register(mobile: string, extra: Record<string, string> = {}) {
    const from = ip();
    const sent = await api.call("/visit/sendCode", { form: { mobile }, ip: from });
    expect(sent.code, sent.message).toBe(200);
    const code = readOutboxSms(api.dataDir)
      .filter((sms) => sms.to === mobile)
      .at(-1)!
      .text.match(/\b(\d{6})\b/)![1]!;
    const china = await api.db.selectFrom("countries").select("id").where("iso2", "=", "CN").executeTakeFirstOrThrow();
    return api.call<VisitorRegistered>("/visit/register", {
      ip: from,
      form: {
        name: "钱七",
        company: "前海贸易",
        mobile,
        smsCode: code,
        email: `p${mobile.slice(-4)}@example.com`,
        countryId: String(china.id),
        provinceCode: "440000",
        ...extra,
      },
    });
  }

  it("ends a registration with a pass, sent by SMS and e-mail, without lead consent unless ticked", async () => {
    const mobile = "13911112201";
    const registered = await register(mobile);
    expect(registered.code, registered.message).toBe(200);
    expect(registered.data.passPath).toMatch(/^\/pass\/EPP1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    const sms = readOutboxSms(api.dataDir)
      .filter((m) => m.to === mobile)
      .at(-1)!;
    expect(sms.text).toContain(registered.data.passPath);
    const mail = readOutbox(api.dataDir).find((m) => m.to.includes(`p${mobile.slice(-4)}@example.com`))!;
    expect(mail.text).toContain(registered.data.passPath);

    const code = registered.data.passPath.replace("/pass/", "");
    const pass = await api.call<VisitorPass>("/visit/pass", { query: { code } });
    expect(pass.data).toMatchObject({ name: "钱七", company: "前海贸易", leadConsent: false, checkedInAt: null, passPath: registered.data.passPath });
    expect(pass.data.leadUrl).toMatch(/\/lead\/EPV1\./);
    // An exhibitor scanning it sees no contact.
    const scanned = await api.call<LeadCapture>("/smeb/leads/capture", { ticket: t.std01, query: { code: pass.data.leadUrl } });
    expect(scanned.data.visitor).toMatchObject({ name: "钱七", mobile: null });

    const ticked = await register("13911112202", { leadConsent: "on" });
    const tickedPass = await api.call<VisitorPass>("/visit/pass", { query: { code: ticked.data.passPath.replace("/pass/", "") } });
    expect(tickedPass.data.leadConsent).toBe(true);
    // Given again after a withdrawal: recorded both times.
    const code2 = ticked.data.passPath.replace("/pass/", "");
    expect((await api.call<VisitorPass>("/visit/pass/consent", { form: { code: code2, leadConsent: "false" } })).data.leadConsent).toBe(false);
    expect((await api.call<VisitorPass>("/visit/pass/consent", { form: { code: code2, leadConsent: "on" } })).data.leadConsent).toBe(true);
  });

  it("checks a visitor in at the entrance by the pass's URL, once, and counts it", async () => {
    const visitor = await newVisitorWithPass(api);
    // Invited by std01: its audience counts the check-in too.
    const std01 = await api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
    await api.db.updateTable("visitors").set({ inviter_user_id: std01.id }).where("id", "=", visitor.id).execute();
    const audience = async () =>
      (await api.call<AudiencePage>("/smeb/invitation/audience/list", { ticket: t.std01, query: { keyword: visitor.name, page: "1", pageSize: "20" } })).data;
    const organizerList = async () =>
      (await api.call<VisitorPage>("/smeb/invitation/visitor/list", { ticket: t.admin, query: { keyword: visitor.name, page: "1", pageSize: "20" } })).data;
    expect(await audience()).toMatchObject({ total: 1, checkedIn: 0, rows: [{ checkedInAt: null }] });
    const checkIn = (ticket: string) =>
      api.call<VisitorCheckIn>("/smeb/pass/ticket/checkIn", { ticket, form: { code: `https://expo.example.cn/lead/${visitor.leadCode}` } });
    const first = await checkIn(t.admin);
    expect(first.status, first.message).toBe(200);
    expect(first.data).toMatchObject({ alreadyCheckedIn: false, visitor: { name: visitor.name } });
    const second = await checkIn(t.admin);
    expect(second.data).toMatchObject({ alreadyCheckedIn: true, checkedInAt: first.data.checkedInAt });
    expect((await checkIn(t.std01)).status).toBe(403);
    const forged = await api.call("/smeb/pass/ticket/checkIn", { ticket: t.admin, form: { code: `${visitor.leadCode.slice(0, -2)}xx` } });
    expect(forged.status).toBe(400);
    const pass = await api.call<VisitorPass>("/visit/pass", { query: { code: visitor.pageCode } });
    expect(pass.data.checkedInAt).toBe(first.data.checkedInAt);
    expect(await audience()).toMatchObject({ total: 1, checkedIn: 1, rows: [{ checkedInAt: first.data.checkedInAt }] });
    expect(await organizerList()).toMatchObject({
      total: 1,
      checkedIn: 1,
      rows: [{ checkedInAt: first.data.checkedInAt, passPath: `/pass/${visitor.pageCode}`, leadConsent: false, erased: false }],
    });
  });

  it("resends the pass and prints it from the command line for the desk", async () => {
    const visitor = await newVisitorWithPass(api);
    const resent = await api.call<{ sms: boolean; email: boolean }>("/smeb/invitation/visitors/resendPass", {
      ticket: t.admin,
      form: { id: String(visitor.id) },
    });
    expect(resent.status, resent.message).toBe(200);
    expect(resent.data).toEqual({ sms: true, email: true });
    expect(
      readOutboxSms(api.dataDir)
        .filter((m) => m.to === visitor.mobile)
        .at(-1)!.text,
    ).toContain(`/pass/${visitor.pageCode}`);
    expect((await api.call("/smeb/invitation/visitors/resendPass", { ticket: t.std01, form: { id: String(visitor.id) } })).status).toBe(403);

    const printed = await cli("visitor-pass", [visitor.mobile]);
    expect(printed).toContain(visitor.name);
    expect(printed).toContain(`/pass/${visitor.pageCode}`);
    await expect(cli("visitor-pass", ["13000000000"])).rejects.toThrow(/No visitor/);
  });

  it("erases one visitor's personal data on request: the pass stops, the leads keep an anonymous row, the history says so", async () => {
    const visitor = await newVisitorWithPass(api, { leadConsent: true });
    const saved = await api.call<{ id: number }>("/smeb/leads/capture", {
      ticket: t.std01,
      form: { code: visitor.leadCode, rating: "hot", notes: "谈得很好" },
    });
    expect(saved.status).toBe(200);
    expect((await api.call("/smeb/invitation/visitors/erase", { ticket: t.std01, form: { id: String(visitor.id) } })).status).toBe(403);
    const erased = await api.call("/smeb/invitation/visitors/erase", { ticket: t.admin, form: { id: String(visitor.id) } });
    expect(erased.status, erased.message).toBe(200);
    expect((await api.call("/smeb/invitation/visitors/erase", { ticket: t.admin, form: { id: String(visitor.id) } })).status).toBe(409);

    const row = await api.db.selectFrom("visitors").selectAll().where("id", "=", visitor.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "", company: "", email: "", lead_consent: false, consent: false });
    expect(row.mobile).not.toBe(visitor.mobile);
    expect(row.erased_at).not.toBeNull();
    expect((await api.call("/visit/pass", { query: { code: visitor.pageCode } })).status).toBe(404);
    const capture = await api.call("/smeb/leads/capture", { ticket: t.std01, query: { code: visitor.leadCode } });
    expect(capture.status).toBe(409);
    const lead = await api.call<{ visitor: { erased: boolean; name: string; mobile: string | null }; notes: string }>("/smeb/leads/lead", {
      ticket: t.std01,
      query: { id: String(saved.data.id) },
    });
    expect(lead.data).toMatchObject({ visitor: { erased: true, name: "", mobile: null }, notes: "谈得很好" });
    const history = await api.db
      .selectFrom("history")
      .select(["kind", "actor_role"])
      .where("record_type", "=", "visitor")
      .where("record_id", "=", String(visitor.id))
      .execute();
    expect(history).toContainEqual({ kind: "delete", actor_role: "organizer" });
  });

  it("purges every visitor's personal data N days after the show closed, with a dry run first", async () => {
    const exhibition = await api.db
      .insertInto("exhibitions")
      .values({
        code: `purge-${crypto.randomBytes(3).toString("hex")}`,
        name_zh: "已闭幕展会",
        name_en: "Closed show",
        starts_on: addDays(today(), -42),
        ends_on: addDays(today(), -40),
        venue_zh: "馆",
        venue_en: "Hall",
        is_current: false,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const visitors = [await newVisitorWithPass(api, { exhibitionId: exhibition.id }), await newVisitorWithPass(api, { exhibitionId: exhibition.id })];
    const now = appClock.now();
    // Too early: 40 days after closing, a 41-day purge does not touch it.
    const early = await purgeVisitors(api.db, 41, false, now);
    expect(early.exhibitions.map((e) => e.id)).not.toContain(exhibition.id);
    const dry = await purgeVisitors(api.db, 40, true, now);
    expect(dry.exhibitions.find((e) => e.id === exhibition.id)?.visitors).toBe(2);
    expect((await api.db.selectFrom("visitors").select("erased_at").where("id", "=", visitors[0]!.id).executeTakeFirstOrThrow()).erased_at).toBeNull();
    const done = await purgeVisitors(api.db, 40, false, now);
    expect(done.erased).toBeGreaterThanOrEqual(2);
    for (const v of visitors) {
      const row = await api.db.selectFrom("visitors").select(["name", "erased_at"]).where("id", "=", v.id).executeTakeFirstOrThrow();
      expect(row.name).toBe("");
      expect(row.erased_at).not.toBeNull();
    }
    const history = await api.db.selectFrom("history").select(["action", "actor_role"]).where("exhibition_id", "=", exhibition.id).execute();
    expect(history).toContainEqual({ action: "cli:purge-visitors", actor_role: "system" });
    // The current exhibition has not closed: the command finds nothing of it.
    const current = await api.db.selectFrom("exhibitions").select("id").where("is_current", "=", true).executeTakeFirstOrThrow();
    const report = await cli("purge-visitors", ["--after-closing-days", "30", "--dry-run"]);
    expect(report).toContain("Dry run");
    expect(report).not.toContain(`(${current.id})`);
    await expect(cli("purge-visitors", ["--after-closing-days", "soon"])).rejects.toThrow(/Usage/);
  });
});
