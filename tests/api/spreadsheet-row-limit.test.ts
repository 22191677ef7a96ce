import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_EXCEL_LIMITS } from "../../app/contracts/epidemic/values";
import { backends, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A staff sheet of `rows` people, written by exceljs's streaming writer (numbers as numbers: the file stays under 2 MB). */
async function bigStaffWorkbook(rows: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet("Staff");
  sheet.addRow(["Name", "ID number", "Mobile"]).commit();
  for (let i = 0; i < rows; i++) sheet.addRow([`P${i % 100}`, 320106199001010000 + i, 13800000000 + i]).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

async function fastestLoadMs(bytes: Buffer) {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await new ExcelJS.Workbook().xlsx.load(bytes as unknown as ExcelJS.Buffer);
    times.push(performance.now() - started);
  }
  return Math.min(...times.slice(1));
}

/**
 * Issue 50, point 4: an Excel import read the whole workbook on the event loop before counting its rows
 * (100,000 rows: seconds in which the process answered nobody, /healthz included). Now the rows are
 * counted in the sheet's XML first (server/spreadsheets/xlsx-sniff.ts) and a sheet over the import's
 * limit is refused with the limit named, before exceljs loads it.
 */
describe.each(backends)("an oversized spreadsheet import on %s", (backend) => {
  let api: TestApi;
  let raw01: string;
  let bytes: Buffer;

  async function importStaff(lang: string) {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(bytes)], "staff.xlsx", { type: XLSX }));
    const response = await fetch(`${api.baseUrl}/api/smeb/epidemic/member/upload`, {
      method: "POST",
      headers: { ticket: raw01, "accept-language": lang },
      body: form,
    });
    return { status: response.status, ...((await response.json()) as { message: string }) };
  }

  beforeAll(async () => {
    api = await startTestApi(backend);
    raw01 = await api.login("raw01", "Expo#2026");
    bytes = await bigStaffWorkbook(100_000);
  });
  afterAll(() => api?.close());

  it("refuses 100,000 rows naming the limit (zh and en), saves nothing, and /healthz keeps answering meanwhile", async () => {
    expect(bytes.length).toBeLessThan(STAFF_EXCEL_LIMITS.maxBytes);
    // What loading this workbook whole takes on this machine now (the faster of two, after a first
    // load warmed exceljs up): about how long the old import held the event loop.
    const loadMs = await fastestLoadMs(bytes);

    // /healthz asked one after another while the import runs; the longest wait between two answers
    // (or between the import's start or end and the nearest answer) is how long nobody was answered.
    let importing = true;
    const answeredAt: number[] = [];
    const polling = (async () => {
      while (importing) {
        const health = await fetch(`${api.baseUrl}/healthz`);
        await health.arrayBuffer();
        answeredAt.push(performance.now());
      }
    })();
    const started = performance.now();
    const refused = await importStaff("en");
    const ended = performance.now();
    importing = false;
    await polling;

    expect(refused.status).toBe(400);
    expect(refused.message).toBe(`The file has 100000 rows; at most ${STAFF_EXCEL_LIMITS.maxRows} people can be imported at once`);
    const times = [started, ...answeredAt.filter((t) => t > started && t < ended), ended];
    const longestSilence = Math.max(...times.slice(1).map((t, i) => t - times[i]!));
    // The old import was silent for about a whole load; now the process answers throughout.
    expect(longestSilence).toBeLessThan(loadMs / 6);

    expect((await importStaff("zh")).message).toBe(`文件共 100000 行，每次最多导入 ${STAFF_EXCEL_LIMITS.maxRows} 人`);
    const raw01Id = (await api.db.selectFrom("users").select("id").where("username", "=", "raw01").executeTakeFirstOrThrow()).id;
    const saved = await api.db.selectFrom("epidemic_staff").select("id").where("user_id", "=", raw01Id).execute();
    expect(saved).toEqual([]);
  });
});
