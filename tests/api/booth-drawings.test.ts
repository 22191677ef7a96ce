import { DEMO_EXHIBITION_SETTINGS } from "../../server/seed/exhibition-settings";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DrawingProcess, ReviewItem } from "../../app/contracts/booth-construction/api-types";
import { drawingStep, type LatestStatuses } from "../../server/booth-construction/drawings";
import { seedBoothConstruction } from "../../server/seed/booth-construction";
import { demoCalendarForOpening } from "../../server/seed/demo-calendar";
import { createObjectStore } from "../../server/uploads";
import { uploadAs } from "../support/uploads";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

describe("the special booth's process step", () => {
  const latest = (
    design: LatestStatuses["design"],
    structure: LatestStatuses["structure"],
    qualification: LatestStatuses["qualification"],
  ): LatestStatuses => ({ design, structure, qualification });

  it("is 'submit' while any kind has no version, even beside a returned or accepted one", () => {
    expect(drawingStep(latest(null, null, null), null, null)).toBe("submit");
    expect(drawingStep(latest("accepted", "accepted", null), "accepted", "accepted")).toBe("submit");
    expect(drawingStep(latest("returned", "submitted", null), null, null)).toBe("submit");
  });

  it("is 'rectify' when a latest version was returned, before 'review'", () => {
    expect(drawingStep(latest("returned", "submitted", "accepted"), null, null)).toBe("rectify");
    expect(drawingStep(latest("accepted", "accepted", "returned"), "accepted", "accepted")).toBe("rectify");
  });

  it("is 'review' while a latest version waits and none is returned", () => {
    expect(drawingStep(latest("submitted", "submitted", "submitted"), null, null)).toBe("review");
    expect(drawingStep(latest("accepted", "submitted", "accepted"), "accepted", "accepted")).toBe("review");
  });

  it("is 'approved' when all three are accepted, 'permit' once insurance and commitment are accepted too", () => {
    const all = latest("accepted", "accepted", "accepted");
    expect(drawingStep(all, null, null)).toBe("approved");
    expect(drawingStep(all, "accepted", "submitted")).toBe("approved");
    expect(drawingStep(all, "returned", "accepted")).toBe("approved");
    expect(drawingStep(all, "accepted", "notSigned")).toBe("approved");
    expect(drawingStep(all, "accepted", "accepted")).toBe("permit");
  });
});

describe.each(backendsOf(import.meta.url))("special booth drawings (/smeb/boothBuild/drawing) on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let std01: string;
  let raw01: string;
  let admin: string;
  let b2b10: number;
  let b2b12: number;
  let raw01Id: number;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-booth-drawings-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir });
    [std01, raw01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026"), api.login("admin", "Admin#2026")]);
    const booths = await api.db.selectFrom("booths").select(["id", "booth_no", "user_id"]).where("booth_no", "in", ["2B10", "2B12"]).execute();
    b2b10 = booths.find((b) => b.booth_no === "2B10")!.id;
    b2b12 = booths.find((b) => b.booth_no === "2B12")!.id;
    raw01Id = booths[0]!.user_id;
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const process = (boothId = b2b12, ticket = raw01, lang = "en") =>
    api.call<DrawingProcess>("/smeb/boothBuild/drawing/list", { ticket, query: { boothId: String(boothId) }, lang });
  const upload = (form: Record<string, string>, ticket = raw01, lang = "en") =>
    api.call<DrawingProcess>("/smeb/boothBuild/drawing/upload", { ticket, form: { boothId: String(b2b12), ...form }, lang });
  const decide = (form: Record<string, string>) =>
    api.call<ReviewItem>("/smeb/boothBuild/review/decide", { ticket: admin, form: { subject: "drawing", ...form } });
  /** The demo seed adds drawings only to a booth without any: the tests that use 2B10 start from none. */
  const clearDrawings = async (boothId: number) => {
    await api.db.deleteFrom("construction_events").where("subject", "=", "drawing").where("booth_id", "=", boothId).execute();
    await api.db.deleteFrom("booth_drawings").where("booth_id", "=", boothId).execute();
  };
  const drawingCount = async () => (await api.db.selectFrom("booth_drawings").select("id").execute()).length;

  it("is for raw space only: a standard booth is refused (403) and nothing is saved", async () => {
    const listed = await api.call<DrawingProcess>("/smeb/boothBuild/drawing/list", { ticket: std01 });
    expect(listed).toMatchObject({ status: 403, message: "Booth 1A01 is a standard booth: this is for raw space (special) booths only" });
    const file = await uploadAs(api, std01, "booth-drawing", "design.png");
    const before = await drawingCount();
    const refused = await api.call("/smeb/boothBuild/drawing/upload", { ticket: std01, form: { kind: "design", fileUrl: file } });
    expect(refused.status).toBe(403);
    // Naming raw01's booth is naming an unknown booth.
    const other = await api.call("/smeb/boothBuild/drawing/upload", { ticket: std01, form: { boothId: String(b2b12), kind: "design", fileUrl: file } });
    expect(other.status).toBe(404);
    expect((await process(b2b12, std01)).status).toBe(404);
    expect(await drawingCount()).toBe(before);
  });

  it("takes only the caller's own file from the drawing folder", async () => {
    const others = await uploadAs(api, std01, "booth-drawing", "theirs.png");
    const wrongFolder = await uploadAs(api, raw01, "feedback", "shot.png");
    for (const fileUrl of [others, wrongFolder, "/files/nosuchfile"]) {
      const refused = await upload({ kind: "design", fileUrl });
      expect(refused).toMatchObject({ status: 404, message: "Please upload the file again" });
      expect((refused.data as unknown as { fields: Record<string, string[]> }).fields.fileUrl).toEqual(["boothConstruction.errors.fileInvalid"]);
    }
    expect((await upload({ kind: "plans", fileUrl: wrongFolder })).status).toBe(400);
  });

  // One booth's drawings from start to permit: each step needs the one before, so it is one test
  // (the file's tests pass alone and in any order).
  it("a booth's drawings go from 'submit' through review, return and approval to 'permit'", async () => {
    const start = await process();
    expect(start.code, start.message).toBe(200);
    expect(start.data).toMatchObject({
      booth: { boothNo: "2B12", boothType: 2 },
      step: "submit",
      drawings: { design: [], structure: [], qualification: [] },
      insuranceStatus: null,
      commitmentStatus: null,
      drawingSiteUrl: DEMO_EXHIBITION_SETTINGS.drawingSiteUrl,
    });

    // Version 1 of each kind; a second is refused while the first is reviewed; then it waits for review.
    const file = await uploadAs(api, raw01, "booth-drawing", "design-v1.png");
    const first = await upload({ kind: "design", fileUrl: file, note: "first draft" });
    expect(first.code, first.message).toBe(200);
    const [v1] = first.data.drawings.design;
    expect(v1).toMatchObject({ version: 1, status: "submitted", note: "first draft", reviewComment: null, file: { url: file, name: "design-v1.png" } });
    const designV1 = v1!.id;
    expect(first.data.step).toBe("submit");

    const again = await upload({ kind: "design", fileUrl: file }, raw01, "zh");
    expect(again).toMatchObject({ status: 409, message: "设计图纸第 1 版正在审核中，请等待主办方审核结果", data: { kind: "design", version: 1 } });
    expect((await upload({ kind: "design", fileUrl: file })).message).toBe(
      "Version 1 of the design drawing is being reviewed: wait for the organizer's decision",
    );

    for (const kind of ["structure", "qualification"]) {
      const saved = await upload({ kind, fileUrl: await uploadAs(api, raw01, "booth-drawing", `${kind}.png`) });
      expect(saved.code, saved.message).toBe(200);
    }
    const now = await process();
    expect(now.data.step).toBe("review");
    expect(Object.values(now.data.drawings).map((versions) => versions.length)).toEqual([1, 1, 1]);

    // A returned version shows its comment and the step 'rectify'; version 2 goes back to 'review'.
    const returned = await decide({ id: String(designV1), decision: "return", comment: "请补充立面图" });
    expect(returned.code, returned.message).toBe(200);
    expect(returned.data).toMatchObject({ subject: "drawing", status: "returned", reviewComment: "请补充立面图", version: null, boothNo: "2B12" });

    const seen = await process();
    expect(seen.data.step).toBe("rectify");
    expect(seen.data.drawings.design[0]).toMatchObject({ version: 1, status: "returned", reviewComment: "请补充立面图" });
    expect(seen.data.drawings.design[0]!.reviewedAt).not.toBeNull();

    const v2 = await upload({ kind: "design", fileUrl: await uploadAs(api, raw01, "booth-drawing", "design-v2.png"), note: "with elevations" });
    expect(v2.code, v2.message).toBe(200);
    expect(v2.data.drawings.design.map((d) => [d.version, d.status])).toEqual([
      [2, "submitted"],
      [1, "returned"],
    ]);
    expect(v2.data.step).toBe("review");

    const history = await api.call<{ action: string; comment: string | null; actorLabel: string }[]>("/smeb/boothBuild/review/history", {
      ticket: admin,
      query: { subject: "drawing", id: String(designV1) },
    });
    expect(history.data.map((e) => [e.action, e.actorLabel, e.comment])).toEqual([
      ["submit", "raw01", "first draft"],
      ["return", "admin", "请补充立面图"],
    ]);

    // Approving every latest version gives 'approved'; an approved kind is frozen; insurance and commitment give 'permit'.
    const current = (await process()).data;
    for (const kind of ["design", "structure", "qualification"] as const) {
      const decided = await decide({ id: String(current.drawings[kind][0]!.id), decision: "approve" });
      expect(decided.code, decided.message).toBe(200);
      expect(decided.data.status).toBe("accepted");
    }
    const approved = await process();
    expect(approved.data.step).toBe("approved");

    const before = await drawingCount();
    const frozen = await upload({ kind: "design", fileUrl: await uploadAs(api, raw01, "booth-drawing", "design-v3.png") });
    expect(frozen).toMatchObject({
      status: 409,
      message: "The design drawing has been approved and is frozen: no new version can be added",
      data: { kind: "design", version: 2 },
    });
    expect(await drawingCount()).toBe(before);

    // Accepted insurance and commitment (written straight in: their routes are another page's).
    const exhibition = await api.db.selectFrom("booths").select("exhibition_id").where("id", "=", b2b12).executeTakeFirstOrThrow();
    const fileId = approved.data.drawings.design[0]!.file.url.slice("/files/".length);
    const common = { exhibition_id: exhibition.exhibition_id, user_id: raw01Id, booth_id: b2b12 };
    await api.db
      .insertInto("booth_insurances")
      .values({
        ...common,
        status: "accepted",
        insurer: "平安保险",
        policy_no: "P-2B12",
        insured_cents: 100_000_000,
        valid_from: "2026-12-01",
        valid_to: "2026-12-31",
        policy_file_id: fileId,
      })
      .execute();
    expect((await process()).data).toMatchObject({ step: "approved", insuranceStatus: "accepted", commitmentStatus: null });
    await api.db
      .insertInto("safety_commitments")
      .values({ ...common, status: "accepted", responsible_person: "李四", builder_company: "深圳搭建", mobile: "13912345678", rules_read_at: new Date() })
      .execute();
    expect((await process()).data).toMatchObject({ step: "permit", insuranceStatus: "accepted", commitmentStatus: "accepted" });
  });

  it("two uploads of the same kind at once: one version is made, the other gets 409, never a 500", async () => {
    await clearDrawings(b2b10);
    const files = await Promise.all([uploadAs(api, raw01, "booth-drawing", "a.png"), uploadAs(api, raw01, "booth-drawing", "b.png")]);
    const answers = await Promise.all(files.map((fileUrl) => upload({ boothId: String(b2b10), kind: "structure", fileUrl })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const rows = await api.db.selectFrom("booth_drawings").select("version").where("booth_id", "=", b2b10).where("kind", "=", "structure").execute();
    expect(rows.map((r) => r.version)).toEqual([1]);
  });

  it("the demo seed gives 2B10 one PDF of each kind under review, once, when it has the object store", async () => {
    const exhibition = await api.db
      .selectFrom("exhibitions")
      .select(["id", sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as("opens_on")])
      .where("code", "=", "PITF2026")
      .executeTakeFirstOrThrow();
    const calendar = demoCalendarForOpening(exhibition.opens_on);
    // Without a store (the tests' seeded database) nothing was made.
    await clearDrawings(b2b10);
    expect((await process(b2b10)).data.step).toBe("submit");
    const store = createObjectStore(api.config, api.db);
    await seedBoothConstruction(api.db, exhibition.id, calendar, store);
    await seedBoothConstruction(api.db, exhibition.id, calendar, store);
    const seeded = await process(b2b10);
    expect(seeded.data.step).toBe("review");
    for (const kind of ["design", "structure", "qualification"] as const) {
      expect(seeded.data.drawings[kind]).toHaveLength(1);
      expect(seeded.data.drawings[kind][0]).toMatchObject({ version: 1, status: "submitted" });
      const response = await fetch(`${api.baseUrl}${seeded.data.drawings[kind][0]!.file.url}`, { headers: { ticket: raw01 } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("application/pdf");
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
    const events = await api.db
      .selectFrom("construction_events")
      .select(["action", "actor_label"])
      .where("subject", "=", "drawing")
      .where("booth_id", "=", b2b10)
      .execute();
    expect(events).toEqual([
      { action: "submit", actor_label: "raw01" },
      { action: "submit", actor_label: "raw01" },
      { action: "submit", actor_label: "raw01" },
    ]);
  });
});
