import crypto from "node:crypto";
import ExcelJS from "exceljs";
import { signInDemo } from "../support/demo-cast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConstructionEvent, DrawingProcess, ReviewItem, ReviewList } from "../../app/contracts/booth-construction/api-types";
import { uploadAs } from "../support/uploads";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";
import { TEST_NOW, testCalendar } from "../support/test-clock";
import { newExhibitor } from "../support/new-exhibitor";
import { createBooth } from "../../server/seed/create-booth";
import { boothReviewSweep } from "./idor/booth-review";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Fields = { fields: Record<string, string[]> };
const hoursBefore = (hours: number) => new Date(Date.parse(TEST_NOW) - hours * 3_600_000);

describe.each(backendsOf(import.meta.url))("organizer's construction review (/smeb/boothBuild/review) on %s", (backend) => {
  let api: TempDirTestApi;
  let std01: string;
  let raw01: string;
  let admin: string;
  let carrier: string;

  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "portal-booth-review-");
    ({ std01, raw01, admin, carrier01: carrier } = await signInDemo(api, ["std01", "raw01", "admin", "carrier01"]));
  });
  afterAll(() => api?.close());

  /**
   * A review queue of a test's own, written straight in as the other pages would have: a standard
   * booth's fascia (a draft, not in the queue, unless `fasciaSubmitted`) and an unsigned commitment;
   * a raw-space exhibitor's submitted insurance, commitment and design drawing on one booth, and an
   * accepted insurance and eleven returned structure drawings, older than everything else (enough to
   * page), on its second booth. Both exhibitors' names hold `tag`: `keyword: tag` lists this queue alone.
   */
  async function newQueue(options: { fasciaSubmitted?: boolean } = {}) {
    const tag = crypto.randomBytes(4).toString("hex");
    const standard = await newExhibitor(api, { businessName: `深圳星河${tag}智能` });
    const englishName = `Galaxy Smart ${tag} Co., Ltd.`;
    await api.db.updateTable("users").set({ business_name_en: englishName }).where("id", "=", standard.userId).execute();
    const special = await newExhibitor(api, { boothType: 2, businessName: `广州远航${tag}机器人` });
    const secondBoothNo = `${special.boothNo}-2`;
    const secondBoothId = await createBooth(api.db, { username: special.username, boothNo: secondBoothNo, hallCode: "2", boothType: 2 });
    const { exhibition_id } = await api.db.selectFrom("users").select("exhibition_id").where("id", "=", special.userId).executeTakeFirstOrThrow();
    const of = (owner: { userId: number }, boothId: number) => ({ exhibition_id, user_id: owner.userId, booth_id: boothId });
    // The other pages' files: any file the exhibitor owns.
    const fileUrl = await uploadAs(api, special.ticket, "booth-drawing", "policy.png");
    const fileId = fileUrl.slice("/files/".length);

    // The standard booth's build as seeded for 1A01: a draft, named as the account.
    const fascia = (
      await api.db
        .insertInto("standard_builds")
        .values({
          ...of(standard, standard.boothId),
          status: "draft",
          fascia_mode: "standard",
          fascia_name_zh: standard.businessName,
          fascia_name_en: englishName,
          unneeded_equipment: JSON.stringify(["trashCan"]),
          positioning_date: testCalendar.rawMoveIn.to,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    if (options.fasciaSubmitted) await submitFascia(fascia);
    const insurance = {
      status: "submitted" as const,
      insurer: "中国平安财产保险",
      policy_no: "PA-2B10-001",
      insured_cents: 100_000_000,
      valid_from: "2026-12-01",
      valid_to: "2026-12-31",
      policy_file_id: fileId,
      version: 3,
    };
    const submittedInsurance = (
      await api.db
        .insertInto("booth_insurances")
        .values({ ...of(special, special.boothId), ...insurance, submitted_at: hoursBefore(2) })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const acceptedInsurance = (
      await api.db
        .insertInto("booth_insurances")
        .values({ ...of(special, secondBoothId), ...insurance, policy_no: "PA-2B12-001", status: "accepted", submitted_at: hoursBefore(5) })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const commitmentValues = { responsible_person: "李四", builder_company: "深圳华美展览工程", mobile: "13912345678", rules_read_at: hoursBefore(30) };
    const commitment = (
      await api.db
        .insertInto("safety_commitments")
        .values({ ...of(special, special.boothId), ...commitmentValues, status: "submitted", signed_file_id: fileId, submitted_at: hoursBefore(1) })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const unsignedCommitment = (
      await api.db
        .insertInto("safety_commitments")
        .values({ ...of(standard, standard.boothId), ...commitmentValues, status: "notSigned" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await api.db
      .insertInto("booth_drawings")
      .values(
        Array.from({ length: 11 }, (_, i) => ({
          ...of(special, secondBoothId),
          kind: "structure" as const,
          version: i + 1,
          file_id: fileId,
          status: "returned" as const,
          review_comment: "重算",
          created_at: hoursBefore(48 - i),
        })),
      )
      .execute();
    const uploaded = await api.call<DrawingProcess>("/smeb/boothBuild/drawing/upload", {
      ticket: special.ticket,
      form: {
        boothId: String(special.boothId),
        kind: "design",
        fileUrl: await uploadAs(api, special.ticket, "booth-drawing", "2B10-design.png"),
        note: "两层结构",
      },
    });
    expect(uploaded.code, uploaded.message).toBe(200);
    const drawing = uploaded.data.drawings.design[0]!.id;
    return {
      tag,
      standard,
      englishName,
      special,
      secondBoothNo,
      ids: { fascia, insurance: submittedInsurance, insuranceAccepted: acceptedInsurance, commitment, unsignedCommitment, drawing },
    };
  }
  /** The standard booth's fascia sent for review, 3 hours before TEST_NOW, at version 2, with its English name. */
  const submitFascia = (id: number) =>
    api.db
      .updateTable("standard_builds")
      .set({ status: "submitted", fascia_name_en: "Galaxy Smart", submitted_at: hoursBefore(3), version: 2 })
      .where("id", "=", id)
      .execute();

  const list = (query: Record<string, string> = {}, lang = "en", ticket = admin) =>
    api.call<ReviewList>("/smeb/boothBuild/review/list", { ticket, query, lang });
  const decide = (form: Record<string, string>, ticket = admin, lang = "en") => api.call<ReviewItem>("/smeb/boothBuild/review/decide", { ticket, form, lang });
  const history = (subject: string, id: number, ticket = admin) =>
    api.call<ConstructionEvent[]>("/smeb/boothBuild/review/history", { ticket, query: { subject, id: String(id) } });
  const state = async () =>
    JSON.stringify(
      await Promise.all([
        api.db.selectFrom("standard_builds").select(["id", "status", "version", "review_comment"]).orderBy("id").execute(),
        api.db.selectFrom("booth_insurances").select(["id", "status", "version", "review_comment"]).orderBy("id").execute(),
        api.db.selectFrom("safety_commitments").select(["id", "status", "version", "review_comment"]).orderBy("id").execute(),
        api.db.selectFrom("booth_drawings").select(["id", "status", "review_comment"]).orderBy("id").execute(),
        api.db.selectFrom("construction_events").select("id").orderBy("id").execute(),
      ]),
    );

  it("keeps drafts out; a submitted fascia joins the queue, submitted first and newest first", async () => {
    const { tag, standard, englishName, special, ids } = await newQueue();
    expect((await list({ subject: "fascia", keyword: tag })).data.total).toBe(0);
    await submitFascia(ids.fascia);

    const all = await list({ pageSize: "50", keyword: tag });
    expect(all.code, all.message).toBe(200);
    expect(all.data.total).toBe(16);
    expect(all.data.counts).toEqual({ submitted: 4, accepted: 1, returned: 11 });
    expect(all.data.items.slice(0, 5).map((i) => [i.subject, i.status])).toEqual([
      ["drawing", "submitted"],
      ["commitment", "submitted"],
      ["insurance", "submitted"],
      ["fascia", "submitted"],
      ["insurance", "accepted"],
    ]);
    const [drawing, commitment, insurance, fascia] = all.data.items;
    expect(fascia).toMatchObject({
      id: ids.fascia,
      boothNo: standard.boothNo,
      exhibitorName: englishName,
      version: 2,
      summary: `Standard fascia: ${standard.businessName} / Galaxy Smart`,
      files: [],
    });
    expect(insurance).toMatchObject({
      id: ids.insurance,
      boothNo: special.boothNo,
      exhibitorName: special.businessName,
      version: 3,
      summary: "中国平安财产保险, policy PA-2B10-001, insured ¥1,000,000.00, 2026-12-01 to 2026-12-31",
    });
    expect(insurance!.files).toEqual([{ url: expect.stringMatching(/^\/files\//), name: "policy.png" }]);
    expect(commitment).toMatchObject({ summary: "Responsible on site: 李四; builder: 深圳华美展览工程", version: 0, files: [{ name: "policy.png" }] });
    expect(drawing).toMatchObject({
      id: ids.drawing,
      summary: "Design drawing v1: 两层结构",
      version: null,
      files: [{ name: "2B10-design.png" }],
      submittedAt: expect.any(String),
    });
    // In Chinese, names and summaries in Chinese.
    const zh = await list({ subject: "drawing", status: "submitted", keyword: tag }, "zh");
    expect(zh.data.items[0]).toMatchObject({ summary: "设计图纸 第 1 版：两层结构", exhibitorName: special.businessName });
  });

  it("filters by subject, status and keyword (booth or exhibitor), counts per status, pages", async () => {
    // A queue of its own, the fascia submitted; `keyword: tag` keeps other tests' records out.
    const { tag, secondBoothNo } = await newQueue({ fasciaSubmitted: true });
    const drawings = await list({ subject: "drawing", keyword: tag });
    expect(drawings.data).toMatchObject({ total: 12, counts: { submitted: 1, accepted: 0, returned: 11 }, page: 1, pageSize: 10 });
    expect(drawings.data.items).toHaveLength(10);
    const second = await list({ subject: "drawing", page: "2", keyword: tag });
    expect(second.data.items).toHaveLength(2);
    const seen = [...drawings.data.items, ...second.data.items].map((i) => i.id);
    expect(new Set(seen).size).toBe(12);
    expect((await list({ subject: "drawing", page: "3", keyword: tag })).data.items).toEqual([]);

    const returned = await list({ status: "returned", pageSize: "20", keyword: tag });
    expect(returned.data.items.every((i) => i.status === "returned" && i.subject === "drawing")).toBe(true);
    expect(returned.data).toMatchObject({ total: 11, counts: { submitted: 4, accepted: 1, returned: 11 } });

    // The second raw-space booth's number, in lower case.
    const byBooth = await list({ keyword: secondBoothNo.toLowerCase() });
    expect(byBooth.data.total).toBe(12);
    expect(byBooth.data.counts).toEqual({ submitted: 0, accepted: 1, returned: 11 });
    // Part of a name: the standard booth's Chinese one, its English one in lower case, the raw-space exhibitor's.
    const byName = await list({ keyword: `星河${tag}` });
    expect(byName.data.items.map((i) => i.subject)).toEqual(["fascia"]);
    expect((await list({ keyword: `galaxy smart ${tag}` })).data.total).toBe(1);
    expect((await list({ keyword: `远航${tag}`, subject: "insurance" })).data.counts).toEqual({ submitted: 1, accepted: 1, returned: 0 });
    expect((await list({ keyword: "100%" })).data.total).toBe(0);

    const bad = await list({ subject: "badge" });
    expect(bad.status).toBe(400);
    expect((bad.data as unknown as Fields).fields.subject).toEqual(["validation.correct|boothConstruction.fields.subject"]);
    expect((await list({ pageSize: "7" })).status).toBe(400);
  });

  it("returns with a comment and approves; a decided record, a stale version and a draft are refused", async () => {
    const { ids } = await newQueue({ fasciaSubmitted: true });
    const before = await state();
    const noComment = await decide({ subject: "insurance", id: String(ids.insurance), decision: "return", version: "3" });
    expect(noComment).toMatchObject({ status: 400, message: "Comment is required" });
    expect((await decide({ subject: "insurance", id: String(ids.insurance), decision: "approve", version: "2" })).status).toBe(409);
    expect((await decide({ subject: "insurance", id: "99999999", decision: "approve" })).status).toBe(404);
    expect(await state()).toBe(before);

    const returned = await decide({ subject: "insurance", id: String(ids.insurance), decision: "return", comment: "保额不足", version: "3" });
    expect(returned.code, returned.message).toBe(200);
    expect(returned.data).toMatchObject({ status: "returned", reviewComment: "保额不足", version: 4 });
    const again = await decide({ subject: "insurance", id: String(ids.insurance), decision: "approve", version: "4" }, admin, "zh");
    expect(again).toMatchObject({ status: 409, message: "该记录已审核" });
    const stale = await decide({ subject: "fascia", id: String(ids.fascia), decision: "approve", version: "1" });
    expect(stale).toMatchObject({ status: 409, message: "This record was changed meanwhile, please reload and try again" });

    const approved = await decide({ subject: "fascia", id: String(ids.fascia), decision: "approve", version: "2" });
    expect(approved.data).toMatchObject({ status: "accepted", version: 3, reviewComment: null });
    expect((await decide({ subject: "fascia", id: String(ids.fascia), decision: "return", comment: "x" })).message).toBe("This has already been decided");

    // A commitment not yet signed is not the organizer's to decide.
    const unsigned = await api.db.selectFrom("safety_commitments").select(["id", "status"]).where("id", "=", ids.unsignedCommitment).executeTakeFirstOrThrow();
    expect(unsigned.status).toBe("notSigned");
    expect(await decide({ subject: "commitment", id: String(unsigned.id), decision: "approve" })).toMatchObject({
      status: 409,
      message: "Only a submitted record can be reviewed",
    });

    const events = await history("insurance", ids.insurance);
    expect(events.data.map((e) => [e.action, e.actorLabel, e.comment])).toEqual([["return", "admin", "保额不足"]]);
    expect((await history("fascia", ids.fascia)).data.map((e) => e.action)).toEqual(["approve"]);
    expect((await history("drawing", 99999999)).status).toBe(404);
    const row = await api.db.selectFrom("booth_insurances").select(["reviewed_at", "review_comment"]).where("id", "=", ids.insurance).executeTakeFirstOrThrow();
    expect(row.review_comment).toBe("保额不足");
    expect(row.reviewed_at).not.toBeNull();
  });

  it("two organizers deciding at once: one wins, the other is told it is decided", async () => {
    const { ids } = await newQueue();
    const answers = await Promise.all([
      decide({ subject: "commitment", id: String(ids.commitment), decision: "approve", version: "0" }),
      decide({ subject: "commitment", id: String(ids.commitment), decision: "return", comment: "缺盖章", version: "0" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await history("commitment", ids.commitment)).data).toHaveLength(1);
    const row = await api.db.selectFrom("safety_commitments").select(["status", "version"]).where("id", "=", ids.commitment).executeTakeFirstOrThrow();
    expect(row.version).toBe(1);
    expect(row.status).toBe(answers.find((a) => a.status === 200)!.data.status);
  });

  /** The export's sheet as rows of cell texts, the header first, and the header's font. */
  async function exportRows(lang = "en") {
    const response = await fetch(`${api.baseUrl}/api/smeb/boothBuild/review/export`, { headers: { ticket: admin, "accept-language": lang } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment;.*\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
    return { rows, bold: sheet.getRow(1).font?.bold, frozen: sheet.views[0] };
  }

  it("exports the standard booths' builds for the builder, in the caller's language", async () => {
    // A standard booth of its own, its fascia submitted and accepted.
    const { standard, englishName, ids } = await newQueue({ fasciaSubmitted: true });
    const accepted = await decide({ subject: "fascia", id: String(ids.fascia), decision: "approve", version: "2" });
    expect(accepted.code, accepted.message).toBe(200);
    await api.db
      .updateTable("standard_builds")
      .set({
        walls_removed: JSON.stringify(["left"]),
        extra_boards: 2,
        carpet_colour: "red",
        carpet_laying_day: "2026-12-05",
        carpet_laying_slot: "am",
        other_requirements: "多一个插座",
      })
      .where("id", "=", ids.fascia)
      .execute();
    const en = await exportRows();
    expect(en.bold).toBe(true);
    expect(en.frozen).toMatchObject({ state: "frozen", ySplit: 1 });
    const [header, ...rows] = en.rows;
    expect(header).toEqual([
      "Booth",
      "Hall",
      "Exhibitor",
      "Size",
      "Status",
      "Fascia",
      "Fascia (Chinese)",
      "Fascia (English)",
      "Equipment not needed",
      "Walls removed",
      "Extra boards",
      "Positioning date",
      "Carpet colour",
      "Carpet laying",
      "Other requirements",
    ]);
    // One row per standard booth with a build, whatever its state: the demo's 1A01 draft and other tests' booths too.
    expect(rows).toHaveLength((await api.db.selectFrom("standard_builds").select("id").execute()).length);
    const own = rows.filter((row) => row[0] === standard.boothNo);
    expect(own).toHaveLength(1);
    expect(own[0]).toEqual([
      standard.boothNo,
      "Hall 1",
      englishName,
      "3x3",
      "Accepted",
      "Standard",
      standard.businessName,
      "Galaxy Smart",
      "trash can",
      "left",
      "2",
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      "red",
      "2026-12-05 morning",
      "多一个插座",
    ]);

    const zh = await exportRows("zh");
    expect(zh.rows[0]!.slice(0, 3)).toEqual(["展位号", "展馆", "展商"]);
    expect(zh.rows.find((row) => row[0] === standard.boothNo)!.slice(0, 9)).toEqual([
      standard.boothNo,
      "1号馆",
      standard.businessName,
      "3x3",
      "已通过",
      "标准楣板",
      standard.businessName,
      "Galaxy Smart",
      "纸篓",
    ]);

    // Custom artwork: the file's name instead of the text.
    const artwork = await uploadAs(api, standard.ticket, "booth-drawing", "fascia-art.png");
    await api.db
      .updateTable("standard_builds")
      .set({ fascia_mode: "custom", fascia_file_id: artwork.slice("/files/".length) })
      .where("id", "=", ids.fascia)
      .execute();
    expect((await exportRows()).rows.find((row) => row[0] === standard.boothNo)!.slice(5, 8)).toEqual([
      "Custom artwork",
      "Custom artwork: fascia-art.png",
      "Custom artwork: fascia-art.png",
    ]);
  });

  it("refuses everyone but the organizer (403) on every review route and changes nothing", async () => {
    const { ids } = await newQueue();
    const before = await state();
    for (const ticket of [std01, raw01, carrier]) {
      const responses = [
        await list({}, "en", ticket),
        await decide({ subject: "drawing", id: String(ids.drawing), decision: "approve" }, ticket),
        await decide({ subject: "drawing", id: String(ids.drawing), decision: "return", comment: "x" }, ticket),
        await history("drawing", ids.drawing, ticket),
        await api.call("/smeb/boothBuild/review/export", { ticket }),
      ];
      for (const response of responses) {
        expect(response.status).toBe(403);
        expect(JSON.stringify(response.data ?? null)).not.toContain("两层结构");
      }
    }
    expect((await api.call("/smeb/boothBuild/review/list")).status).toBe(401);
    expect(await state()).toBe(before);
  });

  it("passes its IDOR sweep entries", async () => {
    const ctx = { api, a: std01, b: raw01, admin, carrier };
    for (const [key, entry] of Object.entries(boothReviewSweep)) {
      await entry.probe(ctx).catch((error: Error) => {
        throw new Error(`${key}: ${error.message}`);
      });
    }
  });
});
