import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommitmentAnswer, InsuranceAnswer } from "../../app/contracts/booth-construction/api-types";
import { pdfText } from "../support/pdf-text";
import { uploadAs } from "../support/uploads";
import { newExhibitor } from "../support/new-exhibitor";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { addDays, testCalendar } from "../support/test-clock";
import { boothSafetySweep } from "./idor/booth-safety";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * Booth construction, the safety side: the raw space's public liability insurance and the entry
 * safety commitment (filled in, printed as a PDF, uploaded signed as scans). Flows that need a
 * clean state run on fresh exhibitors: the demo booths may hold records of their own.
 */

const onePagePdf = async () => {
  const doc = await PDFDocument.create();
  doc.addPage();
  return Buffer.from(await doc.save());
};

// The exhibition's construction calendar for these tests: build-up the 3 days before opening,
// dismantling the last show day and the day after, at least ¥5,000,000 insured.
const BUILD_UP_FROM = addDays(testCalendar.opensOn, -3);
const DISMANTLE_TO = addDays(testCalendar.endsOn, 1);
const MIN_CENTS = 500_000_000;

type Fields = { fields: Record<string, string[]> };
const fieldsOf = (data: unknown) => (data as Fields).fields;

describe.each(backendsOf(import.meta.url))("booth insurance and safety commitment (/smeb/boothBuild) on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let std01: string;
  let raw01: string;

  const get = <T>(route: string, ticket: string, query: Record<string, string> = {}, lang = "en") =>
    api.call<T>(`/smeb/boothBuild/${route}`, { ticket, query, lang });
  const post = <T>(route: string, ticket: string, form: Record<string, string>, lang = "en") =>
    api.call<T>(`/smeb/boothBuild/${route}`, { ticket, form, lang });
  const download = async (ticket: string, query: Record<string, string>, lang = "en") => {
    const url = new URL(`${api.baseUrl}/api/smeb/boothBuild/commitment/pdf`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const response = await fetch(url, { headers: { ticket, "accept-language": lang } });
    return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-booth-safety-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir });
    [std01, raw01] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026")]);
    const { id: exhibitionId } = await api.db.selectFrom("exhibitions").select("id").where("is_current", "=", true).executeTakeFirstOrThrow();
    const settings = {
      build_up_from: BUILD_UP_FROM,
      build_up_to: addDays(testCalendar.opensOn, -1),
      dismantle_from: testCalendar.endsOn,
      dismantle_to: DISMANTLE_TO,
      insurance_min_cents: MIN_CENTS,
    };
    await api.db
      .insertInto("construction_settings")
      .values({ exhibition_id: exhibitionId, ...settings })
      .onConflict((oc) => oc.column("exhibition_id").doUpdateSet(settings))
      .execute();
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe("insurance", () => {
    const policy = async (ticket: string, extra: Record<string, string> = {}) => ({
      insurer: "中国人民财产保险股份有限公司",
      policyNo: "PICC-2026-0001",
      insuredAmount: "5,000,000",
      validFrom: BUILD_UP_FROM,
      validTo: DISMANTLE_TO,
      policyUrl: await uploadAs(api, ticket, "booth-insurance", "policy.pdf", await onePagePdf()),
      ...extra,
    });

    it("raw01 finds its raw space booth with the calendar", async () => {
      const found = await get<InsuranceAnswer>("insurance/find", raw01);
      expect(found.code, found.message).toBe(200);
      expect(found.data.booth).toMatchObject({ boothType: 2, boothNo: expect.stringMatching(/^2B1[02]$/) });
      expect(found.data.settings).toMatchObject({ buildUpFrom: BUILD_UP_FROM, dismantleTo: DISMANTLE_TO, insuranceMinCents: MIN_CENTS });
    });

    it("saves a policy as submitted, finds it with its history, and replaces it with the version read", async () => {
      const raw = await newExhibitor(api, { boothType: 2 });
      expect((await get<InsuranceAnswer>("insurance/find", raw.ticket)).data).toMatchObject({ insurance: null, history: [] });
      const saved = await post<InsuranceAnswer>("insurance/save", raw.ticket, await policy(raw.ticket));
      expect(saved.code, saved.message).toBe(200);
      expect(saved.data.insurance).toMatchObject({
        boothNo: raw.boothNo,
        status: "submitted",
        insuredCents: MIN_CENTS,
        validFrom: BUILD_UP_FROM,
        validTo: DISMANTLE_TO,
        policyNo: "PICC-2026-0001",
        version: 0,
        policyFile: { name: "policy.pdf" },
      });
      expect(saved.data.history.map((e) => e.action)).toEqual(["submit"]);
      const found = await get<InsuranceAnswer>("insurance/find", raw.ticket, { boothId: String(raw.boothId) });
      expect(found.data.insurance).toEqual(saved.data.insurance);

      const replaced = await post<InsuranceAnswer>("insurance/save", raw.ticket, await policy(raw.ticket, { insuredAmount: "8000000.50", version: "0" }));
      expect(replaced.data.insurance).toMatchObject({ insuredCents: 800_000_050, version: 1 });
      expect(await api.db.selectFrom("booth_insurances").select("id").where("booth_id", "=", raw.boothId).execute()).toHaveLength(1);
      // Read at version 0, or without a version: someone saved meanwhile.
      expect((await post("insurance/save", raw.ticket, await policy(raw.ticket, { version: "0" }), "en")).status).toBe(409);
      expect(await post("insurance/save", raw.ticket, await policy(raw.ticket), "en")).toMatchObject({
        status: 409,
        message: "This record was changed meanwhile, please reload and try again",
      });
    });

    it("refuses an amount one cent below the minimum at insuredAmount, in the caller's language", async () => {
      const raw = await newExhibitor(api, { boothType: 2 });
      const en = await post("insurance/save", raw.ticket, await policy(raw.ticket, { insuredAmount: "4999999.99" }), "en");
      expect(en).toMatchObject({ status: 400, message: "The insured amount must be at least ¥5,000,000.00" });
      expect(fieldsOf(en.data).insuredAmount).toEqual(["boothConstruction.errors.insuredBelowMinimum"]);
      expect((await post("insurance/save", raw.ticket, await policy(raw.ticket, { insuredAmount: "4999999.99" }), "zh")).message).toBe(
        "保险金额不得低于 ¥5,000,000.00",
      );
      expect((await get<InsuranceAnswer>("insurance/find", raw.ticket)).data.insurance).toBeNull();
    });

    it("refuses a policy that ends before dismantling is over, or starts after build-up began", async () => {
      const raw = await newExhibitor(api, { boothType: 2 });
      const short = await post("insurance/save", raw.ticket, await policy(raw.ticket, { validTo: addDays(DISMANTLE_TO, -1) }), "en");
      expect(short).toMatchObject({ status: 400, message: `The policy must cover build-up to dismantling (${BUILD_UP_FROM} to ${DISMANTLE_TO})` });
      expect(fieldsOf(short.data)).toEqual({ validTo: ["boothConstruction.errors.policyDoesNotCover"] });
      const late = await post("insurance/save", raw.ticket, await policy(raw.ticket, { validFrom: addDays(BUILD_UP_FROM, 1) }), "en");
      expect(fieldsOf(late.data)).toEqual({ validFrom: ["boothConstruction.errors.policyDoesNotCover"] });
      // The form's own rule: the end cannot be before the start.
      const backwards = await post("insurance/save", raw.ticket, await policy(raw.ticket, { validFrom: DISMANTLE_TO, validTo: BUILD_UP_FROM }), "en");
      expect(fieldsOf(backwards.data).validTo).toEqual(["boothConstruction.errors.validToBeforeFrom"]);
    });

    it("refuses another user's file, and the caller's own file from another folder, at policyUrl", async () => {
      const raw = await newExhibitor(api, { boothType: 2 });
      const theirs = await uploadAs(api, raw01, "booth-insurance", "their-policy.pdf", await onePagePdf());
      const refused = await post("insurance/save", raw.ticket, await policy(raw.ticket, { policyUrl: theirs }), "en");
      expect(refused).toMatchObject({ status: 404, message: "Please upload the file again" });
      expect(fieldsOf(refused.data).policyUrl).toEqual(["boothConstruction.errors.fileInvalid"]);
      const elsewhere = await uploadAs(api, raw.ticket, "safety-commitment", "policy.pdf", await onePagePdf());
      expect((await post("insurance/save", raw.ticket, await policy(raw.ticket, { policyUrl: elsewhere }))).status).toBe(404);
      expect(await api.db.selectFrom("booth_insurances").select("id").where("booth_id", "=", raw.boothId).execute()).toEqual([]);
    });

    it("answers a standard booth 403 rawSpaceOnly, reading and saving", async () => {
      expect(await get("insurance/find", std01, {}, "en")).toMatchObject({
        status: 403,
        message: "Booth 1A01 is a standard booth: this is for raw space (special) booths only",
      });
      expect((await get("insurance/find", std01, {}, "zh")).message).toBe("展位 1A01 为标准展位：此项仅适用于特装（光地）展位");
      const saved = await post("insurance/save", std01, await policy(std01));
      expect(saved.status).toBe(403);
    });

    it("resubmits a returned policy with a clean comment (kept in the history); an accepted one is locked", async () => {
      const raw = await newExhibitor(api, { boothType: 2 });
      const first = (await post<InsuranceAnswer>("insurance/save", raw.ticket, await policy(raw.ticket))).data.insurance!;
      await api.db
        .updateTable("booth_insurances")
        .set({ status: "returned", review_comment: "保额不足", reviewed_at: new Date() })
        .where("id", "=", first.id)
        .execute();
      const resubmitted = await post<InsuranceAnswer>("insurance/save", raw.ticket, await policy(raw.ticket, { version: String(first.version) }));
      expect(resubmitted.data.insurance).toMatchObject({ status: "submitted", reviewComment: null, reviewedAt: null, version: first.version + 1 });

      await api.db.updateTable("booth_insurances").set({ status: "accepted" }).where("id", "=", first.id).execute();
      const locked = await post("insurance/save", raw.ticket, await policy(raw.ticket, { version: String(first.version + 1) }), "en");
      expect(locked).toMatchObject({ status: 409, message: "An accepted record can no longer be changed" });
    });
  });

  describe("safety commitment", () => {
    const details = (extra: Record<string, string> = {}) => ({
      responsiblePerson: "王建国",
      builderCompany: "鑫源展览工程有限公司",
      mobile: "13912345678",
      readRules: "on",
      ...extra,
    });

    it("asks for the rules tick at readRules, in zh and en", async () => {
      const { readRules: _, ...unticked } = details();
      for (const [lang, message] of [
        ["zh", "请勾选已阅读规则"],
        ["en", "please tick that you have read the rules"],
      ] as const) {
        const refused = await post("commitment/save", std01, unticked, lang);
        expect(refused).toMatchObject({ status: 400, message });
        expect(fieldsOf(refused.data).readRules).toEqual(["validation.tickRules"]);
      }
    });

    it("saves the details with a filled PDF to print, notSigned, the mobile masked", async () => {
      const std = await newExhibitor(api);
      const saved = await post<CommitmentAnswer>("commitment/save", std.ticket, details(), "zh");
      expect(saved.code, saved.message).toBe(200);
      expect(saved.data.commitment).toMatchObject({
        boothNo: std.boothNo,
        status: "notSigned",
        responsiblePerson: "王建国",
        mobile: "1391******8",
        signedPdf: null,
        version: 0,
      });
      expect(saved.data.commitment!.generatedPdf).toMatchObject({ url: expect.stringMatching(/^\/files\//), name: `safety-commitment-${std.boothNo}.pdf` });
      expect(saved.data.history.map((e) => e.action)).toEqual(["save"]);
      const file = await api.db
        .selectFrom("stored_files")
        .selectAll()
        .where("id", "=", saved.data.commitment!.generatedPdf!.url.slice("/files/".length))
        .executeTakeFirstOrThrow();
      expect(file).toMatchObject({ owner_user_id: std.userId, folder: "safety-commitment-generated", content_type: "application/pdf" });
      // Stored unmasked: the paper and the organizer need the number.
      expect((await api.db.selectFrom("safety_commitments").select("mobile").where("booth_id", "=", std.boothId).executeTakeFirstOrThrow()).mobile).toBe(
        "13912345678",
      );
      // In English the number may carry a country code.
      const changed = await post<CommitmentAnswer>("commitment/save", std.ticket, details({ mobile: "+44 7700 900123", version: "0" }), "en");
      expect(changed.data.commitment).toMatchObject({ version: 1, status: "notSigned" });
      expect(changed.data.commitment!.generatedPdf!.url).not.toBe(saved.data.commitment!.generatedPdf!.url);
      expect((await post("commitment/save", std.ticket, details({ version: "0" }))).status).toBe(409);
    });

    it("downloads the filled commitment as a PDF attachment with the booth, the company and the person; made again when missing", async () => {
      const raw = await newExhibitor(api, { boothType: 2 });
      expect(await get("commitment/pdf", raw.ticket, {}, "en")).toMatchObject({
        status: 409,
        message: "Please fill in the commitment and download it for signing first",
      });
      expect((await post<CommitmentAnswer>("commitment/save", raw.ticket, details(), "zh")).code).toBe(200);
      const pdf = await download(raw.ticket, { boothId: String(raw.boothId) });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect(pdf.headers.get("content-disposition")).toContain(`attachment; filename="safety-commitment-${raw.boothNo}.pdf"`);
      const text = await pdfText(pdf.bytes);
      for (const expected of ["展会入场施工安全承诺书", raw.boothNo, raw.businessName, "王建国", "鑫源展览工程有限公司", "消防安全"])
        expect(text, expected).toContain(expected);

      await api.db.updateTable("safety_commitments").set({ generated_file_id: null }).where("booth_id", "=", raw.boothId).execute();
      const again = await download(raw.ticket, {}, "en");
      expect(again.status).toBe(200);
      expect(await pdfText(again.bytes)).toContain("Entry Safety Commitment for Booth Construction");
      const row = await api.db
        .selectFrom("safety_commitments")
        .select(["generated_file_id", "version"])
        .where("booth_id", "=", raw.boothId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ generated_file_id: expect.any(String), version: 0 });
    });

    it("combines two PNG scans into the signed PDF and submits; then changes wait for the review", async () => {
      const std = await newExhibitor(api);
      const saved = (await post<CommitmentAnswer>("commitment/save", std.ticket, details())).data.commitment!;
      const scans = [await uploadAs(api, std.ticket, "safety-commitment", "page-1.png"), await uploadAs(api, std.ticket, "safety-commitment", "page-2.png")];
      const uploaded = await api.call<CommitmentAnswer>("/smeb/boothBuild/commitment/upload", {
        ticket: std.ticket,
        json: { scanUrls: scans, version: saved.version },
      });
      expect(uploaded.code, uploaded.message).toBe(200);
      expect(uploaded.data.commitment).toMatchObject({
        status: "submitted",
        submittedAt: expect.any(String),
        version: saved.version + 1,
        generatedPdf: saved.generatedPdf,
      });
      expect(uploaded.data.history.map((e) => e.action)).toEqual(["save", "submit"]);
      const signed = uploaded.data.commitment!.signedPdf!;
      expect(signed.name).toBe(`safety-commitment-${std.boothNo}-signed.pdf`);
      expect(
        await api.db
          .selectFrom("stored_files")
          .select(["owner_user_id", "folder"])
          .where("id", "=", signed.url.slice("/files/".length))
          .executeTakeFirstOrThrow(),
      ).toEqual({ owner_user_id: std.userId, folder: "safety-commitment-signed" });
      const bytes = new Uint8Array(await (await fetch(`${api.baseUrl}${signed.url}`, { headers: { ticket: std.ticket } })).arrayBuffer());
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);

      const changed = await post("commitment/save", std.ticket, details({ version: String(saved.version + 1) }), "en");
      expect(changed).toMatchObject({ status: 409, message: "This is being reviewed: it can be changed once the organizer has returned it" });
      expect((await post("commitment/upload", std.ticket, { scanUrls: scans[0]! })).status).toBe(409);

      // Returned: the exhibitor may change it again (back to notSigned, to be signed again).
      await api.db.updateTable("safety_commitments").set({ status: "returned", review_comment: "缺少盖章" }).where("booth_id", "=", std.boothId).execute();
      const redone = await post<CommitmentAnswer>("commitment/save", std.ticket, details({ responsiblePerson: "李强", version: String(saved.version + 1) }));
      expect(redone.data.commitment).toMatchObject({ status: "notSigned", responsiblePerson: "李强", signedPdf: null, reviewComment: "缺少盖章" });
      await api.db.updateTable("safety_commitments").set({ status: "accepted" }).where("booth_id", "=", std.boothId).execute();
      expect(await post("commitment/save", std.ticket, details({ version: String(saved.version + 2) }), "en")).toMatchObject({
        status: 409,
        message: "An accepted record can no longer be changed",
      });
    });

    it("refuses the upload before the details are saved: 409 notSigned", async () => {
      const raw = await newExhibitor(api, { boothType: 2 });
      const scan = await uploadAs(api, raw.ticket, "safety-commitment", "scan.png");
      expect(await post("commitment/upload", raw.ticket, { scanUrls: scan }, "en")).toMatchObject({
        status: 409,
        message: "Please fill in the commitment and download it for signing first",
      });
      expect((await post("commitment/upload", raw.ticket, { scanUrls: scan }, "zh")).message).toBe("请先填写承诺书并下载签字");
    });

    it("refuses another user's scan at scanUrls and changes nothing", async () => {
      const std = await newExhibitor(api);
      expect((await post("commitment/save", std.ticket, details())).code).toBe(200);
      const theirs = await uploadAs(api, raw01, "safety-commitment", "their-scan.png");
      const mine = await uploadAs(api, std.ticket, "safety-commitment", "mine.png");
      const refused = await api.call("/smeb/boothBuild/commitment/upload", { ticket: std.ticket, json: { scanUrls: [mine, theirs] }, lang: "en" });
      expect(refused).toMatchObject({ status: 404, message: "Please upload the file again" });
      expect(fieldsOf(refused.data).scanUrls).toEqual(["boothConstruction.errors.fileInvalid"]);
      expect((await get<CommitmentAnswer>("commitment/find", std.ticket)).data.commitment).toMatchObject({ status: "notSigned", signedPdf: null, version: 0 });
      expect(
        await api.db.selectFrom("stored_files").select("id").where("folder", "=", "safety-commitment-signed").where("owner_user_id", "=", std.userId).execute(),
      ).toEqual([]);
    });

    it("refuses an unreadable scan by its name at scanUrls", async () => {
      const std = await newExhibitor(api);
      expect((await post("commitment/save", std.ticket, details())).code).toBe(200);
      // A PDF that passes the upload's type check by its first bytes but does not parse.
      const broken = await uploadAs(api, std.ticket, "safety-commitment", "torn.pdf", Buffer.from("%PDF-1.7\n% not really a PDF\n"));
      const refused = await post("commitment/upload", std.ticket, { scanUrls: broken }, "en");
      expect(refused).toMatchObject({ status: 400, message: "“torn.pdf” cannot be read, please scan it again" });
      expect(fieldsOf(refused.data).scanUrls).toEqual(["boothConstruction.errors.scanUnreadable"]);
    });
  });

  it("answers 401 without a session", async () => {
    for (const route of ["insurance/find", "commitment/find", "commitment/pdf"]) expect((await api.call(`/smeb/boothBuild/${route}`)).status, route).toBe(401);
  });

  it("passes its own IDOR sweep entries (tests/api/idor/booth-safety.ts)", async () => {
    const aBoothId = (await api.db.selectFrom("booths").select("id").where("booth_no", "=", "1A01").executeTakeFirstOrThrow()).id;
    const ctx = { api, a: std01, b: raw01, aBoothId };
    for (const probe of new Set(Object.values(boothSafetySweep).map((entry) => entry.probe))) await probe(ctx);
  });
});
