import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idCardCheckChar } from "../../app/contracts/badges/id-documents";
import type { BadgeDetail, BadgeList, BadgeView } from "../../app/contracts/badges/api-types";
import { groupedBadgeCode, signBadgeCode, verifyBadgeCode } from "../../server/badges/badge-code";
import { appClock } from "../../server/clock";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { addDays, endOfExhibitionDay, resetTestClock, testCalendar } from "../support/test-clock";
import { newExhibitor } from "../support/new-exhibitor";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/** A valid mainland ID number whose first 17 digits end in `n` (unique per test). */
const idCard = (n: number) => {
  const first17 = `44030419900101${String(n).padStart(3, "0")}`;
  return `${first17}${idCardCheckChar(first17)}`;
};

describe.each(backendsOf(import.meta.url))("exhibitor badges (/smeb/pass/ticket) on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let raw01: string;
  let admin: string;
  beforeAll(async () => {
    api = await startTestApi(backend);
    [std01, raw01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026"), api.login("admin", "Admin#2026")]);
  });
  afterAll(() => api?.close());

  const badge = (n: number, extra: Record<string, string> = {}) => ({
    holderName: `测试${n}`,
    idType: "idCard",
    idNumber: idCard(n),
    mobile: `1390000${String(n).padStart(4, "0")}`,
    email: `badge${n}@example.com`,
    company: "深圳星河智能科技有限公司",
    position: "工程师",
    ...extra,
  });
  const save = (ticket: string, form: Record<string, string>, lang = "zh") => api.call<BadgeView>("/smeb/pass/ticket/save", { form, ticket, lang });
  const list = (ticket: string, query: Record<string, string> = {}) => api.call<BadgeList>("/smeb/pass/ticket/list", { ticket, query });

  it("lists the demo badges masked, with the quota of a 9 m² booth: 2 free used, 10 paid left", async () => {
    const result = await list(std01);
    expect(result.code).toBe(200);
    expect(result.data.rows.map((row) => row.holderName).sort()).toEqual(["Li Si", "张三"]);
    const zhang = result.data.rows.find((row) => row.holderName === "张三")!;
    expect(zhang.mobile).toBe("1380******1");
    expect(zhang.email).toBe(`zh${"*".repeat(12)}@galaxy-smart.example.com`);
    expect(zhang.idNumber).not.toContain("19491231");
    expect(result.data.quota).toMatchObject({ free: 2, applied: 2, freeLeft: 0, paidLeft: 10, remaining: 10, paidPriceCents: 8000 });
  });

  it("saves a badge past the free ones as paid, at the configured price", async () => {
    const { ticket, boothNo } = await newExhibitor(api);
    for (const n of [50, 51]) expect((await save(ticket, badge(n))).data).toMatchObject({ kind: "free", priceCents: 0 });
    const saved = await save(ticket, badge(1));
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({ holderName: "测试1", kind: "paid", priceCents: 8000, status: "submitted", boothNo });
    expect((await list(ticket)).data.quota).toMatchObject({ applied: 3, remaining: 9 });
  });

  it("refuses a wrong ID checksum, 19 digits and a 10-digit mobile, each at its field, in the caller's language", async () => {
    const wrong = idCard(2).slice(0, 17) + (idCard(2)[17] === "0" ? "1" : "0");
    const checksum = await save(std01, badge(2, { idNumber: wrong }), "en");
    expect(checksum).toMatchObject({ status: 400, message: "IDCard format is incorrect" });
    expect((checksum.data as unknown as { fields: Record<string, string[]> }).fields.idNumber).toEqual(["validation.idCard"]);
    expect((await save(std01, badge(2, { idNumber: `${idCard(2)}1` }))).status).toBe(400);
    const mobile = await save(std01, badge(2, { mobile: "1390000000" }), "zh");
    expect(mobile.status).toBe(400);
    expect((mobile.data as unknown as { fields: Record<string, string[]> }).fields.mobile).toEqual(["validation.correct|badges.fields.mobile"]);
  });

  it("takes an international mobile with its country code in English, not in the Chinese portal", async () => {
    const { ticket } = await newExhibitor(api);
    expect((await save(ticket, badge(3, { mobile: "+44 7700 900123" }), "zh")).status).toBe(400);
    expect((await save(ticket, badge(3, { mobile: "+44 7700 900123" }), "en")).code).toBe(200);
  });

  it("answers 'The {prop} already exists' for an ID number, mobile or e-mail already held in the exhibition", async () => {
    const sameId = await save(raw01, badge(4, { idNumber: "11010519491231002X" }), "en");
    expect(sameId).toMatchObject({ status: 409, message: "The ID number already exists" });
    const sameMobile = await save(raw01, badge(4, { mobile: "13800000011" }), "en");
    expect(sameMobile.message).toBe("The Mobile already exists");
    const sameEmail = await save(raw01, badge(4, { email: "ZHANGSAN.badge@galaxy-smart.example.com" }), "zh");
    expect(sameEmail.status).toBe(409);
  });

  it("lets only one of two concurrent saves of the same person in", async () => {
    const [a, b] = await Promise.all([save(raw01, badge(5)), save(raw01, badge(5, { idNumber: idCard(6) }))]);
    expect([a.code, b.code].sort()).toEqual([200, 409]);
  });

  it("refuses a badge past the maximum with a clear message and saves nothing", async () => {
    const exhibition = await api.db.selectFrom("users").select("exhibition_id").where("username", "=", "std01").executeTakeFirstOrThrow();
    await api.db.updateTable("badge_quota_rules").set({ paid_max: 1 }).where("exhibition_id", "=", exhibition.exhibition_id).execute();
    try {
      const { ticket } = await newExhibitor(api);
      for (const n of [52, 53, 54]) expect((await save(ticket, badge(n))).code).toBe(200);
      const refused = await save(ticket, badge(7), "en");
      expect(refused).toMatchObject({ status: 409, message: "No badges left: this booth has used its 2 free and 1 paid badges" });
      expect((await list(ticket)).data.total).toBe(3);
    } finally {
      await api.db.updateTable("badge_quota_rules").set({ paid_max: 10 }).where("exhibition_id", "=", exhibition.exhibition_id).execute();
    }
  });

  it("updates with the version read; an approved badge cannot be changed or deleted", async () => {
    const { ticket } = await newExhibitor(api);
    const created = (await save(ticket, badge(8))).data;
    const updated = await api.call<BadgeView>("/smeb/pass/ticket/update", {
      form: { ...badge(8, { position: "经理" }), id: String(created.id), version: String(created.version) },
      ticket,
    });
    expect(updated.data).toMatchObject({ position: "经理", version: created.version + 1 });
    const stale = await api.call("/smeb/pass/ticket/update", {
      form: { ...badge(8), id: String(created.id), version: String(created.version) },
      ticket,
    });
    expect(stale.status).toBe(409);
    const approved = (await list(std01, { keyword: "张三" })).data.rows[0]!;
    const locked = await api.call("/smeb/pass/ticket/update", {
      form: { ...badge(9), id: String(approved.id), version: String(approved.version) },
      ticket: std01,
      lang: "en",
    });
    expect(locked).toMatchObject({ status: 409, message: "An approved badge cannot be changed or deleted" });
    expect((await api.call("/smeb/pass/ticket/delete", { form: { id: String(approved.id) }, ticket: std01 })).status).toBe(409);
  });

  it("batch-deletes all ticked or none: one approved among them refuses the lot", async () => {
    const a = (await save(raw01, badge(10))).data;
    const b = (await save(raw01, badge(11))).data;
    const approved = (await list(std01, { keyword: "张三" })).data.rows[0]!;
    // raw01 naming std01's badge: like an unknown one, and nothing of raw01's is deleted either.
    expect((await api.call("/smeb/pass/ticket/batchDelete", { form: { ids: `${a.id},${approved.id}` }, ticket: raw01 })).status).toBe(404);
    expect((await api.call("/smeb/pass/ticket/info", { query: { id: String(a.id) }, ticket: raw01 })).code).toBe(200);
    const done = await api.call<{ deleted: number }>("/smeb/pass/ticket/batchDelete", { form: { ids: `${a.id},${b.id}` }, ticket: raw01 });
    expect(done.data.deleted).toBe(2);
    expect((await api.call("/smeb/pass/ticket/info", { query: { id: String(a.id) }, ticket: raw01 })).status).toBe(404);
    // A deleted badge frees its ID number.
    expect((await save(raw01, badge(10))).code).toBe(200);
  });

  it("searches and pages", async () => {
    const { ticket } = await newExhibitor(api);
    for (const n of [55, 56]) expect((await save(ticket, badge(n))).code).toBe(200);
    expect((await save(ticket, badge(57, { holderName: "王五" }))).code).toBe(200);
    const first = await list(ticket, { pageSize: "10", page: "1", keyword: "测试" });
    expect(first.data.rows.map((row) => row.holderName).sort()).toEqual(["测试55", "测试56"]);
    expect(first.data.total).toBe(2);
    const second = await list(ticket, { pageSize: "10", page: "2" });
    expect(second.data).toMatchObject({ rows: [], total: 3 });
    expect((await list(ticket, { pageSize: "7" })).status).toBe(400);
  });

  it("validates a mobile and an e-mail as the user types, naming only the caller's own badges", async () => {
    expect((await api.call("/smeb/pass/ticket/validateMobile", { query: { mobile: "13800000011" }, ticket: std01, lang: "en" })).message).toBe(
      "The Mobile already exists",
    );
    expect((await api.call("/smeb/pass/ticket/validateEmail", { query: { email: "LISI.badge@galaxy-smart.example.com" }, ticket: std01 })).status).toBe(409);
    expect((await api.call("/smeb/pass/ticket/validateMobile", { query: { mobile: "13911112222" }, ticket: raw01 })).code).toBe(200);
    // std01's holders are not raw01's business: the live check says nothing of them (the save refuses).
    expect((await api.call("/smeb/pass/ticket/validateMobile", { query: { mobile: "13800000011" }, ticket: raw01 })).code).toBe(200);
    expect((await api.call("/smeb/pass/ticket/validateEmail", { query: { email: "LISI.badge@galaxy-smart.example.com" }, ticket: raw01 })).code).toBe(200);
  });

  it("an account without a booth (the organizer) has nothing to apply for, and an empty list with no quota", async () => {
    expect(await save(admin, badge(12), "en")).toMatchObject({ status: 400, message: "There is no booth to apply for badges for" });
    const empty = await list(admin);
    expect(empty.code).toBe(200);
    expect(empty.data).toMatchObject({ rows: [], total: 0, quota: { remaining: 0 } });
  });

  it("after the badge deadline the list says so and every change is refused; the organizer is not held", async () => {
    const deadline = testCalendar.schedule["badges-applied"];
    appClock.freezeAt(endOfExhibitionDay(deadline));
    try {
      const open = await list(std01);
      expect(open.data.window).toMatchObject({ closed: false });
      expect(Date.parse(open.data.window.deadline!)).toBeGreaterThan(0);
      appClock.freezeAt(`${addDays(deadline, 1)}T12:00:00+08:00`);
      const closed = await list(std01);
      expect(closed.data.window.closed).toBe(true);
      const before = closed.data.total;
      const refused = await save(std01, badge(20), "en");
      expect(refused.status).toBe(409);
      expect(refused.message).toMatch(/^The badge deadline \(\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\+8\)\) has passed/);
      const li = closed.data.rows.find((row) => row.status !== "approved")!;
      expect((await api.call("/smeb/pass/ticket/delete", { form: { id: String(li.id) }, ticket: std01 })).status).toBe(409);
      expect((await api.call("/smeb/pass/ticket/batchDelete", { form: { ids: String(li.id) }, ticket: std01 })).status).toBe(409);
      expect(
        (await api.call("/smeb/pass/ticket/update", { form: { ...badge(21), id: String(li.id), version: String(li.version) }, ticket: std01 })).status,
      ).toBe(409);
      expect((await list(std01)).data.total).toBe(before);
      // The organizer's own calls are not held by the exhibitors' deadline (it has no booth: its own refusal).
      expect((await save(admin, badge(22), "en")).message).toBe("There is no booth to apply for badges for");
    } finally {
      resetTestClock();
    }
  });

  it("an edit with the masked ID number, mobile and e-mail left blank keeps them; another ID type needs a new number", async () => {
    const saved = await save(raw01, badge(30));
    expect(saved.code).toBe(200);
    const form = { ...badge(30), idNumber: "", mobile: "", email: " ", holderName: "改名", id: String(saved.data.id), version: String(saved.data.version) };
    const kept = await api.call<BadgeView>("/smeb/pass/ticket/update", { form, ticket: raw01 });
    expect(kept.code).toBe(200);
    expect(kept.data.holderName).toBe("改名");
    const row = await api.db.selectFrom("badges").select(["id_number", "mobile", "email"]).where("id", "=", saved.data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ id_number: idCard(30), mobile: badge(30).mobile, email: badge(30).email });
    const otherType = await api.call("/smeb/pass/ticket/update", {
      form: { ...form, idType: "passport", version: String(kept.data.version) },
      ticket: raw01,
      lang: "en",
    });
    expect(otherType.status).toBe(400);
    expect((otherType.data as unknown as { fields: Record<string, string[]> }).fields.idNumber).toEqual(["validation.required|badges.fields.idNumber"]);
  });

  it("info carries the signed code of the badge's QR, grouped for typing, and none for a returned badge", async () => {
    const saved = await save(raw01, badge(40));
    const info = await api.call<BadgeDetail>("/smeb/pass/ticket/info", { query: { id: String(saved.data.id) }, ticket: raw01 });
    const { code } = await api.db.selectFrom("badges").select("code").where("id", "=", saved.data.id).executeTakeFirstOrThrow();
    expect(info.data.badgeCode).toBe(groupedBadgeCode(signBadgeCode(code, api.sessionSecrets)));
    expect(verifyBadgeCode(info.data.badgeCode, api.sessionSecrets)).toBe(code);
    await api.db.updateTable("badges").set({ status: "returned" }).where("id", "=", saved.data.id).execute();
    expect((await api.call<BadgeDetail>("/smeb/pass/ticket/info", { query: { id: String(saved.data.id) }, ticket: raw01 })).data.badgeCode).toBeNull();
  });
});
