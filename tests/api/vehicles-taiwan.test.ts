import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaiwanFilingView, TaiwanFind, TaiwanReviewDetail, TaiwanReviewList } from "../../app/contracts/vehicles/taiwan/types";
import { seedTaiwanDemo } from "../../server/vehicles/taiwan-filings";
import { TAIWAN_EXPORT_HEADERS } from "../../server/vehicles/taiwan-excel";
import type { HistoryEntry } from "../../app/contracts/team/api-types";
import { readOutbox } from "../support/outbox";
import { type DemoLogisticsIds, startDemoLogistics } from "../support/demo-cast";
import { backendsOf, postgresSkipReason, type TempDirTestApi } from "../support/test-api";
import { idorProbesOnBothDatabases } from "../support/idor-both-databases";
import { taiwanSweep } from "./idor/vehicles-taiwan";
import { createBooth } from "../../server/seed/create-booth";
import { newExhibitor, type NewExhibitor } from "../support/new-exhibitor";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Form = Record<string, string>;
type Fields = { fields: Record<string, string[]> };

/** The second line of a filing: gauges in TWD, going back after the show. */
const GAUGES = {
  nameZh: "精密量具",
  nameEn: "Precision gauges",
  hsCode: "903180",
  quantity: "20",
  unit: "套",
  unitValue: "12000",
  currency: "TWD",
  disposition: "returned",
  packages: "2",
  grossWeight: "85.5",
};

/** The third line: cutting tools in CNY, going back after the show. */
const CUTTING_TOOLS = {
  nameZh: "刀具",
  nameEn: "Cutting tools",
  hsCode: "8207800000",
  quantity: "10",
  unit: "把",
  unitValue: "30",
  currency: "CNY",
  disposition: "returned",
  packages: "1",
  grossWeight: "4",
};

describe.each(backendsOf(import.meta.url))("Taiwan exhibits filing (/smeb/twExhibit) on %s", (backend) => {
  let api: TempDirTestApi;
  let ids: DemoLogisticsIds;
  let std01: string, raw01: string, admin: string, carrier01: string;

  beforeAll(async () => {
    ({ api, ids, std01, raw01, admin, carrier01 } = await startDemoLogistics(backend, "portal-taiwan-"));
    // No filing at all to start from, whatever demo filings the seed gave (the tests that file use
    // exhibitors of their own; the agent's counts are compared with those read at a test's start).
    await api.db.deleteFrom("tw_filings").execute();
  });
  afterAll(() => api?.close());

  const zh = <T>(path: string, ticket: string, init: { form?: Form; query?: Form } = {}) => api.call<T>(path, { lang: "zh", ticket, ...init });
  const find = async (ticket: string, boothId?: number) => {
    const result = await zh<TaiwanFind>("/smeb/twExhibit/find", ticket, { query: boothId ? { boothId: String(boothId) } : {} });
    expect(result.code, result.message).toBe(200);
    return result.data;
  };
  const header = (extra: Form = {}): Form => ({
    boothId: String(ids.booth1A01),
    importerName: "台湾隆兴精密机械股份有限公司",
    importerContact: "陈志明",
    importerPhone: "+886 2 2345 6789",
    ...extra,
  });
  /** 3 lathes at USD 1,250.50 each, sold on site. */
  const line = (filing: { id: number; version: number }, extra: Form = {}): Form => ({
    filingId: String(filing.id),
    version: String(filing.version),
    nameZh: "数控车床",
    nameEn: "CNC lathe",
    hsCode: "8458.11.00.90",
    quantity: "3",
    unit: "台",
    unitValue: "1,250.50",
    currency: "USD",
    disposition: "sold",
    packages: "3",
    grossWeight: "1200.5",
    ...extra,
  });
  const post = <T = TaiwanFilingView>(path: string, ticket: string, form: Form) => zh<T & Fields>(path, ticket, { form });
  const ok = <T>(result: { code: number; message: string; data: T }) => {
    expect(result.code, result.message).toBe(200);
    return result.data;
  };
  const stateOf = async (userId: number) => {
    const filings = await api.db.selectFrom("tw_filings").selectAll().where("user_id", "=", userId).orderBy("id").execute();
    const lines = await api.db
      .selectFrom("tw_filing_lines")
      .selectAll()
      .where("filing_id", "in", [0, ...filings.map((f) => f.id)])
      .orderBy("filing_id")
      .orderBy("sort")
      .execute();
    return JSON.stringify({ filings, lines });
  };
  const review = (form: Form) => post<TaiwanReviewDetail>("/smeb/twExhibit/review/decide", admin, form);
  const reviewCounts = async () => ok(await zh<TaiwanReviewList>("/smeb/twExhibit/review/list", admin)).counts;
  /** `header` for the exhibitor's own booth. */
  const headerAt = (exhibitor: NewExhibitor, extra: Form = {}) => header({ boothId: String(exhibitor.boothId), ...extra });
  /** A draft of the exhibitor's booth with the three lathes on it. */
  const draftWithLine = async (exhibitor: NewExhibitor) => {
    const draft = ok(await post("/smeb/twExhibit/save", exhibitor.ticket, headerAt(exhibitor)));
    return ok(await post("/smeb/twExhibit/line/add", exhibitor.ticket, line(draft)));
  };
  /** The exhibitor's filing with the three lathes on it, submitted to the agent. */
  const submittedFiling = async (exhibitor: NewExhibitor) => {
    const filing = await draftWithLine(exhibitor);
    return ok(await post("/smeb/twExhibit/submit", exhibitor.ticket, { id: String(filing.id), version: String(filing.version) }));
  };
  /** The exhibitor's filing (contact 林美华) with lathes in USD, gauges in TWD and cutting tools in CNY, accepted by the agent. */
  const acceptedFiling = async (exhibitor: NewExhibitor) => {
    let filing = ok(await post("/smeb/twExhibit/save", exhibitor.ticket, headerAt(exhibitor, { importerContact: "林美华" })));
    const lines: Form[] = [{}, GAUGES, CUTTING_TOOLS];
    for (const extra of lines) {
      filing = ok(await post("/smeb/twExhibit/line/add", exhibitor.ticket, line(filing, extra)));
    }
    const submitted = ok(await post("/smeb/twExhibit/submit", exhibitor.ticket, { id: String(filing.id), version: String(filing.version) }));
    ok(await review({ id: String(filing.id), version: String(submitted.version), decision: "accept" }));
    return (await find(exhibitor.ticket)).filing!;
  };

  it("is Chinese only, keeps exhibitors off the agent's routes and carriers off the exhibitor's", async () => {
    expect(await api.call("/smeb/twExhibit/find", { ticket: std01, lang: "en" })).toMatchObject({
      status: 403,
      message: "Exhibit transport is available in Chinese only",
    });
    expect((await api.call("/smeb/twExhibit/review/list", { ticket: admin, lang: "en" })).status).toBe(403);
    for (const ticket of [std01, raw01, carrier01]) {
      expect(await zh("/smeb/twExhibit/review/list", ticket), "list").toMatchObject({ status: 403, message: "权限不足" });
      expect((await zh("/smeb/twExhibit/review/detail", ticket, { query: { id: "1" } })).status).toBe(403);
      expect((await post("/smeb/twExhibit/review/decide", ticket, { id: "1", decision: "accept" })).status).toBe(403);
      const file = await fetch(`${api.baseUrl}/api/smeb/twExhibit/review/export`, { headers: { ticket, "accept-language": "zh" } });
      expect(file.status).toBe(403);
    }
    expect((await zh("/smeb/twExhibit/find", carrier01)).status).toBe(403);
    expect((await post("/smeb/twExhibit/save", carrier01, header())).status).toBe(403);
    expect(await stateOf(ids.std01)).toBe(JSON.stringify({ filings: [], lines: [] }));
  });

  it("files header, lines and submission; the agent returns it, the exhibitor corrects it, the agent accepts", async () => {
    // Other tests' filings are with the agent too: its counts are compared with those before this one's.
    const counts = await reviewCounts();
    const exhibitor = await newExhibitor(api, { withContacts: true });
    const ticket = exhibitor.ticket;
    const empty = await find(ticket);
    expect(empty).toEqual({ booths: [{ boothId: exhibitor.boothId, boothNo: exhibitor.boothNo }], boothId: exhibitor.boothId, filing: null, linesMax: 200 });

    const draft = ok(await post("/smeb/twExhibit/save", ticket, headerAt(exhibitor)));
    expect(draft).toMatchObject({ boothNo: exhibitor.boothNo, status: "draft", version: 0, editable: true, submittable: false, lines: [], totals: [] });
    // A second new filing for the same booth (another tab) is refused, not merged.
    expect(await post("/smeb/twExhibit/save", ticket, headerAt(exhibitor, { importerName: "另一家" }))).toMatchObject({
      status: 409,
      message: "该展位已有报备，请刷新页面",
    });
    const renamed = ok(await post("/smeb/twExhibit/save", ticket, headerAt(exhibitor, { id: String(draft.id), version: "0", importerContact: "林美华" })));
    expect(renamed).toMatchObject({ importerContact: "林美华", version: 1 });

    const one = ok(await post("/smeb/twExhibit/line/add", ticket, line(renamed)));
    const two = ok(await post("/smeb/twExhibit/line/add", ticket, line(one, GAUGES)));
    const three = ok(await post("/smeb/twExhibit/line/add", ticket, line(two, { nameZh: "展示样品", quantity: "2", unitValue: "0.25" })));
    expect(three.lines.map((l) => [l.sort, l.hsCode, l.unitValueCents, l.valueCents, l.grossWeightKg])).toEqual([
      [0, "8458110090", 125_050, 375_150, "1200.5"],
      [1, "903180", 1_200_000, 24_000_000, "85.5"],
      [2, "8458110090", 25, 50, "1200.5"],
    ]);
    expect(three.totals).toEqual([
      { currency: "TWD", cents: 24_000_000 },
      { currency: "USD", cents: 375_200 },
    ]);
    expect(three).toMatchObject({ version: 4, submittable: true, packagesTotal: 8, grossWeightKgTotal: "2486.5" });
    const stored = await api.db
      .selectFrom("tw_filing_lines")
      .select(["unit_value_cents", "gross_weight_g"])
      .where("filing_id", "=", draft.id)
      .where("sort", "=", 0)
      .executeTakeFirstOrThrow();
    expect([Number(stored.unit_value_cents), Number(stored.gross_weight_g)]).toEqual([125_050, 1_200_500]);

    const trimmed = ok(await post("/smeb/twExhibit/line/delete", ticket, { filingId: String(draft.id), sort: "2", version: String(three.version) }));
    expect(trimmed.lines.map((l) => l.sort)).toEqual([0, 1]);
    expect((await post("/smeb/twExhibit/line/delete", ticket, { filingId: String(draft.id), sort: "2", version: String(trimmed.version) })).status).toBe(404);

    const submitted = ok(await post("/smeb/twExhibit/submit", ticket, { id: String(draft.id), version: String(trimmed.version) }));
    expect(submitted).toMatchObject({ status: "submitted", editable: false, submittable: false, submittedAt: expect.any(String) });
    expect((await find(ticket)).filing).toMatchObject({ id: draft.id, status: "submitted" });

    const waiting = ok(await zh<TaiwanReviewList>("/smeb/twExhibit/review/list", admin, { query: { status: "submitted" } }));
    expect(waiting.counts).toEqual({ ...counts, submitted: counts.submitted + 1 });
    expect(waiting.items.filter((item) => item.exhibitorName === exhibitor.businessName)).toEqual([
      expect.objectContaining({
        id: draft.id,
        exhibitorName: exhibitor.businessName,
        boothNo: exhibitor.boothNo,
        importerName: "台湾隆兴精密机械股份有限公司",
        lineCount: 2,
        totals: submitted.totals,
      }),
    ]);
    const detail = ok(await zh<TaiwanReviewDetail>("/smeb/twExhibit/review/detail", admin, { query: { id: String(draft.id) } }));
    expect(detail).toMatchObject({ exhibitorName: exhibitor.businessName, decidable: true, lines: submitted.lines });

    // Returning needs comments; then the exhibitor is told by e-mail.
    const noComment = await review({ id: String(draft.id), version: String(detail.version), decision: "return" });
    expect(noComment).toMatchObject({ status: 400, message: "审核意见不能为空" });
    const returned = ok(await review({ id: String(draft.id), version: String(detail.version), decision: "return", comment: "第 2 项 HS 编码请补全为 10 位" }));
    expect(returned).toMatchObject({ status: "returned", reviewComment: "第 2 项 HS 编码请补全为 10 位", decidable: false });
    const [mail] = readOutbox(api.dataDir).filter((m) => m.to === exhibitor.email && m.subject.includes("台湾展品报备"));
    expect(mail!.subject).toBe(`台湾展品报备被退回（展位 ${exhibitor.boothNo}）`);
    expect(mail!.text).toContain("审核意见：第 2 项 HS 编码请补全为 10 位");
    expect(mail!.text).toContain(`/exhibitTL/twExhibitsDeclaration?booth=${exhibitor.boothId}`);
    expect(await review({ id: String(draft.id), version: String(returned.version), decision: "accept" })).toMatchObject({
      status: 409,
      message: "只有待审核的报备可以通过或退回",
    });

    // Returned: editable again; the exhibitor adds a line and submits again.
    const mine = (await find(ticket)).filing!;
    expect(mine).toMatchObject({ status: "returned", editable: true, reviewComment: "第 2 项 HS 编码请补全为 10 位" });
    const corrected = ok(await post("/smeb/twExhibit/line/add", ticket, line(mine, CUTTING_TOOLS)));
    const again = ok(await post("/smeb/twExhibit/submit", ticket, { id: String(draft.id), version: String(corrected.version) }));
    expect(again.status).toBe("submitted");
    expect(again.totals.map((t) => t.currency)).toEqual(["CNY", "TWD", "USD"]);

    const accepted = ok(await review({ id: String(draft.id), version: String(again.version), decision: "accept" }));
    expect(accepted).toMatchObject({ status: "accepted", reviewComment: null, reviewedAt: expect.any(String) });
    const reviewer = await api.db.selectFrom("tw_filings").select("reviewed_by").where("id", "=", draft.id).executeTakeFirstOrThrow();
    expect(reviewer.reviewed_by).toBe((await api.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow()).id);
    expect(readOutbox(api.dataDir).some((m) => m.to === exhibitor.email && m.subject === `台湾展品报备已通过审核（展位 ${exhibitor.boothNo}）`)).toBe(true);
    expect(await reviewCounts()).toEqual({ ...counts, accepted: counts.accepted + 1 });
  });

  it("locks a submitted or accepted filing: no header, line or submission changes", async () => {
    const exhibitor = await newExhibitor(api);
    const filing = await acceptedFiling(exhibitor);
    expect(filing.status).toBe("accepted");
    const before = await stateOf(exhibitor.userId);
    const v = String(filing.version);
    for (const [route, form] of [
      ["/smeb/twExhibit/save", headerAt(exhibitor, { id: String(filing.id), version: v, importerName: "改名" })],
      ["/smeb/twExhibit/line/add", line(filing)],
      ["/smeb/twExhibit/line/delete", { filingId: String(filing.id), sort: "0", version: v }],
      ["/smeb/twExhibit/submit", { id: String(filing.id), version: v }],
    ] as [string, Form][]) {
      expect(await post(route, exhibitor.ticket, form), route).toMatchObject({ status: 409, message: "报备已提交报关代理，不能再修改" });
    }
    expect(await stateOf(exhibitor.userId)).toBe(before);
  });

  it("refuses bad input with translated messages and saves nothing", async () => {
    // A new raw-space exhibitor with a second booth: a fresh draft on the first to try bad lines on.
    const exhibitor = await newExhibitor(api, { boothType: 2 });
    const secondBoothId = await createBooth(api.db, { username: exhibitor.username, boothNo: `${exhibitor.boothNo}-2`, hallCode: "2", boothType: 2 });
    const draft = ok(await post("/smeb/twExhibit/save", exhibitor.ticket, headerAt(exhibitor)));
    const before = await stateOf(exhibitor.userId);
    const refusals: [Form, string, string, string?][] = [
      [{ hsCode: "ABCDEF" }, "hsCode", "vehicles.errors.hsCode", "HS 编码为 6 到 10 位数字"],
      [{ hsCode: "84581" }, "hsCode", "vehicles.errors.hsCode"],
      [{ hsCode: "84581100901" }, "hsCode", "vehicles.errors.hsCode"],
      [{ unitValue: "-5" }, "unitValue", "validation.correct|vehicles.fields.unitValue", "请输入正确的单价"],
      [{ quantity: "0" }, "quantity", "validation.positive|vehicles.fields.quantity", "数量必须大于 0"],
      [{ currency: "EUR" }, "currency", "validation.required|vehicles.fields.currency"],
      [{ disposition: "gift" }, "disposition", "validation.required|vehicles.fields.disposition"],
      [{ grossWeight: "-1" }, "grossWeight", "validation.correct|vehicles.fields.grossWeight"],
    ];
    for (const [change, field, key, message] of refusals) {
      const refused = await post("/smeb/twExhibit/line/add", exhibitor.ticket, line(draft, change));
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.data.fields[field], JSON.stringify(change)).toEqual([key]);
      if (message) expect(refused.message).toBe(message);
    }
    const badPhone = await post("/smeb/twExhibit/save", exhibitor.ticket, headerAt(exhibitor, { id: String(draft.id), version: "0", importerPhone: "电话" }));
    expect(badPhone).toMatchObject({ status: 400, message: "请输入正确的进口商电话" });
    // Nothing to submit yet.
    expect(await post("/smeb/twExhibit/submit", exhibitor.ticket, { id: String(draft.id), version: "0" })).toMatchObject({
      status: 400,
      message: "请至少添加一项展品再提交",
    });
    // A filing stays with its booth; another exhibitor's booth is not the caller's.
    expect((await find(exhibitor.ticket)).booths.map((b) => b.boothId)).toContain(secondBoothId);
    const moved = await post("/smeb/twExhibit/save", exhibitor.ticket, header({ boothId: String(secondBoothId), id: String(draft.id), version: "0" }));
    expect(moved.data.fields.boothId).toEqual(["vehicles.taiwan.errors.boothFixed"]);
    expect((await post("/smeb/twExhibit/save", exhibitor.ticket, header())).data.fields.boothId).toEqual(["transport.errors.boothUnknown"]);
    expect(await stateOf(exhibitor.userId)).toBe(before);
  });

  it("checks the version read: a stale page changes nothing", async () => {
    const exhibitor = await newExhibitor(api, { boothType: 2 });
    ok(await post("/smeb/twExhibit/save", exhibitor.ticket, headerAt(exhibitor)));
    const draft = (await find(exhibitor.ticket, exhibitor.boothId)).filing!;
    const added = ok(await post("/smeb/twExhibit/line/add", exhibitor.ticket, line(draft)));
    const before = await stateOf(exhibitor.userId);
    const stale = String(draft.version);
    for (const [route, form] of [
      ["/smeb/twExhibit/save", headerAt(exhibitor, { id: String(draft.id), version: stale, importerName: "旧页面" })],
      ["/smeb/twExhibit/line/add", line(draft)],
      ["/smeb/twExhibit/line/delete", { filingId: String(draft.id), sort: "0", version: stale }],
      ["/smeb/twExhibit/submit", { id: String(draft.id), version: stale }],
    ] as [string, Form][]) {
      expect(await post(route, exhibitor.ticket, form), route).toMatchObject({ status: 409, message: "该报备已被修改，请刷新后重试" });
    }
    expect(await stateOf(exhibitor.userId)).toBe(before);
    // The agent's decision checks it too.
    const submitted = ok(await post("/smeb/twExhibit/submit", exhibitor.ticket, { id: String(draft.id), version: String(added.version) }));
    expect(await review({ id: String(draft.id), version: String(added.version), decision: "accept" })).toMatchObject({
      status: 409,
      message: "该报备已被修改，请刷新后重试",
    });
    expect((await find(exhibitor.ticket, exhibitor.boothId)).filing).toMatchObject({ status: "submitted", version: submitted.version });
  });

  it("answers another exhibitor's filing and booth like unknown ones", async () => {
    // An exhibitor's draft, still open to changes by its owner, with a line on it.
    const exhibitor = await newExhibitor(api);
    const theirs = await draftWithLine(exhibitor);
    const before = await stateOf(exhibitor.userId);
    expect((await zh("/smeb/twExhibit/find", raw01, { query: { boothId: String(exhibitor.boothId) } })).status).toBe(404);
    for (const [route, form] of [
      ["/smeb/twExhibit/save", header({ boothId: String(ids.booth2B12), id: String(theirs.id), version: String(theirs.version) })],
      ["/smeb/twExhibit/line/add", line(theirs)],
      ["/smeb/twExhibit/line/delete", { filingId: String(theirs.id), sort: "0", version: String(theirs.version) }],
      ["/smeb/twExhibit/submit", { id: String(theirs.id), version: String(theirs.version) }],
    ] as [string, Form][]) {
      const answer = await post(route, raw01, form);
      expect(answer.status, route).toBe(404);
      expect(JSON.stringify(answer)).not.toContain("台湾隆兴");
    }
    expect(await stateOf(exhibitor.userId)).toBe(before);
  });

  it("exports the submitted and accepted filings' lines in the customs form's column order", async () => {
    // An accepted filing (3 lines), a submitted one (1 line) and a draft, of three new exhibitors.
    const accepted = await newExhibitor(api);
    await acceptedFiling(accepted);
    const submitted = await newExhibitor(api, { boothType: 2 });
    await submittedFiling(submitted);
    const drafting = await newExhibitor(api);
    await draftWithLine(drafting);

    const response = await fetch(`${api.baseUrl}/api/smeb/twExhibit/review/export`, { headers: { ticket: admin, "accept-language": "zh" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect(response.headers.get("content-disposition")).toContain(encodeURIComponent("台湾展品报备.xlsx"));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([...TAIWAN_EXPORT_HEADERS]);
    expect(rows[0]).toEqual([
      "序号",
      "展商",
      "展位号",
      "进口商",
      "联系人",
      "电话",
      "品名（中文）",
      "品名（英文）",
      "HS编码",
      "数量",
      "单位",
      "单价",
      "币种",
      "总价",
      "展后处理（现场销售/退运）",
      "件数",
      "毛重（kg）",
    ]);
    // The lines are numbered from 1 down the sheet; other tests' filings are in it too, so this test's
    // rows are read by their booths: the accepted filing's 3 lines, then the submitted one's; no draft.
    const lines = rows.slice(1);
    expect(lines.map((r) => r[0])).toEqual(lines.map((_, i) => i + 1));
    const ours = lines.filter((r) => r[2] === accepted.boothNo || r[2] === submitted.boothNo);
    const first = Number(ours[0]?.[0]);
    expect(ours.map((r) => [r[0], r[2], r[6], r[8], r[9], r[11], r[12], r[13], r[14], r[15], r[16]])).toEqual([
      [first, accepted.boothNo, "数控车床", "8458110090", 3, 1250.5, "USD", 3751.5, "现场销售", 3, 1200.5],
      [first + 1, accepted.boothNo, "精密量具", "903180", 20, 12000, "TWD", 240000, "退运", 2, 85.5],
      [first + 2, accepted.boothNo, "刀具", "8207800000", 10, 30, "CNY", 300, "退运", 1, 4],
      [first + 3, submitted.boothNo, "数控车床", "8458110090", 3, 1250.5, "USD", 3751.5, "现场销售", 3, 1200.5],
    ]);
    expect(lines.some((r) => r[2] === drafting.boothNo)).toBe(false);
    expect(ours[0]!.slice(1, 6)).toEqual([accepted.businessName, accepted.boothNo, "台湾隆兴精密机械股份有限公司", "林美华", "+886 2 2345 6789"]);
  });

  it("keeps the filing's history: the exhibitor's steps and the agent's decision, each by name; another exhibitor reads none", async () => {
    const exhibitor = await newExhibitor(api);
    const filing = await acceptedFiling(exhibitor);
    const history = await zh<HistoryEntry[]>("/smeb/history/record", exhibitor.ticket, { query: { type: "taiwanFiling", id: String(filing.id) } });
    expect(history.code, history.message).toBe(200);
    expect(history.data[0]).toMatchObject({ kind: "create", actor: exhibitor.username });
    expect(history.data[0]!.changes).toEqual(expect.arrayContaining([{ field: "importer_contact", old: null, new: "林美华" }]));
    expect(history.data.map((e) => e.kind)).toContain("submit");
    expect(history.data.at(-1)).toMatchObject({ kind: "review", actor: "admin" });
    expect(history.data.at(-1)!.changes).toEqual(expect.arrayContaining([{ field: "status", old: "submitted", new: "accepted" }]));
    expect((await zh("/smeb/history/record", raw01, { query: { type: "taiwanFiling", id: String(filing.id) } })).status).toBe(404);
  });

  it("seeds raw01's submitted demo filing once", async () => {
    await api.db.deleteFrom("tw_filings").execute();
    await seedTaiwanDemo(api.db, ids.exhibitionId);
    await seedTaiwanDemo(api.db, ids.exhibitionId);
    const list = ok(await zh<TaiwanReviewList>("/smeb/twExhibit/review/list", admin));
    expect(list.items).toEqual([
      expect.objectContaining({
        boothNo: "2B12",
        status: "submitted",
        lineCount: 2,
        totals: [
          { currency: "TWD", cents: 24_000_000 },
          { currency: "USD", cents: 4_500_000 },
        ],
      }),
    ]);
    expect((await find(raw01, ids.booth2B12)).filing).toMatchObject({ status: "submitted", editable: false });
  });
});

idorProbesOnBothDatabases("Taiwan filing", taiwanSweep, { apiOnly: true });
