import { expect } from "vitest";
import { loadExcel } from "../../../server/spreadsheets/workbook";
import type { TestApi } from "../../support/test-api";
import { uploadAs } from "../../support/uploads";
import { callApiZhRaw, oncePerServer } from "../../support/idor-probe";

/**
 * Exhibit transport declarations in the IDOR sweep (tests/api/idor.test.ts). A (std01) has a draft
 * and a submitted declaration to carrier01, with an exhibit, a message and an Excel file, all marked.
 * B (raw01) naming A's ids gets 404 and none of A's data, and changes nothing of A's; the second
 * carrier (carrier02) naming carrier01's declaration gets 404; exhibitors on the carrier's routes
 * and carrier01 on the exhibitor's routes get 403. Requests are in Chinese: in English every
 * transport route refuses anyway (the area is Chinese only).
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string; carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;
type Form = Record<string, string | string[]>;

const MARKER = "A-运输-MARKER-4411";
const SECOND_CARRIER = { username: "carrier02", password: "Expo#2026" };

const call = callApiZhRaw;
const dataOf = <T>(result: { status: number; text: string }, what: string) => {
  expect(result.status, `${what}: ${result.text}`).toBe(200);
  return JSON.parse(result.text).data as T;
};

/** An exhibits workbook with one good row named `name`. */
async function exhibitsFile(name: string) {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet("展品");
  sheet.addRow(["展品名称（中文）", "展品名称（英文）", "数量", "件数", "毛重（kg）", "长（cm）", "宽（cm）", "高（cm）"]);
  sheet.addRow([name, "", 1, 1, 10, 50, 50, 50]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const upload = (ctx: Ctx, ticket: string, folder: string, name: string, bytes: Buffer) => uploadAs(ctx.api, ticket, folder, name, bytes);

type Declaration = { id: number; version: number };
type Prepared = {
  aId: number;
  aBoothId: number;
  bBoothId: number;
  carrierId: number;
  draft: Declaration;
  submitted: Declaration;
  aFile: string;
  bFile: string;
  bDeclaration: Declaration;
};

const header = (boothId: number, carrierId: number, contactName = MARKER): Form => ({
  boothId: String(boothId),
  carrierId: String(carrierId),
  services: ["delivery", "return"],
  arrivalFrom: "2099-01-01",
  arrivalTo: "2099-01-02",
  contactName,
  contactPhone: "13800138000",
});
const exhibit = (declarationId: number, nameZh = MARKER): Form => ({
  declarationId: String(declarationId),
  nameZh,
  quantity: "1",
  packages: "1",
  grossWeight: "12.5",
  length: "100",
  width: "80",
  height: "60",
});

/** A's two declarations (the submitted one sent on its last build-up day), B's own, and an Excel file each; once per server. */
const prepare = oncePerServer(async (ctx: Ctx): Promise<Prepared> => {
  const db = ctx.api.db;
  const user = (username: string) => db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow();
  const booth = (boothNo: string) => db.selectFrom("booths").select("id").where("booth_no", "=", boothNo).executeTakeFirstOrThrow();
  const [a, aBooth, bBooth, carrier] = await Promise.all([
    user("std01"),
    booth("1A01"),
    booth("2B10"),
    db.selectFrom("carriers").select("id").where("code", "=", "shunda").executeTakeFirstOrThrow(),
  ]);
  const draft = dataOf<Declaration>(await call(ctx, ctx.a, "/smeb/shipment/declaration/save", header(aBooth.id, carrier.id)), "A's draft");
  const saved = dataOf<Declaration>(await call(ctx, ctx.a, "/smeb/shipment/declaration/save", header(aBooth.id, carrier.id)), "A's second");
  dataOf(await call(ctx, ctx.a, "/smeb/shipment/exhibits/add", exhibit(saved.id)), "A's exhibit");
  // Submitted directly: the arrival rules depend on the day and are the API test's business.
  await db.updateTable("transport_declarations").set({ status: "submitted", submitted_at: new Date(), version: 5 }).where("id", "=", saved.id).execute();
  dataOf(await call(ctx, ctx.a, "/smeb/shipment/message/save", { declarationId: String(saved.id), body: MARKER }), "A's message");
  const bDeclaration = dataOf<Declaration>(await call(ctx, ctx.b, "/smeb/shipment/declaration/save", header(bBooth.id, carrier.id, "B")), "B's draft");
  return {
    aId: a.id,
    aBoothId: aBooth.id,
    bBoothId: bBooth.id,
    carrierId: carrier.id,
    draft,
    submitted: { id: saved.id, version: 5 },
    aFile: await upload(ctx, ctx.a, "carriage-exhibit-excel", "a-exhibits.xlsx", await exhibitsFile(MARKER)),
    bFile: await upload(ctx, ctx.b, "carriage-exhibit-excel", "b-exhibits.xlsx", await exhibitsFile("B 的展品")),
    bDeclaration,
  };
});

/** Everything of A's a declaration call could change, and any declaration naming A's booth. */
async function aState(ctx: Ctx, p: Prepared) {
  const db = ctx.api.db;
  const declarations = await db
    .selectFrom("transport_declarations")
    .selectAll()
    .where((eb) => eb.or([eb("user_id", "=", p.aId), eb("booth_id", "=", p.aBoothId)]))
    .orderBy("id")
    .execute();
  const ids = declarations.map((d) => d.id);
  const of = (table: "transport_exhibits" | "transport_messages" | "transport_events") =>
    db.selectFrom(table).selectAll().where("declaration_id", "in", ids).execute();
  return JSON.stringify({
    declarations,
    exhibits: await of("transport_exhibits"),
    messages: await of("transport_messages"),
    events: await of("transport_events"),
  });
}

const refused = (what: string, result: { status: number; text: string }, statuses = [404]) => {
  expect(statuses, `${what}: ${result.text}`).toContain(result.status);
  expect(result.text, what).not.toContain(MARKER);
};

const exhibitorProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Controls: A reads both of its declarations, so what B does not see below is about ownership.
  for (const { id } of [p.draft, p.submitted]) expect((await call(ctx, ctx.a, `/smeb/shipment/declaration/detail?id=${id}`)).text).toContain(MARKER);

  const before = await aState(ctx, p);
  const listed = await call(ctx, ctx.b, `/smeb/shipment/declaration/list?id=${p.submitted.id}&userId=${p.aId}`);
  expect(listed.status).toBe(200);
  expect(listed.text).not.toContain(MARKER);
  for (const target of [p.draft, p.submitted]) {
    const id = String(target.id);
    const version = String(target.version);
    refused("detail", await call(ctx, ctx.b, `/smeb/shipment/declaration/detail?id=${id}`));
    refused("update", await call(ctx, ctx.b, "/smeb/shipment/declaration/update", { ...header(p.bBoothId, p.carrierId, "B"), id, version }));
    refused("delete", await call(ctx, ctx.b, "/smeb/shipment/declaration/delete", { id, version }));
    refused("submit", await call(ctx, ctx.b, "/smeb/shipment/declaration/submit", { id, version }));
    refused("exhibits/add", await call(ctx, ctx.b, "/smeb/shipment/exhibits/add", { ...exhibit(target.id, "B"), version }));
    refused("exhibits/delete", await call(ctx, ctx.b, "/smeb/shipment/exhibits/delete", { declarationId: id, sort: "0", version }));
    refused("exhibits/import", await call(ctx, ctx.b, "/smeb/shipment/exhibits/import", { declarationId: id, fileUrl: p.bFile, version }));
    refused("message/save", await call(ctx, ctx.b, "/smeb/shipment/message/save", { declarationId: id, body: "B" }));
  }
  // A's booth or A's file in B's own records.
  refused("save on A's booth", await call(ctx, ctx.b, "/smeb/shipment/declaration/save", header(p.aBoothId, p.carrierId, "B")), [400]);
  refused("import of A's file", await call(ctx, ctx.b, "/smeb/shipment/exhibits/import", { declarationId: String(p.bDeclaration.id), fileUrl: p.aFile }));
  expect(await aState(ctx, p)).toBe(before);
  expect(await ctx.api.db.selectFrom("transport_exhibits").select("sort").where("declaration_id", "=", p.bDeclaration.id).execute()).toEqual([]);
};

const carrierProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const id = String(p.submitted.id);
  // Control: carrier01 reads A's submitted declaration, never A's draft.
  expect((await call(ctx, ctx.carrier, `/shipment/declaration/detail?id=${id}`)).text).toContain(MARKER);
  refused("carrier01 on a draft", await call(ctx, ctx.carrier, `/shipment/declaration/detail?id=${p.draft.id}`));
  refused("carrier01 writing on a draft", await call(ctx, ctx.carrier, "/shipment/message/save", { declarationId: String(p.draft.id), body: "C" }));

  const before = await aState(ctx, p);
  const second = await ctx.api.login(SECOND_CARRIER.username, SECOND_CARRIER.password);
  refused("carrier02 detail", await call(ctx, second, `/shipment/declaration/detail?id=${id}`));
  refused("carrier02 message", await call(ctx, second, "/shipment/message/save", { declarationId: id, body: "C2" }));
  // The organizer reads every submitted declaration but writes nothing.
  expect((await call(ctx, ctx.admin, `/shipment/declaration/detail?id=${id}`)).text).toContain(MARKER);
  refused("organizer message", await call(ctx, ctx.admin, "/shipment/message/save", { declarationId: id, body: "O" }), [403]);
  expect(await aState(ctx, p)).toBe(before);
};

/** Exhibitors never reach the carrier's routes, and a carrier never the exhibitor's. */
const roleProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const id = String(p.submitted.id);
  const before = await aState(ctx, p);
  for (const ticket of [ctx.a, ctx.b]) {
    refused("exhibitor on carrier detail", await call(ctx, ticket, `/shipment/declaration/detail?id=${id}`), [403]);
    refused("exhibitor on carrier message", await call(ctx, ticket, "/shipment/message/save", { declarationId: id, body: "E" }), [403]);
  }
  const version = String(p.submitted.version);
  for (const [path, form] of [
    ["/smeb/shipment/declaration/list"],
    [`/smeb/shipment/declaration/detail?id=${id}`],
    ["/smeb/shipment/declaration/save", header(p.aBoothId, p.carrierId, "C")],
    ["/smeb/shipment/declaration/update", { ...header(p.aBoothId, p.carrierId, "C"), id: String(p.draft.id) }],
    ["/smeb/shipment/declaration/delete", { id: String(p.draft.id) }],
    ["/smeb/shipment/declaration/submit", { id: String(p.draft.id) }],
    ["/smeb/shipment/exhibits/add", { ...exhibit(p.draft.id, "C") }],
    ["/smeb/shipment/exhibits/delete", { declarationId: id, sort: "0", version }],
    ["/smeb/shipment/exhibits/import", { declarationId: String(p.draft.id), fileUrl: p.aFile }],
    ["/smeb/shipment/exhibits/template"],
    ["/smeb/shipment/message/save", { declarationId: id, body: "C" }],
  ] as [string, Form?][]) {
    refused(`carrier01 on ${path}`, await call(ctx, ctx.carrier, path, form), [403]);
  }
  expect(await aState(ctx, p)).toBe(before);
};

/** An entry's probe: what B or carrier02 may not do with A's ids, then the role refusals. */
const both =
  (...probes: Probe[]): Probe =>
  async (ctx) => {
    for (const probe of probes) await probe(ctx);
  };
const exhibitorRoute = { probe: both(exhibitorProbe, roleProbe) };
const carrierRoute = { probe: both(carrierProbe, roleProbe) };

export const transportDeclarationsSweep = {
  "GET /api/smeb/shipment/declaration/list": exhibitorRoute,
  "GET /api/smeb/shipment/declaration/detail": exhibitorRoute,
  "POST /api/smeb/shipment/declaration/save": exhibitorRoute,
  "POST /api/smeb/shipment/declaration/update": exhibitorRoute,
  "POST /api/smeb/shipment/declaration/delete": exhibitorRoute,
  "POST /api/smeb/shipment/declaration/submit": exhibitorRoute,
  "POST /api/smeb/shipment/exhibits/add": exhibitorRoute,
  "POST /api/smeb/shipment/exhibits/delete": exhibitorRoute,
  "POST /api/smeb/shipment/exhibits/import": exhibitorRoute,
  "GET /api/smeb/shipment/exhibits/template": { probe: roleProbe },
  "POST /api/smeb/shipment/message/save": exhibitorRoute,
  "GET /api/shipment/declaration/detail": carrierRoute,
  "POST /api/shipment/message/save": carrierRoute,
};
