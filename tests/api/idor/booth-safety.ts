import { PDFDocument } from "pdf-lib";
import { expect } from "vitest";
import type { InsuranceAnswer } from "../../../app/contracts/booth-construction/api-types";
import { uploadAs } from "../../support/uploads";
import type { TestApi } from "../../support/test-api";
import { fetchApi, oncePerServer } from "../../support/idor-probe";

/**
 * Insurance and the entry safety commitment in the IDOR sweep (tests/api/idor.test.ts). The
 * commitment: exhibitor B (raw01) naming A's (std01) booth 1A01 gets 404 and none of A's
 * commitment. Insurance is raw space only, so the record to steal is B's: besides B naming A's
 * booth, A naming raw01's booth 2B10 gets 404 and none of raw01's policy. Nobody's record changes.
 */
type Ctx = { api: TestApi; a: string; b: string; aBoothId: number };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-安全-MARKER-5521";
const A_MOBILE = "13977775521";
const POLICY_MARKER = "B-保单-MARKER-5522";

async function call(ctx: Ctx, ticket: string, path: string, form?: Record<string, string>) {
  const response = await fetchApi(ctx, ticket, path, form, "zh");
  return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() };
}

const userId = async (ctx: Ctx, username: string) =>
  (await ctx.api.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;

/** A's commitment with a marker B must never see; made once per server (demo data may hold one already). */
const prepareCommitment = oncePerServer(async (ctx: Ctx): Promise<{ aId: number; marker: string; mobile: string }> => {
  const aId = await userId(ctx, "std01");
  const find = await call(ctx, ctx.a, `/smeb/boothBuild/commitment/find?boothId=${ctx.aBoothId}`);
  const version = (JSON.parse(find.text).data?.commitment?.version as number | undefined) ?? undefined;
  const form = {
    boothId: String(ctx.aBoothId),
    responsiblePerson: MARKER,
    builderCompany: `${MARKER}-搭建`,
    mobile: A_MOBILE,
    readRules: "on",
    ...(version === undefined ? {} : { version: String(version) }),
  };
  const saved = await call(ctx, ctx.a, "/smeb/boothBuild/commitment/save", form);
  if (saved.status === 200) return { aId, marker: MARKER, mobile: A_MOBILE };
  // Under review or accepted in the demo data: its own details are the marker.
  const row = await ctx.api.db
    .selectFrom("safety_commitments")
    .select(["responsible_person", "mobile"])
    .where("booth_id", "=", ctx.aBoothId)
    .executeTakeFirstOrThrow();
  return { aId, marker: row.responsible_person, mobile: row.mobile };
});

async function commitmentState(ctx: Ctx, aId: number) {
  const rows = await ctx.api.db.selectFrom("safety_commitments").selectAll().where("user_id", "=", aId).orderBy("id").execute();
  const events = await ctx.api.db.selectFrom("construction_events").select("id").where("subject", "=", "commitment").where("user_id", "=", aId).execute();
  return JSON.stringify({ rows, events: events.length });
}

const commitmentProbe: Probe = async (ctx) => {
  const p = await prepareCommitment(ctx);
  // Control: A reads its own, so the refusals below are about ownership.
  const own = await call(ctx, ctx.a, `/smeb/boothBuild/commitment/find?boothId=${ctx.aBoothId}`);
  expect(own.status).toBe(200);
  expect(own.text).toContain(p.marker);
  const bScan = await uploadAs(ctx.api, ctx.b, "safety-commitment", "b-scan.png");
  const before = await commitmentState(ctx, p.aId);
  const booth = String(ctx.aBoothId);
  for (const [path, body] of [
    [`/smeb/boothBuild/commitment/find?boothId=${booth}`],
    [`/smeb/boothBuild/commitment/pdf?boothId=${booth}`],
    ["/smeb/boothBuild/commitment/save", { boothId: booth, responsiblePerson: "B", builderCompany: "B", mobile: "13900000000", readRules: "on", version: "0" }],
    ["/smeb/boothBuild/commitment/upload", { boothId: booth, scanUrls: bScan }],
  ] as [string, Record<string, string>?][]) {
    const result = await call(ctx, ctx.b, path, body);
    expect([403, 404], `${path}: ${result.text}`).toContain(result.status);
    expect(result.type, path).toContain("application/json");
    for (const secret of [p.marker, p.mobile, p.mobile.slice(0, 4)]) expect(result.text, path).not.toContain(secret);
  }
  expect(await commitmentState(ctx, p.aId)).toBe(before);
};

/** raw01's policy on 2B10 with a marker A must never see. */
const preparePolicy = oncePerServer(async (ctx: Ctx): Promise<{ bId: number; bBoothId: number; marker: string }> => {
  const bId = await userId(ctx, "raw01");
  const bBoothId = (await ctx.api.db.selectFrom("booths").select("id").where("booth_no", "=", "2B10").executeTakeFirstOrThrow()).id;
  const find = JSON.parse((await call(ctx, ctx.b, `/smeb/boothBuild/insurance/find?boothId=${bBoothId}`)).text).data as InsuranceAnswer;
  const pdf = await PDFDocument.create();
  pdf.addPage();
  const policyUrl = await uploadAs(ctx.api, ctx.b, "booth-insurance", "policy.pdf", Buffer.from(await pdf.save()));
  const saved = await call(ctx, ctx.b, "/smeb/boothBuild/insurance/save", {
    boothId: String(bBoothId),
    insurer: POLICY_MARKER,
    policyNo: "PICC-5522",
    insuredAmount: String(Math.max(find.settings.insuranceMinCents / 100, 1_000_000)),
    validFrom: find.settings.buildUpFrom,
    validTo: find.settings.dismantleTo,
    policyUrl,
    ...(find.insurance ? { version: String(find.insurance.version) } : {}),
  });
  if (saved.status === 200) return { bId, bBoothId, marker: POLICY_MARKER };
  const row = await ctx.api.db.selectFrom("booth_insurances").select("insurer").where("booth_id", "=", bBoothId).executeTakeFirstOrThrow();
  return { bId, bBoothId, marker: row.insurer };
});

async function policyState(ctx: Ctx, ownerId: number) {
  const rows = await ctx.api.db.selectFrom("booth_insurances").selectAll().where("user_id", "=", ownerId).orderBy("id").execute();
  const events = await ctx.api.db.selectFrom("construction_events").select("id").where("subject", "=", "insurance").where("user_id", "=", ownerId).execute();
  return JSON.stringify({ rows, events: events.length });
}

const insuranceProbe: Probe = async (ctx) => {
  const p = await preparePolicy(ctx);
  const own = await call(ctx, ctx.b, `/smeb/boothBuild/insurance/find?boothId=${p.bBoothId}`);
  expect(own.status).toBe(200);
  expect(own.text).toContain(p.marker);
  const aPdf = await PDFDocument.create();
  aPdf.addPage();
  const aPolicy = await uploadAs(ctx.api, ctx.a, "booth-insurance", "a-policy.pdf", Buffer.from(await aPdf.save()));
  const policyForm = (boothId: number, policyUrl: string) => ({
    boothId: String(boothId),
    insurer: "X",
    policyNo: "X-1",
    insuredAmount: "99999999",
    validFrom: "2000-01-01",
    validTo: "2099-12-31",
    policyUrl,
    version: "0",
  });

  const aId = await userId(ctx, "std01");
  const before = { a: await policyState(ctx, aId), b: await policyState(ctx, p.bId) };
  // A (std01) naming raw01's booth: the policy to steal is raw01's.
  for (const [path, body] of [
    [`/smeb/boothBuild/insurance/find?boothId=${p.bBoothId}`],
    ["/smeb/boothBuild/insurance/save", policyForm(p.bBoothId, aPolicy)],
  ] as [string, Record<string, string>?][]) {
    const result = await call(ctx, ctx.a, path, body);
    expect([403, 404], `A ${path}: ${result.text}`).toContain(result.status);
    expect(result.text, path).not.toContain(p.marker);
    expect(result.text, path).not.toContain("2B10");
  }
  // And B (raw01) naming A's standard booth, with B's own file.
  const bPolicy = await uploadAs(ctx.api, ctx.b, "booth-insurance", "b-policy.pdf", Buffer.from(await aPdf.save()));
  for (const [path, body] of [
    [`/smeb/boothBuild/insurance/find?boothId=${ctx.aBoothId}`],
    ["/smeb/boothBuild/insurance/save", policyForm(ctx.aBoothId, bPolicy)],
  ] as [string, Record<string, string>?][]) {
    const result = await call(ctx, ctx.b, path, body);
    expect([403, 404], `B ${path}: ${result.text}`).toContain(result.status);
    expect(result.text, path).not.toContain("1A01");
  }
  expect({ a: await policyState(ctx, aId), b: await policyState(ctx, p.bId) }).toEqual(before);
};

export const boothSafetySweep = {
  "GET /api/smeb/boothBuild/insurance/find": { probe: insuranceProbe },
  "POST /api/smeb/boothBuild/insurance/save": { probe: insuranceProbe },
  "GET /api/smeb/boothBuild/commitment/find": { probe: commitmentProbe },
  "POST /api/smeb/boothBuild/commitment/save": { probe: commitmentProbe },
  "GET /api/smeb/boothBuild/commitment/pdf": { probe: commitmentProbe },
  "POST /api/smeb/boothBuild/commitment/upload": { probe: commitmentProbe },
};
