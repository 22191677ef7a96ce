import { expect } from "vitest";
import type { TestApi } from "../../support/test-api";
import { loadWorkbook, workbookWith } from "../badges-excel-files";

/**
 * The Excel part of the badges' IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01) exporting
 * gets none of A's (std01) badges whatever it adds to the URL; B's template is prefilled with B's
 * company, not A's; and B uploading for A's booth (the one id the upload reads) gets 404 and saves
 * nothing, for A or for B.
 */
type Ctx = { api: TestApi; a: string; b: string; aBoothId: number };
type Probe = (ctx: Ctx) => Promise<void>;

async function fetchFile(ctx: Ctx, ticket: string, path: string) {
  const response = await fetch(`${ctx.api.baseUrl}/api${path}`, { headers: { ticket, "accept-language": "zh" } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Every cell's text of the workbook's sheets. */
async function cellTexts(bytes: Buffer) {
  const texts: string[] = [];
  for (const sheet of (await loadWorkbook(bytes)).worksheets) sheet.eachRow((row) => row.eachCell((cell) => void texts.push(cell.text)));
  return texts;
}

async function userOf(ctx: Ctx, username: string) {
  return ctx.api.db.selectFrom("users").select(["id", "business_name", "business_name_en"]).where("username", "=", username).executeTakeFirstOrThrow();
}

async function liveBadges(ctx: Ctx, userId: number) {
  const rows = await ctx.api.db
    .selectFrom("badges")
    .select(["id", "holder_name", "version", "status"])
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .orderBy("id")
    .execute();
  return rows;
}

const exportProbe: Probe = async (ctx) => {
  const a = await userOf(ctx, "std01");
  const aNames = (await liveBadges(ctx, a.id)).map((row) => row.holder_name);
  expect(aNames.length).toBeGreaterThan(0);
  for (const path of [
    "/smeb/pass/ticket/export",
    `/smeb/pass/ticket/export?userId=${a.id}&boothId=${ctx.aBoothId}&keyword=${encodeURIComponent(aNames[0]!)}`,
  ]) {
    const result = await fetchFile(ctx, ctx.b, path);
    expect(result.status, path).toBe(200);
    const texts = await cellTexts(result.bytes);
    for (const name of aNames) expect(texts, path).not.toContain(name);
  }
  // Control: A's own export does list them, so their absence above is about ownership.
  const own = await cellTexts((await fetchFile(ctx, ctx.a, "/smeb/pass/ticket/export")).bytes);
  for (const name of aNames) expect(own).toContain(name);
};

const templateProbe: Probe = async (ctx) => {
  const a = await userOf(ctx, "std01");
  const result = await fetchFile(ctx, ctx.b, `/smeb/pass/ticket/downloadTemplate?userId=${a.id}`);
  expect(result.status).toBe(200);
  const sheet = (await loadWorkbook(result.bytes)).worksheets[0]!;
  const company = sheet.getCell("F2").text;
  // B's company (from B's profile or account), never A's.
  expect(company).not.toBe("");
  for (const name of [a.business_name, a.business_name_en]) if (name) expect(await cellTexts(result.bytes)).not.toContain(name);
};

const uploadProbe: Probe = async (ctx) => {
  const [a, b] = [await userOf(ctx, "std01"), await userOf(ctx, "raw01")];
  const before = JSON.stringify([await liveBadges(ctx, a.id), await liveBadges(ctx, b.id)]);
  const form = new FormData();
  form.set("boothId", String(ctx.aBoothId));
  const file = await workbookWith([["IDOR-B-导入", "Passport", "E99990001", "13977779901", "idor-upload@example.com", "B", null]]);
  form.set("file", new File([new Uint8Array(file)], "badges.xlsx"));
  const response = await fetch(`${ctx.api.baseUrl}/api/smeb/pass/ticket/upload`, {
    method: "POST",
    headers: { ticket: ctx.b, "accept-language": "en" },
    body: form,
  });
  expect([403, 404]).toContain(response.status);
  expect(await response.text()).not.toContain("1A01");
  expect(JSON.stringify([await liveBadges(ctx, a.id), await liveBadges(ctx, b.id)])).toBe(before);
};

export const badgesExcelSweep = {
  "GET /api/smeb/pass/ticket/export": { probe: exportProbe },
  "GET /api/smeb/pass/ticket/downloadTemplate": { probe: templateProbe },
  "POST /api/smeb/pass/ticket/upload": { probe: uploadProbe },
};
