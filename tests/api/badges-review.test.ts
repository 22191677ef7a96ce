import ExcelJS from "exceljs";
import { signInDemo } from "../support/demo-cast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idCardCheckChar } from "../../app/contracts/badges/id-documents";
import type { BadgeView } from "../../app/contracts/badges/api-types";
import type { BadgeReviewInfo, BadgeReviewList } from "../../app/contracts/badges/review-types";
import { newExhibitor } from "../support/new-exhibitor";
import { readOutbox } from "../support/outbox";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/** A valid mainland ID number whose first 17 digits end in `n` (unique per test). */
const idCard = (n: number) => {
  const first17 = `44030419800101${String(n).padStart(3, "0")}`;
  return `${first17}${idCardCheckChar(first17)}`;
};
type Fields = { fields: Record<string, string[]> };

describe.each(backendsOf(import.meta.url))("organizer's badge review (/smeb/pass/ticket/review) on %s", (backend) => {
  let api: TempDirTestApi;
  let std01: string;
  let raw01: string;
  let admin: string;
  let std01Id: number;
  let raw01Id: number;
  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "portal-badge-review-");
    ({ std01, raw01, admin } = await signInDemo(api, ["std01", "raw01", "admin"]));
    const users = await api.db.selectFrom("users").select(["id", "username", "exhibition_id"]).where("username", "in", ["std01", "raw01"]).execute();
    std01Id = users.find((u) => u.username === "std01")!.id;
    raw01Id = users.find((u) => u.username === "raw01")!.id;
    // std01's catalogue profile names the exhibitor; raw01 has none and is named by its account (Chinese only).
    await api.db
      .insertInto("exhibitor_profiles")
      .values({
        user_id: std01Id,
        exhibition_id: users[0]!.exhibition_id,
        unique_id: "review-test-std01",
        status: "draft",
        draft: JSON.stringify({ companyNameZh: "星河智能", companyNameEn: "Galaxy Smart" }),
      })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ draft: JSON.stringify({ companyNameZh: "星河智能", companyNameEn: "Galaxy Smart" }) }))
      .execute();
  });
  afterAll(() => api?.close());

  const list = (query: Record<string, string> = {}, lang = "en", ticket = admin) =>
    api.call<BadgeReviewList>("/smeb/pass/ticket/review/list", { ticket, query, lang });
  const info = (id: number, ticket = admin) => api.call<BadgeReviewInfo>("/smeb/pass/ticket/review/info", { ticket, query: { id: String(id) } });
  const decide = (form: Record<string, string>, ticket = admin, lang = "en") =>
    api.call<BadgeReviewInfo>("/smeb/pass/ticket/review/decide", { ticket, form, lang });
  const badgeState = async () =>
    JSON.stringify(await api.db.selectFrom("badges").selectAll().orderBy("id").execute()) +
    JSON.stringify(await api.db.selectFrom("badge_events").select("id").orderBy("id").execute());
  // The demo's badges are std01's and raw01's; other tests' badges are of exhibitors of their own.
  const isDemo = (row: { userId: number }) => row.userId === std01Id || row.userId === raw01Id;
  const othersIn = (rows: BadgeReviewList["rows"]) => rows.filter((r) => !isDemo(r));

  it("lists every exhibitor's badges unmasked, submitted first, named by profile or account", async () => {
    const result = await list();
    expect(result.code, result.message).toBe(200);
    // The demo's three badges; badges other tests gave exhibitors of their own are counted on top.
    const others = othersIn(result.data.rows);
    const othersWith = (status: string) => others.filter((r) => r.status === status).length;
    const names = result.data.rows.filter(isDemo).map((r) => r.holderName);
    expect(names.sort()).toEqual(["Li Si", "张三", "王五"].sort());
    const zhang = result.data.rows.find((r) => r.holderName === "张三")!;
    expect(zhang).toMatchObject({
      mobile: "13800000011",
      idNumber: "11010519491231002X",
      email: "zhangsan.badge@galaxy-smart.example.com",
      userId: std01Id,
      exhibitorName: "Galaxy Smart",
      boothNo: "1A01",
    });
    // No English name: the Chinese one rather than the bare username.
    expect(result.data.rows.find((r) => r.holderName === "王五")).toMatchObject({ userId: raw01Id, exhibitorName: "广州远航机器人有限公司" });
    // Submitted ones before the approved one.
    expect(result.data.rows.at(-1)!.status).toBe("approved");
    expect(result.data.counts).toEqual({ submitted: 2 + othersWith("submitted"), approved: 1 + othersWith("approved"), returned: othersWith("returned") });
    expect(result.data.total).toBe(3 + others.length);
    expect(result.data.exhibitors.map((e) => e.userId).sort()).toEqual([std01Id, raw01Id, ...new Set(others.map((r) => r.userId))].sort());
    const zh = await list({}, "zh");
    expect(zh.data.exhibitors.find((e) => e.userId === std01Id)!.name).toBe("星河智能");
  });

  it("filters by exhibitor, status, kind and keyword, and refuses a bad filter", async () => {
    // Badges other tests gave exhibitors of their own, on top of the demo's three.
    const others = othersIn((await list()).data.rows);
    const byExhibitor = await list({ exhibitor: String(raw01Id) });
    expect(byExhibitor.data.rows.map((r) => r.holderName)).toEqual(["王五"]);
    expect(byExhibitor.data.counts).toEqual({ submitted: 1, approved: 0, returned: 0 });
    const approved = await list({ status: "approved" });
    expect(approved.data.rows.filter(isDemo).map((r) => r.holderName)).toEqual(["张三"]);
    expect(approved.data.total).toBe(1 + others.filter((r) => r.status === "approved").length);
    expect((await list({ kind: "paid" })).data.rows).toEqual([]);
    expect((await list({ kind: "free" })).data.total).toBe(3 + others.filter((r) => r.kind === "free").length);
    expect((await list({ keyword: "2b10" })).data.rows.map((r) => r.holderName)).toEqual(["王五"]);
    expect((await list({ keyword: "li s" })).data.rows.map((r) => r.holderName)).toEqual(["Li Si"]);
    const paged = await list({ pageSize: "10", page: "2" });
    expect(paged.data).toMatchObject({ rows: [], total: 3 + others.length, page: 2 });
    const bad = await list({ status: "lost" });
    expect(bad.status).toBe(400);
    expect((bad.data as unknown as Fields).fields.status).toEqual(["validation.correct|badges.review.fields.status"]);
    expect((await list({ pageSize: "7" })).status).toBe(400);
    expect((await list({ keyword: "x".repeat(51) })).message).toBe("Search can be at most 50 characters");
  });

  it("returns with a comment, the exhibitor resubmits, the organizer approves; every step is kept", async () => {
    // An exhibitor of its own (its contact e-mail is told of the return): the demo's badges stay as seeded.
    const exhibitor = await newExhibitor(api, { withContacts: true });
    const holder = { holderName: "审核测试", idType: "idCard", idNumber: idCard(1), mobile: "13911110001", email: "review1@example.com", company: "星河" };
    const saved = await api.call<BadgeView>("/smeb/pass/ticket/save", { ticket: exhibitor.ticket, lang: "zh", form: { ...holder, position: "工程师" } });
    expect(saved.code, saved.message).toBe(200);
    const id = saved.data.id;
    const before = await badgeState();

    // Returning needs a comment, named at the field; a comment over 200 characters is refused naming the limit.
    const empty = await decide({ id: String(id), decision: "return", comment: "  ", version: String(saved.data.version) });
    expect(empty).toMatchObject({ status: 400, message: "Comment is required" });
    expect((empty.data as unknown as Fields).fields.comment).toEqual(["validation.required|badges.review.fields.comment"]);
    const long = await decide({ id: String(id), decision: "return", comment: "x".repeat(201), version: String(saved.data.version) });
    expect(long.message).toBe("Comment can be at most 200 characters");
    expect((await decide({ id: String(id), decision: "maybe", version: String(saved.data.version) })).status).toBe(400);
    expect(await badgeState()).toBe(before);

    const returned = await decide({ id: String(id), decision: "return", comment: "照片不清晰", version: String(saved.data.version) });
    expect(returned.code, returned.message).toBe(200);
    expect(returned.data).toMatchObject({ status: "returned", reviewComment: "照片不清晰", version: saved.data.version + 1 });
    expect(returned.data.events[0]).toMatchObject({ action: "returned", actorLabel: "admin", comment: "照片不清晰" });

    // The exhibitor is told by e-mail, in both languages.
    const mail = readOutbox(api.dataDir)
      .filter((m) => m.to === exhibitor.email)
      .at(-1)!;
    expect(mail.subject).toContain("审核测试");
    expect(mail.text).toContain("照片不清晰");
    expect(mail.text).toContain("Please correct it");

    // The exhibitor sees the status and the comment, masked as always for them.
    const seen = await api.call<BadgeView>("/smeb/pass/ticket/info", { ticket: exhibitor.ticket, query: { id: String(id) } });
    expect(seen.data).toMatchObject({ status: "returned", reviewComment: "照片不清晰", mobile: "1391******1" });

    // A decision on the version before the return is stale.
    const stale = await decide({ id: String(id), decision: "approve", version: String(saved.data.version) }, admin, "zh");
    expect(stale).toMatchObject({ status: 409, message: "该证件已被同时修改，请刷新后重试" });

    const resubmitted = await api.call<BadgeView>("/smeb/pass/ticket/update", {
      ticket: exhibitor.ticket,
      lang: "zh",
      form: { ...holder, position: "高级工程师", id: String(id), version: String(returned.data.version) },
    });
    expect(resubmitted.code, resubmitted.message).toBe(200);
    expect(resubmitted.data.status).toBe("submitted");

    const approved = await decide({ id: String(id), decision: "approve", comment: "", version: String(resubmitted.data.version) });
    expect(approved.code, approved.message).toBe(200);
    expect(approved.data).toMatchObject({ status: "approved", reviewComment: null, position: "高级工程师" });
    const history = (await info(id)).data.events;
    expect(history.map((e) => e.action)).toEqual(["approved", "resubmitted", "returned", "created"]);
    expect(history.map((e) => e.actorLabel)).toEqual(["admin", exhibitor.username, "admin", exhibitor.username]);
    expect(history[2]!.comment).toBe("照片不清晰");

    // Approved stays approved: deciding again is refused with a message saying so.
    const again = await decide({ id: String(id), decision: "return", comment: "再看看", version: String(approved.data.version) });
    expect(again).toMatchObject({ status: 409, message: "This badge is already approved; an approval cannot be decided again" });
    expect((await info(id)).data).toMatchObject({ status: "approved", version: approved.data.version });
  });

  it("answers 404 for a deleted or unknown badge", async () => {
    const { ticket } = await newExhibitor(api);
    const saved = await api.call<BadgeView>("/smeb/pass/ticket/save", {
      ticket,
      form: { holderName: "Gone", idType: "passport", idNumber: "E70000001", mobile: "13911110002", email: "review2@example.com", company: "远航" },
    });
    expect(saved.code, saved.message).toBe(200);
    expect((await api.call("/smeb/pass/ticket/delete", { ticket, form: { id: String(saved.data.id) } })).code).toBe(200);
    expect((await info(saved.data.id)).status).toBe(404);
    expect((await decide({ id: String(saved.data.id), decision: "approve", version: String(saved.data.version) })).status).toBe(404);
    expect((await decide({ id: "99999999", decision: "approve", version: "0" })).status).toBe(404);
    expect((await list({ keyword: "Gone" })).data.total).toBe(0);
  });

  /** The export's sheet as rows of cell texts, the header first. */
  async function exportRows(query: Record<string, string>, lang = "en") {
    const response = await fetch(`${api.baseUrl}/api/smeb/pass/ticket/review/export?${new URLSearchParams(query)}`, {
      headers: { ticket: admin, "accept-language": lang },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment;/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
    return rows;
  }

  it("exports every matching badge, unmasked, with its exhibitor, whatever the page size", async () => {
    const all = await exportRows({ pageSize: "10", page: "5" });
    const [header, ...rows] = all;
    expect(header![0]).toBe("Exhibitor");
    expect(header).toContain("Mobile");
    const total = (await list()).data.total;
    expect(rows).toHaveLength(total);
    const zhang = rows.find((r) => r.includes("张三"))!;
    expect(zhang[0]).toBe("Galaxy Smart");
    expect(zhang).toContain("13800000011");
    expect(zhang).toContain("11010519491231002X");
    const onlyRaw = await exportRows({ exhibitor: String(raw01Id), status: "submitted" }, "zh");
    expect(onlyRaw[0]![0]).toBe("展商");
    expect(onlyRaw.slice(1).map((r) => r[0])).toEqual(["广州远航机器人有限公司"]);
    expect(onlyRaw[1]).toContain("王五");
    const refused = await api.call("/smeb/pass/ticket/review/export", { ticket: admin, query: { kind: "gold" } });
    expect(refused.status).toBe(400);
  });

  it("refuses exhibitors (403) on every review endpoint and changes nothing", async () => {
    const li = (await list()).data.rows.find((r) => r.holderName === "Li Si")!;
    const before = await badgeState();
    for (const ticket of [std01, raw01]) {
      const responses = [
        await list({}, "en", ticket),
        await list({ exhibitor: String(std01Id) }, "en", ticket),
        await info(li.id, ticket),
        await decide({ id: String(li.id), decision: "approve", version: String(li.version) }, ticket),
        await decide({ id: String(li.id), decision: "return", comment: "x", version: String(li.version) }, ticket),
        await api.call("/smeb/pass/ticket/review/export", { ticket, query: { exhibitor: String(std01Id) } }),
      ];
      for (const response of responses) {
        expect(response.status).toBe(403);
        expect(JSON.stringify(response.data ?? null)).not.toContain("13800000012");
      }
    }
    const anonymous = await api.call("/smeb/pass/ticket/review/list");
    expect(anonymous.status).toBe(401);
    expect(await badgeState()).toBe(before);
  });
});
