import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StandardBuildAnswer } from "../../app/contracts/booth-construction/api-types";
import { equipmentFor } from "../../app/contracts/booth-construction/equipment";
import { appClock } from "../../server/clock";
import { PNG } from "../support/sample-files";
import { newExhibitor } from "../support/new-exhibitor";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { addDays, endOfExhibitionDay, resetTestClock, testCalendar } from "../support/test-clock";
import { postToStoragePartly } from "../support/upload-client";
import { uploadAs } from "../support/uploads";
import { boothBuildSweep } from "./idor/booth-build";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Fields = { fields?: Record<string, string[]> };
type Form = Record<string, string | string[]>;

// ---------- crafted fascia files ----------

const u16 = (n: number) => [n >> 8, n & 0xff];
/** A JPEG header: JFIF with a density (dots per inch), a frame header of the size, then scan data. */
function jpeg(width: number, height: number, dpi: number) {
  const jfif = [0xff, 0xe0, ...u16(16), ...Buffer.from("JFIF\0", "latin1"), 1, 2, 1, ...u16(dpi), ...u16(dpi), 0, 0];
  const sof = [0xff, 0xc0, ...u16(17), 8, ...u16(height), ...u16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  const scan = [0xff, 0xda, ...u16(8), 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34, 0x56, 0xff, 0xd9];
  return Buffer.from([0xff, 0xd8, ...jfif, ...sof, ...scan]);
}
/** Starts like a JPEG (the upload takes it) but has image data before any frame header. */
const NO_FRAME_JPEG = Buffer.from([
  0xff,
  0xd8,
  0xff,
  0xe0,
  ...u16(16),
  ...Buffer.from("JFIF\0", "latin1"),
  1,
  2,
  1,
  0,
  72,
  0,
  72,
  0,
  0,
  0xff,
  0xda,
  ...u16(8),
  1,
  1,
  0,
  0,
  0x3f,
  0,
  0xff,
  0xd9,
]);
/** A CorelDRAW (RIFF "CDRA") file. */
const CDR = Buffer.concat([
  Buffer.from("RIFF", "latin1"),
  Buffer.from([0, 0x10, 0, 0]),
  Buffer.from("CDRAvrsn", "latin1"),
  Buffer.from([2, 0, 0, 0, 0x4c, 0x04]),
  Buffer.alloc(256),
]);

describe.each(backendsOf(import.meta.url))("standard booth build (/smeb/boothBuild) on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let raw01: string;
  let admin: string;
  let exhibitors = 0;

  beforeAll(async () => {
    api = await startTestApi(backend);
    [std01, raw01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026"), api.login("admin", "Admin#2026")]);
  });
  afterAll(() => api?.close());

  /** A new exhibitor with a new standard booth (3x3 unless told), named 楣板测试有限公司<n>: 1A01 may already have a build. */
  const freshExhibitor = (size?: { widthM: number; depthM: number }) => newExhibitor(api, { businessName: `楣板测试有限公司${++exhibitors}`, size });

  const find = (ticket: string, boothId?: number, lang = "en") =>
    api.call<StandardBuildAnswer>("/smeb/boothBuild/find", { ticket, lang, query: boothId ? { boothId: String(boothId) } : {} });
  /** Posts like the page: list fields as repeated keys. */
  async function post(path: "create" | "update", ticket: string, form: Form, lang = "en") {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) for (const item of [value].flat()) body.append(key, item);
    const response = await fetch(`${api.baseUrl}/api/smeb/boothBuild/${path}`, {
      method: "POST",
      headers: { ticket, "content-type": "application/x-www-form-urlencoded", "accept-language": lang },
      body,
    });
    return { status: response.status, ...((await response.json()) as { code: number; message: string; data: StandardBuildAnswer & Fields }) };
  }
  const form = (boothId: number, extra: Form = {}): Form => ({
    boothId: String(boothId),
    intent: "draft",
    fasciaMode: "standard",
    fasciaNameZh: "星河智能",
    fasciaNameEn: "Galaxy Smart",
    extraBoards: "0",
    carpetColour: "grey",
    ...extra,
  });

  it("marks the checklist's fascia and safety commitment items done from the records, not before", async () => {
    const { boothId, ticket } = await freshExhibitor();
    const status = async (link: string) => {
      const items = (await api.call<{ link: string; status: string }[]>("/smeb/worksheet/worksheet", { ticket })).data;
      return items.find((item) => item.link === link)?.status;
    };
    const FASCIA = "/boothConstruction/standardConstruction";
    const COMMITMENT = "/boothConstruction/entrySafetyCommitment";
    expect(await status(FASCIA)).not.toBe("done");
    expect((await post("create", ticket, form(boothId))).code).toBe(200);
    // A draft is not a submission.
    expect(await status(FASCIA)).not.toBe("done");
    const draft = (await find(ticket, boothId)).data.build;
    expect((await post("update", ticket, form(boothId, { intent: "submit", version: String(draft.version) }))).code).toBe(200);
    expect(await status(FASCIA)).toBe("done");

    expect(await status(COMMITMENT)).not.toBe("done");
    const booth = await api.db.selectFrom("booths").select(["exhibition_id", "user_id"]).where("id", "=", boothId).executeTakeFirstOrThrow();
    const commitment = {
      exhibition_id: booth.exhibition_id,
      user_id: booth.user_id,
      booth_id: boothId,
      responsible_person: "王建国",
      builder_company: "鑫源展览",
      mobile: "13912345678",
      rules_read_at: new Date(),
    };
    await api.db
      .insertInto("safety_commitments")
      .values({ ...commitment, status: "notSigned" })
      .execute();
    expect(await status(COMMITMENT)).not.toBe("done");
    await api.db.updateTable("safety_commitments").set({ status: "submitted" }).where("booth_id", "=", boothId).execute();
    expect(await status(COMMITMENT)).toBe("done");
  });

  it("answers a booth without a build as a new one, prefilled from the exhibitor's names", async () => {
    const { userId, boothId, ticket } = await freshExhibitor();
    const fresh = await find(ticket, boothId);
    expect(fresh.code).toBe(200);
    const { build, settings, window, carpetTimes, history } = fresh.data;
    expect(build).toMatchObject({
      id: null,
      status: "new",
      fasciaMode: "standard",
      fasciaNameEn: "",
      carpetColour: "grey",
      unneededEquipment: [],
      version: 0,
      editable: true,
    });
    expect(build.fasciaNameZh).toMatch(/^楣板测试有限公司\d+$/);
    expect(build.equipment).toEqual(equipmentFor({ widthM: 3, depthM: 3 }));
    expect(window).toEqual({ deadline: new Date(endOfExhibitionDay(testCalendar.schedule["fascia-submitted"])).toISOString(), closed: false, opensAt: null });
    expect(carpetTimes[0]).toEqual({ day: settings.buildUpFrom, slot: "am" });
    expect(carpetTimes.at(-1)).toEqual({ day: settings.buildUpTo, slot: "pm" });
    expect(history).toEqual([]);

    // The submitted profile's company names come first.
    const exhibition = await api.db.selectFrom("users").select("exhibition_id").where("id", "=", userId).executeTakeFirstOrThrow();
    await api.db
      .insertInto("exhibitor_profiles")
      .values({
        user_id: userId,
        exhibition_id: exhibition.exhibition_id,
        unique_id: `build-${backend}-${userId}`,
        status: "under_review",
        draft: "{}",
        submitted: JSON.stringify({ companyNameZh: "深圳星河智能科技有限公司", companyNameEn: "Galaxy Smart Tech" }),
      })
      .execute();
    expect((await find(ticket, boothId)).data.build).toMatchObject({ fasciaNameZh: "深圳星河智能科技有限公司", fasciaNameEn: "Galaxy Smart Tech" });

    const carpet = await api.call<{ carpetTimes: unknown[]; colours: string[] }>("/smeb/boothBuild/carpetTime", {
      ticket,
      query: { boothId: String(boothId) },
    });
    expect(carpet.data).toEqual({ carpetTimes, colours: ["grey", "red", "blue", "green"] });
  });

  it("finds std01's booth 1A01, whether or not it already has a build", async () => {
    const answer = await find(std01);
    expect(answer.code).toBe(200);
    expect(answer.data.build.booth.boothNo).toBe("1A01");
    expect(answer.data.build.equipment).toEqual(equipmentFor({ widthM: 3, depthM: 3 }));
  });

  it("saves a draft without the Chinese name, refuses a second create, then submits; a submitted build waits", async () => {
    const { boothId, ticket, username } = await freshExhibitor();
    const { settings } = (await find(ticket, boothId)).data;
    const draft = await post(
      "create",
      ticket,
      form(boothId, {
        fasciaNameZh: "",
        unneededEquipment: ["spotlight", "trashCan"],
        wallsRemoved: "left",
        extraBoards: "2",
        positioningDate: settings.buildUpFrom,
        carpetColour: "blue",
        carpetLayingDay: settings.buildUpTo,
        carpetLayingSlot: "pm",
        otherRequirements: "靠近通道",
      }),
    );
    expect(draft.code, draft.message).toBe(200);
    const saved = draft.data.build;
    expect(saved).toMatchObject({
      status: "draft",
      fasciaNameZh: "",
      unneededEquipment: ["spotlight", "trashCan"],
      wallsRemoved: ["left"],
      extraBoards: 2,
      positioningDate: settings.buildUpFrom,
      carpetColour: "blue",
      carpetLayingDay: settings.buildUpTo,
      carpetLayingSlot: "pm",
      otherRequirements: "靠近通道",
      version: 0,
      editable: true,
      submittedAt: null,
    });
    expect(saved.id).toBeGreaterThan(0);
    expect(draft.data.history.map((e) => e.action)).toEqual(["save"]);

    // A second tab creating too: the build exists, reload.
    const again = await post("create", ticket, form(boothId));
    expect(again).toMatchObject({ status: 409, message: "This record was changed meanwhile, please reload and try again" });

    const noName = await post("update", ticket, form(boothId, { intent: "submit", fasciaNameZh: "", fasciaNameEn: "", version: "0" }));
    expect(noName.status).toBe(400);
    expect(noName.data.fields?.fasciaNameZh).toEqual(["boothConstruction.errors.fasciaNameMissing"]);

    const sentAt = appClock.now().getTime();
    const submitted = await post("update", ticket, form(boothId, { intent: "submit", version: "0" }));
    expect(submitted.code, submitted.message).toBe(200);
    expect(submitted.data.build).toMatchObject({
      status: "submitted",
      fasciaNameZh: "星河智能",
      unneededEquipment: [],
      wallsRemoved: [],
      version: 1,
      editable: false,
    });
    // Business time (it runs on from TEST_NOW).
    expect(Date.parse(submitted.data.build.submittedAt!)).toBeGreaterThanOrEqual(sentAt);
    expect(Date.parse(submitted.data.build.submittedAt!)).toBeLessThanOrEqual(appClock.now().getTime());
    expect(submitted.data.history.map((e) => [e.action, e.actorLabel])).toEqual([
      ["save", username],
      ["submit", username],
    ]);

    const whileReviewed = await post("update", ticket, form(boothId, { version: "1" }));
    expect(whileReviewed).toMatchObject({ status: 409, message: "This is being reviewed: it can be changed once the organizer has returned it" });

    // Returned: editable again, and a draft save makes it a draft; accepted: final.
    await api.db.updateTable("standard_builds").set({ status: "returned", review_comment: "请补充英文名" }).where("id", "=", saved.id!).execute();
    const redraft = await post("update", ticket, form(boothId, { version: "1" }));
    expect(redraft.data.build).toMatchObject({ status: "draft", version: 2, reviewComment: "请补充英文名", submittedAt: submitted.data.build.submittedAt });
    await api.db.updateTable("standard_builds").set({ status: "accepted" }).where("id", "=", saved.id!).execute();
    expect((await find(ticket, boothId)).data.build.editable).toBe(false);
    const locked = await post("update", ticket, form(boothId, { version: "2" }), "zh");
    expect(locked).toMatchObject({ status: 409, message: "已通过审核的记录不可再修改", data: null });
  });

  it("refuses an update read at an older version, and one without a version", async () => {
    const { boothId, ticket } = await freshExhibitor();
    expect((await post("create", ticket, form(boothId))).code).toBe(200);
    expect((await post("update", ticket, form(boothId, { version: "0", otherRequirements: "first" }))).data.build.version).toBe(1);
    const stale = await post("update", ticket, form(boothId, { version: "0", otherRequirements: "second" }));
    expect(stale.status).toBe(409);
    expect((await find(ticket, boothId)).data.build.otherRequirements).toBe("first");
    const missing = await post("update", ticket, form(boothId));
    expect(missing.status).toBe(400);
    expect(missing.data.fields?.version).toEqual(["validation.required|boothConstruction.fields.record"]);
    // Two tabs creating at once: the unique booth index lets one in.
    const race = await freshExhibitor();
    const created = await Promise.all([post("create", race.ticket, form(race.boothId)), post("create", race.ticket, form(race.boothId))]);
    expect(created.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await api.db.selectFrom("standard_builds").select("id").where("booth_id", "=", race.boothId).execute()).toHaveLength(1);
    // Update before any create: nothing to update.
    const other = await freshExhibitor();
    expect((await post("update", other.ticket, form(other.boothId, { version: "0" }))).status).toBe(404);
  });

  it("refuses positioning and carpet days outside build-up at their fields, in the caller's language", async () => {
    const { boothId, ticket } = await freshExhibitor();
    const { buildUpFrom: from, buildUpTo: to } = (await find(ticket, boothId)).data.settings;
    const early = await post("create", ticket, form(boothId, { positioningDate: addDays(from, -1) }), "zh");
    expect(early.status).toBe(400);
    expect(early.message).toBe(`提前定位日期须在布展期内（${from} 至 ${to}）`);
    expect(early.data.fields).toEqual({ positioningDate: ["boothConstruction.errors.positioningOutsideBuildUp"] });
    const both = await post(
      "create",
      ticket,
      form(boothId, { positioningDate: addDays(to, 1), carpetLayingDay: addDays(to, 1), carpetLayingSlot: "am" }),
      "en",
    );
    expect(both.message).toBe(`The early positioning date must be a build-up day (${from} to ${to})`);
    expect(Object.keys(both.data.fields ?? {}).sort()).toEqual(["carpetLayingDay", "positioningDate"]);
    expect((await find(ticket, boothId)).data.build.id).toBeNull();
  });

  it("refuses equipment the booth does not have, and codes that are no equipment", async () => {
    const { boothId, ticket } = await freshExhibitor({ widthM: 3, depthM: 2 });
    const notIncluded = await post("create", ticket, form(boothId, { unneededEquipment: ["spotlight", "negotiationTable"] }));
    expect(notIncluded).toMatchObject({ status: 400, message: "Please enter the correct Equipment not needed" });
    expect(notIncluded.data.fields).toEqual({ unneededEquipment: ["validation.correct|boothConstruction.fields.unneededEquipment"] });
    const unknown = await post("create", ticket, form(boothId, { unneededEquipment: "sofa" }));
    expect(unknown.status).toBe(400);
    expect(Object.values(unknown.data.fields ?? {}).flat()).toEqual(["validation.correct|boothConstruction.fields.unneededEquipment"]);
    const fine = await post("create", ticket, form(boothId, { unneededEquipment: "spotlight" }));
    expect(fine.data.build.unneededEquipment).toEqual(["spotlight"]);
  });

  it("checks custom fascia artwork: proportion, resolution, readability; a CDR is left to a person", async () => {
    const { boothId, ticket } = await freshExhibitor();
    const custom = (url: string, extra: Form = {}) => form(boothId, { fasciaMode: "custom", fasciaFileUrl: url, ...extra });

    const square = await post("create", ticket, custom(await uploadAs(api, ticket, "booth-fascia", "square.jpg", jpeg(2400, 2400, 300))));
    expect(square.status).toBe(400);
    expect(square.message).toMatch(/^The artwork is 1\.00:1, the fascia board is 2400 × 950 mm/);
    expect(square.data.fields).toEqual({ fasciaFileUrl: ["boothConstruction.errors.fasciaRatio"] });

    const small = await post("create", ticket, custom(await uploadAs(api, ticket, "booth-fascia", "small.jpg", jpeg(1000, 395, 30))), "zh");
    expect(small.status).toBe(400);
    expect(small.message).toBe("设计稿分辨率不足：须 72 dpi 及以上，或不低于 500 万像素（当前 395,000 像素）");
    expect(small.data.fields).toEqual({ fasciaFileUrl: ["boothConstruction.errors.fasciaResolution"] });

    const broken = await post("create", ticket, custom(await uploadAs(api, ticket, "booth-fascia", "broken.jpg", NO_FRAME_JPEG)));
    expect(broken).toMatchObject({ status: 400, message: "The artwork cannot be read as a JPG image" });
    expect((await find(ticket, boothId)).data.build.id).toBeNull();

    const goodUrl = await uploadAs(api, ticket, "booth-fascia", "fascia.jpg", jpeg(2400, 950, 72));
    const good = await post("create", ticket, custom(goodUrl, { fasciaNameZh: "" }));
    expect(good.code, good.message).toBe(200);
    expect(good.data.build).toMatchObject({
      fasciaMode: "custom",
      fasciaFile: { url: goodUrl, name: "fascia.jpg" },
      fasciaCheck: { kind: "jpg", widthPx: 2400, heightPx: 950, dpi: 72, manual: false },
    });

    const cdrUrl = await uploadAs(api, ticket, "booth-fascia", "fascia.cdr", CDR);
    const cdr = await post("update", ticket, custom(cdrUrl, { version: "0", intent: "submit" }));
    expect(cdr.code, cdr.message).toBe(200);
    expect(cdr.data.build).toMatchObject({ status: "submitted", fasciaFile: { url: cdrUrl, name: "fascia.cdr" }, fasciaCheck: { kind: "cdr", manual: true } });
    const stored = await api.db.selectFrom("standard_builds").select("fascia_check").where("booth_id", "=", boothId).executeTakeFirstOrThrow();
    expect(stored.fascia_check).toEqual({ kind: "cdr", manual: true });
  });

  it("never lets a PNG named .jpg into the fascia folder: the upload's byte check refuses it", async () => {
    const { ticket } = await freshExhibitor();
    const signed = await api.call<{ key: string; fields: Record<string, string> }>("/oss/signature/getSignature", {
      ticket,
      query: { timesp: String(Date.now()), folder: "booth-fascia", fileName: "renamed.jpg" },
    });
    expect(signed.code).toBe(200);
    const upload = new FormData();
    for (const [k, v] of Object.entries(signed.data.fields)) upload.append(k, v);
    upload.append("file", new File([new Uint8Array(PNG)], "renamed.jpg"));
    expect((await fetch(`${api.baseUrl}/storage`, { method: "POST", body: upload })).status).toBe(200);
    const done = await api.call<Fields & { reason?: string }>("/oss/complete", { ticket, form: { key: signed.data.key, name: "renamed.jpg" } });
    expect(done.status).toBe(400);
    expect(done.data).toMatchObject({ reason: "type", fields: { file: ["uploads.typeMismatch"] } });
    // Named .png it is not even signed for this folder.
    const png = await api.call("/oss/signature/getSignature", { ticket, query: { timesp: String(Date.now()), folder: "booth-fascia", fileName: "art.png" } });
    expect(png.status).toBe(400);
  });

  // The storage host is the same whatever the database: once is enough for 60 MB.
  it.runIf(backend === backendsOf(import.meta.url)[0])("signs fascia uploads for 50 MB and refuses a 60 MB file at the storage host", async () => {
    const { ticket } = await freshExhibitor();
    const signed = await api.call<{ key: string; maxBytes: number; fields: Record<string, string> }>("/oss/signature/getSignature", {
      ticket,
      query: { timesp: String(Date.now()), folder: "booth-fascia", fileName: "huge.cdr" },
    });
    expect(signed.data.maxBytes).toBe(50 * 1024 * 1024);
    // The host answers before reading the rest: the client stops one byte past the 50 MB and waits for it.
    const refused = await postToStoragePartly(api, signed.data.fields, { size: 60 * 1024 * 1024, send: 50 * 1024 * 1024 + 1, name: "huge.cdr" });
    refused.drop();
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("EntityTooLarge");
    const done = await api.call("/oss/complete", { ticket, form: { key: signed.data.key, name: "huge.cdr" } });
    expect(done.status).not.toBe(200);
  });

  it("takes only the caller's own file from the fascia folder", async () => {
    const { boothId, ticket } = await freshExhibitor();
    const othersUrl = await uploadAs(api, raw01, "booth-fascia", "theirs.jpg", jpeg(2400, 950, 72));
    const others = await post("create", ticket, form(boothId, { fasciaMode: "custom", fasciaFileUrl: othersUrl }));
    expect(others.status).toBe(404);
    expect(others.data.fields).toEqual({ fasciaFileUrl: ["boothConstruction.errors.fileInvalid"] });
    const otherFolder = await uploadAs(api, ticket, "feedback", "screenshot.png");
    expect((await post("create", ticket, form(boothId, { fasciaMode: "custom", fasciaFileUrl: otherFolder }))).status).toBe(404);
    expect((await find(ticket, boothId)).data.build.id).toBeNull();
  });

  it("refuses raw space booths with the page's rule (403)", async () => {
    const raw = await api.db.selectFrom("booths").select("id").where("booth_no", "=", "2B10").executeTakeFirstOrThrow();
    const named = await find(raw01, raw.id);
    expect(named).toMatchObject({ status: 403, message: "Booth 2B10 is raw space: standard booth construction is for standard booths only" });
    expect((await find(raw01)).status).toBe(403);
    const created = await post("create", raw01, form(raw.id), "zh");
    expect(created.status).toBe(403);
    expect(created.message).toBe("展位 2B10 为特装（光地）展位：标摊搭建仅适用于标准展位");
    expect((await api.call("/smeb/boothBuild/carpetTime", { ticket: raw01, query: { boothId: String(raw.id) } })).status).toBe(403);
    expect(await api.db.selectFrom("standard_builds").select("id").where("booth_id", "=", raw.id).execute()).toEqual([]);
    // Without a session: 401; the organizer has no booth to build.
    expect((await api.call("/smeb/boothBuild/find")).status).toBe(401);
    expect(await find(admin)).toMatchObject({ status: 400, message: "There is no booth for this page" });
  });

  it("after the fascia deadline find says so and create and update are refused", async () => {
    const open = await freshExhibitor();
    const late = await freshExhibitor();
    expect((await post("create", open.ticket, form(open.boothId))).code).toBe(200);
    const deadline = testCalendar.schedule["fascia-submitted"];
    try {
      // The last second of the deadline day still counts.
      appClock.freezeAt(endOfExhibitionDay(deadline));
      expect((await post("update", open.ticket, form(open.boothId, { version: "0" }))).code).toBe(200);
      appClock.freezeAt(`${addDays(deadline, 1)}T09:00:00+08:00`);
      const closed = (await find(open.ticket, open.boothId)).data;
      expect(closed.window.closed).toBe(true);
      expect(closed.build.editable).toBe(false);
      expect((await find(late.ticket, late.boothId)).data.build).toMatchObject({ status: "new", editable: false });
      const update = await post("update", open.ticket, form(open.boothId, { version: "1" }));
      expect(update.status).toBe(409);
      expect(update.message).toMatch(/^The deadline for standard booth fascia and equipment \(\d{4}-\d{2}-\d{2} 23:59 \(UTC\+8\)\) has passed/);
      const create = await post("create", late.ticket, form(late.boothId), "zh");
      expect(create.status).toBe(409);
      expect(create.message).toContain(`${deadline} 23:59 (UTC+8)`);
      expect((await find(late.ticket, late.boothId)).data.build.id).toBeNull();
    } finally {
      resetTestClock();
    }
  });

  it("passes its IDOR probes against the API alone (the sweep runs them with the pages)", async () => {
    const booth = await api.db.selectFrom("booths").select("id").where("booth_no", "=", "1A01").executeTakeFirstOrThrow();
    const ctx = { api, a: std01, b: raw01, aBoothId: booth.id };
    for (const probe of new Set(Object.values(boothBuildSweep).map((entry) => entry.probe))) await probe(ctx);
  });
});
