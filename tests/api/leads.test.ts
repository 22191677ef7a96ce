import crypto from "node:crypto";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lead, LeadCapture, LeadList, LeadOverview, LeadScansAnswer, VisitorPass } from "../../app/contracts/leads/api-types";
import { LEAD_SCAN_BATCH_MAX } from "../../app/contracts/leads/values";
import { addDays, exhibitionDate } from "../../app/contracts/common/exhibition-time";
import { appClock } from "../../server/clock";
import { signInDemo } from "../support/demo-cast";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";
import { newVisitorWithPass } from "../support/visitor-passes";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * Leads at the show (issue 56, docs/decisions/070): the pass codes are signed and unforgeable; a
 * lead shows the visitor's contacts only while the visitor's consent holds (the capture, the list and
 * the export); one lead per company and visitor and one scan per device id under repeats and races;
 * who may capture and read; the organizer's counts without contacts.
 */
describe.each(backendsOf(import.meta.url))("leads on %s", (backend) => {
  let api: TempDirTestApi;
  let t: Record<"std01" | "std01a" | "std01c" | "raw01" | "admin" | "carrier01", string>;
  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "portal-leads-");
    t = await signInDemo(api, ["std01", "std01a", "std01c", "raw01", "admin", "carrier01"]);
  });
  afterAll(() => api?.close());

  const capture = (ticket: string, code: string, lang = "en") => api.call<LeadCapture>("/smeb/leads/capture", { ticket, query: { code }, lang });
  const save = (ticket: string, form: Record<string, string>, lang = "en") => api.call<Lead>("/smeb/leads/capture", { ticket, form, lang });
  const scans = (ticket: string, items: { id: string; code: string; scannedAt?: string }[]) =>
    api.call<LeadScansAnswer>("/smeb/leads/scans", { ticket, json: { scans: items } });
  const list = (ticket: string, query: Record<string, string> = {}) => api.call<LeadList>("/smeb/leads/list", { ticket, query: { pageSize: "50", ...query } });
  const leadsOf = async (companyUsername: string, visitorId: number) => {
    const company = await api.db.selectFrom("users").select("id").where("username", "=", companyUsername).executeTakeFirstOrThrow();
    return api.db.selectFrom("leads").selectAll().where("company_user_id", "=", company.id).where("visitor_id", "=", visitorId).execute();
  };
  const exportRows = async (ticket: string) => {
    const response = await fetch(`${api.baseUrl}/api/smeb/leads/export`, { headers: { ticket, "accept-language": "en" } });
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const rows: Record<string, string>[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] === undefined || values[i] === null ? "" : String(values[i])])));
    });
    return rows;
  };

  it("refuses a forged, altered or swapped code, and tells a stranger only which exhibition a pass is for", async () => {
    const visitor = await newVisitorWithPass(api);
    const altered = `${visitor.leadCode.slice(0, -1)}${visitor.leadCode.endsWith("A") ? "B" : "A"}`;
    const madeUp = `EPV1.${crypto.randomBytes(16).toString("base64url")}.${crypto.randomBytes(16).toString("base64url")}`;
    for (const code of [altered, madeUp, visitor.pageCode, "hello", `https://expo.example.cn/lead/${altered}`]) {
      const answer = await capture(t.std01, code);
      expect(answer.status, code).toBe(400);
      expect(answer.message).toBe("This is not a valid visitor pass of this portal");
      expect(JSON.stringify(answer)).not.toContain(visitor.name);
    }
    // The pass page's code is not a lead code, nor the other way round.
    expect((await api.call("/visit/pass", { query: { code: visitor.leadCode } })).status).toBe(404);
    const info = await api.call<{ exhibitionName: string; currentExhibition: boolean }>("/visit/leadCode", { query: { code: visitor.leadCode } });
    expect(info.status).toBe(200);
    expect(info.data.currentExhibition).toBe(true);
    expect(JSON.stringify(info)).not.toContain(visitor.name);
    expect((await api.call("/visit/leadCode", { query: { code: altered } })).status).toBe(400);
    // The full URL the QR carries reads as its code.
    expect((await capture(t.std01, `https://expo.example.cn/lead/${visitor.leadCode}`)).status).toBe(200);
  });

  it("shows the contacts only with the visitor's consent, and hides them everywhere once it is withdrawn", async () => {
    const consenting = await newVisitorWithPass(api, { leadConsent: true });
    const private_ = await newVisitorWithPass(api);
    const seen = await capture(t.std01, consenting.leadCode);
    expect(seen.data.visitor).toMatchObject({ name: consenting.name, mobile: consenting.mobile, email: consenting.email, contactShown: true });
    const hidden = await capture(t.std01, private_.leadCode);
    expect(hidden.data.visitor).toMatchObject({ name: private_.name, mobile: null, email: null, contactShown: false });
    expect(JSON.stringify(hidden)).not.toContain(private_.mobile);
    for (const v of [consenting, private_]) expect((await save(t.std01, { code: v.leadCode, rating: "hot" })).status).toBe(200);

    const before = await exportRows(t.std01);
    expect(before.find((r) => r.Name === consenting.name)).toMatchObject({ Mobile: consenting.mobile, "E-mail": consenting.email });
    expect(before.find((r) => r.Name === private_.name)).toMatchObject({ Mobile: "", "E-mail": "" });

    // The visitor withdraws on the pass page.
    const withdrawn = await api.call<VisitorPass>("/visit/pass/consent", { form: { code: consenting.pageCode, leadConsent: "false" } });
    expect(withdrawn.status, withdrawn.message).toBe(200);
    expect(withdrawn.data.leadConsent).toBe(false);
    expect((await capture(t.std01, consenting.leadCode)).data.visitor.mobile).toBeNull();
    const row = (await list(t.std01)).data.rows.find((r) => r.visitor.name === consenting.name)!;
    expect(row.visitor).toMatchObject({ mobile: null, email: null, contactShown: false });
    const after = await exportRows(t.std01);
    expect(after.find((r) => r.Name === consenting.name)).toMatchObject({ Mobile: "", "E-mail": "" });
    expect(JSON.stringify(after)).not.toContain(consenting.mobile);
    const history = await api.db
      .selectFrom("history")
      .select(["actor_role", "summary"])
      .where("record_type", "=", "visitor")
      .where("record_id", "=", String(consenting.id))
      .execute();
    expect(history).toEqual([{ actor_role: "visitor", summary: "lead consent withdrawn" }]);
  });

  it("keeps one lead per company and visitor, whoever scans, and another company's own", async () => {
    const visitor = await newVisitorWithPass(api);
    const first = await save(t.std01c, { code: visitor.leadCode, rating: "warm", notes: "第一次", followUp: "on" });
    expect(first.status, first.message).toBe(200);
    expect(first.data.scannedBy).toBe("李娜");
    const again = await save(t.std01, { code: visitor.leadCode, rating: "hot", notes: "第二次" });
    expect(again.data.id).toBe(first.data.id);
    expect(again.data).toMatchObject({ rating: "hot", notes: "第二次", followUp: false, scannedBy: "李娜" });
    const opened = await capture(t.std01c, visitor.leadCode);
    expect(opened.data.lead?.id).toBe(first.data.id);
    expect(await leadsOf("std01", visitor.id)).toHaveLength(1);
    // raw01's lead on the same visitor is raw01's own.
    const other = await save(t.raw01, { code: visitor.leadCode });
    expect(other.data.id).not.toBe(first.data.id);
    expect((await capture(t.raw01, visitor.leadCode)).data.lead?.notes).toBe("");
  });

  it("tells each account that may not capture why, and leaks nothing to it", async () => {
    const visitor = await newVisitorWithPass(api, { leadConsent: true });
    const member = await capture(t.std01a, visitor.leadCode);
    expect(member.status).toBe(403);
    expect(member.message).toContain("Leads grant");
    const zh = await capture(t.std01a, visitor.leadCode, "zh");
    expect(zh.message).toContain("现场线索");
    for (const ticket of [t.admin, t.carrier01]) {
      const answer = await capture(ticket, visitor.leadCode);
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer)).not.toContain(visitor.mobile);
    }
    expect((await save(t.std01a, { code: visitor.leadCode })).status).toBe(403);
    expect((await scans(t.admin, [{ id: crypto.randomUUID(), code: visitor.leadCode }])).status).toBe(403);
    // The list and the export are the leads area's: a member without it gets 403.
    expect((await list(t.std01a)).status).toBe(403);
    expect((await fetch(`${api.baseUrl}/api/smeb/leads/export`, { headers: { ticket: t.std01a } })).status).toBe(403);
  });

  it("refuses notes of 10,000 characters and control characters with their own messages, keeping the lead as it was", async () => {
    const visitor = await newVisitorWithPass(api);
    const saved = await save(t.std01, { code: visitor.leadCode, notes: "好" });
    const long = await save(t.std01, { code: visitor.leadCode, notes: "长".repeat(10_000) });
    expect(long.status).toBe(400);
    expect(long.message).toContain("2000");
    const control = await save(t.std01, { code: visitor.leadCode, notes: "bell\u0007" });
    expect(control.status).toBe(400);
    const update = await api.call<Lead>("/smeb/leads/update", { ticket: t.std01, form: { id: String(saved.data.id), notes: "x".repeat(10_000) } });
    expect(update.status).toBe(400);
    expect((await leadsOf("std01", visitor.id))[0]!.notes).toBe("好");
  });

  it("counts a scan sent five times, or twice at once, exactly once", async () => {
    const visitor = await newVisitorWithPass(api);
    const id = crypto.randomUUID();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await scans(t.std01c, [{ id, code: visitor.leadCode, scannedAt: new Date().toISOString() }]));
    expect(answers.map((a) => a.data.results[0]!.status)).toEqual(["saved", "repeat", "repeat", "repeat", "repeat"]);
    const leads = await leadsOf("std01", visitor.id);
    expect(leads).toHaveLength(1);
    expect(await api.db.selectFrom("lead_scans").select("id").where("lead_id", "=", leads[0]!.id).execute()).toHaveLength(1);

    const racer = await newVisitorWithPass(api);
    const raceId = crypto.randomUUID();
    const raced = await Promise.all(Array.from({ length: 4 }, () => scans(t.std01, [{ id: raceId, code: racer.leadCode }])));
    expect(raced.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(raced.filter((a) => a.data.results[0]!.status === "saved")).toHaveLength(1);
    const racedLeads = await leadsOf("std01", racer.id);
    expect(racedLeads).toHaveLength(1);
    expect(await api.db.selectFrom("lead_scans").select("id").where("lead_id", "=", racedLeads[0]!.id).execute()).toHaveLength(1);
    // Other ids of the same visitor: more scans, the same lead.
    const more = await scans(t.std01, [{ id: crypto.randomUUID(), code: racer.leadCode }]);
    expect(more.data.results[0]).toMatchObject({ status: "saved", leadId: racedLeads[0]!.id });
  });

  it("takes 1,000 queued scans in batches, refusing one request of all of them with its own message, losing and doubling none", async () => {
    const visitors = await Promise.all(Array.from({ length: 10 }, () => newVisitorWithPass(api)));
    const queue = Array.from({ length: 1000 }, (_, i) => ({ id: crypto.randomUUID(), code: visitors[i % 10]!.leadCode }));
    const tooMany = await scans(t.std01, queue);
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toContain(String(LEAD_SCAN_BATCH_MAX));
    const results = [];
    for (let from = 0; from < queue.length; from += LEAD_SCAN_BATCH_MAX) {
      const batch = await scans(t.std01, queue.slice(from, from + LEAD_SCAN_BATCH_MAX));
      expect(batch.status, batch.message).toBe(200);
      results.push(...batch.data.results);
    }
    expect(results.map((r) => r.id)).toEqual(queue.map((q) => q.id));
    expect(results.every((r) => r.status === "saved")).toBe(true);
    const leadIds = [...new Set(results.map((r) => r.leadId))];
    expect(leadIds).toHaveLength(10);
    const counted = await api.db
      .selectFrom("lead_scans")
      .select("id")
      .where("lead_id", "in", leadIds as number[])
      .execute();
    expect(counted).toHaveLength(1000);
    // The same batch again: every one a repeat.
    const repeat = await scans(t.std01, queue.slice(0, LEAD_SCAN_BATCH_MAX));
    expect(repeat.data.results.every((r) => r.status === "repeat")).toBe(true);
  });

  it("answers each queued scan that cannot be a lead on its own, and saves the rest of the batch", async () => {
    const good = await newVisitorWithPass(api);
    const today = exhibitionDate(appClock.now());
    const otherExhibition = await api.db
      .insertInto("exhibitions")
      .values({
        code: `old-${crypto.randomBytes(3).toString("hex")}`,
        name_zh: "往届展会",
        name_en: "Last year's show",
        starts_on: addDays(today, -400),
        ends_on: addDays(today, -398),
        venue_zh: "馆",
        venue_en: "Hall",
        is_current: false,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const old = await newVisitorWithPass(api, { exhibitionId: otherExhibition.id });
    const answer = await scans(t.std01, [
      { id: crypto.randomUUID(), code: "EPV1.nothing.here" },
      { id: crypto.randomUUID(), code: old.leadCode },
      { id: crypto.randomUUID(), code: good.leadCode },
    ]);
    expect(answer.data.results.map((r) => r.status)).toEqual(["forged", "otherExhibition", "saved"]);
    expect(answer.data.results[2]!.visitorName).toBe(good.name);
    const oldCapture = await capture(t.std01, old.leadCode);
    expect(oldCapture.status).toBe(400);
    expect(oldCapture.message).toBe("This pass is for another exhibition (Last year's show)");
    expect(await leadsOf("std01", old.id)).toHaveLength(0);
  });

  it("edits, filters, deletes with its scans kept, and never touches another company's lead", async () => {
    const visitor = await newVisitorWithPass(api);
    const tagName = `标签${crypto.randomBytes(2).toString("hex")}`;
    const tags = await api.call<{ id: number; name: string }[]>("/smeb/leads/tags/save", { ticket: t.std01, form: { name: tagName } });
    expect(tags.status, tags.message).toBe(200);
    const tag = tags.data.find((candidate) => candidate.name === tagName)!;
    const taken = await api.call("/smeb/leads/tags/save", { ticket: t.std01, form: { name: tagName } });
    expect(taken.status).toBe(409);
    const deviceId = crypto.randomUUID();
    const scanned = await scans(t.std01, [{ id: deviceId, code: visitor.leadCode }]);
    const leadId = scanned.data.results[0]!.leadId!;
    const updated = await api.call<Lead>("/smeb/leads/update", { ticket: t.std01, form: { id: String(leadId), rating: "cold", tagIds: String(tag.id) } });
    expect(updated.data).toMatchObject({ rating: "cold", tagIds: [tag.id] });
    expect((await list(t.std01, { tagId: String(tag.id) })).data.rows.map((r) => r.id)).toEqual([leadId]);
    expect((await list(t.std01, { rating: "cold" })).data.rows.map((r) => r.id)).toContain(leadId);

    // raw01 holding std01's ids: not found, nothing changed.
    expect((await api.call("/smeb/leads/lead", { ticket: t.raw01, query: { id: String(leadId) } })).status).toBe(404);
    expect((await api.call("/smeb/leads/update", { ticket: t.raw01, form: { id: String(leadId), rating: "hot" } })).status).toBe(404);
    expect((await api.call("/smeb/leads/delete", { ticket: t.raw01, form: { id: String(leadId) } })).status).toBe(404);
    expect((await api.call("/smeb/leads/tags/delete", { ticket: t.raw01, form: { id: String(tag.id) } })).status).toBe(404);
    expect((await api.call("/smeb/leads/update", { ticket: t.raw01, form: { id: String(leadId), tagIds: String(tag.id) } })).status).toBe(404);
    expect(JSON.stringify((await list(t.raw01)).data)).not.toContain(visitor.name);
    expect(JSON.stringify(await exportRows(t.raw01))).not.toContain(visitor.name);

    // The tag leaves the lead when it goes.
    await api.call("/smeb/leads/tags/delete", { ticket: t.std01, form: { id: String(tag.id) } });
    expect((await api.call<Lead>("/smeb/leads/lead", { ticket: t.std01, query: { id: String(leadId) } })).data.tagIds).toEqual([]);

    expect((await api.call("/smeb/leads/delete", { ticket: t.std01, form: { id: String(leadId) } })).status).toBe(200);
    expect(await leadsOf("std01", visitor.id)).toHaveLength(0);
    // A late repeat of the deleted lead's scan does not bring it back.
    const late = await scans(t.std01, [{ id: deviceId, code: visitor.leadCode }]);
    expect(late.data.results[0]!.status).toBe("deleted");
    expect(await leadsOf("std01", visitor.id)).toHaveLength(0);
  });

  it("gives the organizer counts per exhibitor and day and the visitors' totals, never a contact", async () => {
    const visitor = await newVisitorWithPass(api, { leadConsent: true });
    await save(t.std01, { code: visitor.leadCode });
    const overview = await api.call<LeadOverview>("/smeb/leads/overview", { ticket: t.admin });
    expect(overview.status).toBe(200);
    const std01 = await api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
    expect(overview.data.perExhibitor.find((r) => r.userId === std01.id)?.leads).toBeGreaterThan(0);
    expect(overview.data.totalLeads).toBeGreaterThan(0);
    expect(overview.data.visitors.registered).toBeGreaterThan(0);
    expect(JSON.stringify(overview.data)).not.toContain(visitor.mobile);
    expect(JSON.stringify(overview.data)).not.toContain(visitor.name);
    expect((await api.call("/smeb/leads/overview", { ticket: t.std01 })).status).toBe(403);
  });
});
