import crypto from "node:crypto";
import { PDFArray, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BadgeView } from "../../app/contracts/badges/api-types";
import type { BadgeCheckIn } from "../../app/contracts/badges/check-in-types";
import { idCardCheckChar } from "../../app/contracts/badges/id-documents";
import { groupedBadgeCode, signBadgeCode } from "../../server/badges/badge-code";
import { exhibitorArrival } from "../../server/badges/check-in";
import { PNG } from "../support/sample-files";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { insertStoredFile } from "../support/stored-files";
import { newExhibitor } from "../support/new-exhibitor";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const idCard = (n: number) => {
  const first17 = `44030419900102${String(n).padStart(3, "0")}`;
  return `${first17}${idCardCheckChar(first17)}`;
};

/** Each page's content streams, decoded, as text (the Courier code line is a hex string in them). */
function pageContents(doc: PDFDocument) {
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    return streams
      .map((stream) => Buffer.from(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : new Uint8Array()).toString("latin1"))
      .join("\n");
  });
}
const hexOf = (text: string) => Buffer.from(text, "latin1").toString("hex").toUpperCase();
const imageCount = (doc: PDFDocument) =>
  doc.context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image")).length;

describe.each(backendsOf(import.meta.url))("printable badges and check-in on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let raw01: string;
  let admin: string;
  let secrets: string[];
  let users: Record<"std01" | "raw01", number>;
  beforeAll(async () => {
    api = await startTestApi(backend);
    [std01, raw01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026"), api.login("admin", "Admin#2026")]);
    secrets = api.sessionSecrets;
    const rows = await api.db.selectFrom("users").select(["id", "username"]).where("username", "in", ["std01", "raw01"]).execute();
    users = Object.fromEntries(rows.map((row) => [row.username, row.id])) as typeof users;
  });
  afterAll(() => api?.close());

  const badge = (n: number, extra: Record<string, string> = {}) => ({
    holderName: `打印${n}`,
    idType: "idCard",
    idNumber: idCard(n),
    mobile: `1370000${String(n).padStart(4, "0")}`,
    email: `print${n}@example.com`,
    company: "深圳星河智能科技有限公司",
    ...extra,
  });
  const save = async (ticket: string, n: number, extra: Record<string, string> = {}) => {
    const saved = await api.call<BadgeView>("/smeb/pass/ticket/save", { form: badge(n, extra), ticket });
    expect(saved.code, saved.message).toBe(200);
    return saved.data;
  };
  const print = async (ticket: string, query: Record<string, string> = {}, lang = "en") => {
    const response = await fetch(`${api.baseUrl}/api/smeb/pass/ticket/print?${new URLSearchParams(query)}`, { headers: { ticket, "accept-language": lang } });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, bytes, json: () => JSON.parse(bytes.toString("utf8")) as { code: number; message: string } };
  };
  const checkIn = (ticket: string, code: string, lang = "en") => api.call<BadgeCheckIn>("/smeb/pass/ticket/checkIn", { form: { code }, ticket, lang });
  const badgeRow = (id: number) => api.db.selectFrom("badges").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const demoBadge = (holder: string) => api.db.selectFrom("badges").selectAll().where("holder_name", "=", holder).executeTakeFirstOrThrow();
  const signedOf = async (id: number) => signBadgeCode((await badgeRow(id)).code, secrets);
  const printable = async (userId: number) =>
    api.db
      .selectFrom("badges")
      .selectAll()
      .where("user_id", "=", userId)
      .where("deleted_at", "is", null)
      .where("status", "!=", "returned")
      .orderBy("id")
      .execute();

  it("prints all the caller's badges, one A6 page each, each with its signed code, as a download named in the caller's language", async () => {
    // An exhibitor of its own: its badges are the three saved here.
    const exhibitor = await newExhibitor(api);
    for (const n of [1, 2, 3]) await save(exhibitor.ticket, n);
    const own = await printable(exhibitor.userId);
    expect(own.length).toBe(3);
    const result = await print(exhibitor.ticket, {}, "zh");
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("application/pdf");
    expect(result.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("展商证件.pdf")}`);
    expect(result.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(result.bytes);
    expect(doc.getPageCount()).toBe(own.length);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([298, 420]);
    const pages = pageContents(doc);
    own.forEach((row, index) => {
      expect(pages[index], row.holder_name).toContain(hexOf(groupedBadgeCode(signBadgeCode(row.code, secrets))));
    });
    // No photos yet: only the empty boxes, no image.
    expect(imageCount(doc)).toBe(0);
    expect((await print(exhibitor.ticket, {}, "en")).headers.get("content-disposition")).toContain("filename*=UTF-8''badges.pdf");
  });

  it("prints four badges per A4 sheet, and the same badges give the same bytes", async () => {
    // Five badges of its own: a full sheet and a second one.
    const exhibitor = await newExhibitor(api);
    for (const n of [12, 13, 14, 15, 16]) await save(exhibitor.ticket, n);
    const own = await printable(exhibitor.userId);
    expect(own.length).toBe(5);
    const sheet = await print(exhibitor.ticket, { layout: "sheet" });
    expect(sheet.status).toBe(200);
    const doc = await PDFDocument.load(sheet.bytes);
    expect(doc.getPageCount()).toBe(Math.ceil(own.length / 4));
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    const text = pageContents(doc).join("\n");
    for (const row of own) expect(text).toContain(hexOf(groupedBadgeCode(signBadgeCode(row.code, secrets))));
    expect((await print(exhibitor.ticket, { layout: "sheet" })).bytes.equals(sheet.bytes)).toBe(true);
  });

  it("prints only the badges named, in the order named", async () => {
    const zhang = await demoBadge("张三");
    const liSi = await demoBadge("Li Si");
    const result = await print(std01, { ids: `${liSi.id},${zhang.id},${liSi.id}` });
    const pages = pageContents(await PDFDocument.load(result.bytes));
    expect(pages.length).toBe(2);
    expect(pages[0]).toContain(hexOf(groupedBadgeCode(signBadgeCode(liSi.code, secrets))));
    expect(pages[1]).toContain(hexOf(groupedBadgeCode(signBadgeCode(zhang.code, secrets))));
    expect(pages[0]).not.toContain(hexOf(groupedBadgeCode(signBadgeCode(zhang.code, secrets))));
  });

  it("answers another exhibitor's badge like an unknown one (404, no PDF), also among the caller's own", async () => {
    const wang = await demoBadge("王五");
    const zhang = await demoBadge("张三");
    for (const ids of [`${wang.id}`, `${zhang.id},${wang.id}`, "999999"]) {
      const result = await print(std01, { ids });
      expect(result.status, ids).toBe(404);
      expect(result.headers.get("content-type")).toContain("application/json");
      expect(result.bytes.includes("%PDF")).toBe(false);
    }
  });

  it("refuses a returned badge named with its own message, and leaves it out of 'print all'", async () => {
    const created = await save(std01, 4);
    await api.db.updateTable("badges").set({ status: "returned" }).where("id", "=", created.id).execute();
    const refused = await print(std01, { ids: String(created.id) });
    expect(refused.status).toBe(409);
    expect(refused.json().message).toBe("The badge of 打印4 was returned and cannot be printed; change it and submit it again");
    const all = await print(std01);
    expect((await PDFDocument.load(all.bytes)).getPageCount()).toBe((await printable(users.std01)).length);
    expect(pageContents(await PDFDocument.load(all.bytes)).join("")).not.toContain(
      hexOf(groupedBadgeCode(signBadgeCode((await badgeRow(created.id)).code, secrets))),
    );
  });

  it("lets the organizer print any badge of the exhibition by id; without ids there is nothing of its own", async () => {
    const wang = await demoBadge("王五");
    const zhang = await demoBadge("张三");
    const result = await print(admin, { ids: `${wang.id},${zhang.id}`, layout: "sheet" });
    expect(result.status).toBe(200);
    expect((await PDFDocument.load(result.bytes)).getPageCount()).toBe(1);
    const none = await print(admin);
    expect(none.status).toBe(400);
    expect(none.json().message).toBe("There are no badges to print");
  });

  it("refuses bad input: an unknown layout, ids that are not ids, more than 200", async () => {
    expect((await print(std01, { layout: "poster" })).status).toBe(400);
    expect((await print(std01, { ids: "1,abc" })).status).toBe(400);
    expect((await print(std01, { ids: "-3" })).status).toBe(400);
    expect((await print(std01, { ids: Array.from({ length: 201 }, (_, i) => i + 1).join(",") })).status).toBe(400);
  });

  it("embeds a badge's photo, and prints an empty box for a photo whose file is gone", async () => {
    const signed = await api.call<{ key: string; host: string; fields: Record<string, string> }>("/oss/signature/getSignature", {
      query: { timesp: String(Date.now()), folder: "icon", fileName: "me.png" },
      ticket: raw01,
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(signed.data.fields)) form.append(name, value);
    form.append("file", new File([new Uint8Array(PNG)], "me.png"));
    expect((await fetch(`${api.baseUrl}/storage`, { method: "POST", body: form })).status).toBe(200);
    const file = await api.call<{ url: string }>("/oss/complete", { form: { key: signed.data.key, name: "me.png" }, ticket: raw01 });
    const withPhoto = await save(raw01, 5, { photoUrl: file.data.url, company: "Yuanhang Tech" });
    const printed = await PDFDocument.load((await print(raw01, { ids: String(withPhoto.id) })).bytes);
    expect(imageCount(printed)).toBe(1);

    const gone = await save(raw01, 6);
    const { id: fileId } = await insertStoredFile(api.db, {
      ownerUserId: users.raw01,
      folder: "icon",
      name: "gone.png",
      storageKey: "stored/icon/none/gone.png",
    });
    await api.db.updateTable("badges").set({ photo_file_id: fileId }).where("id", "=", gone.id).execute();
    const result = await print(raw01, { ids: `${gone.id},${withPhoto.id}` });
    expect(result.status).toBe(200);
    expect(imageCount(await PDFDocument.load(result.bytes))).toBe(1);
  });

  it("shows a badge's QR code to its owner and the organizer only", async () => {
    const zhang = await demoBadge("张三");
    const qr = (ticket: string) => fetch(`${api.baseUrl}/api/smeb/pass/ticket/qr?id=${zhang.id}`, { headers: { ticket } });
    const own = await qr(std01);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(
      Buffer.from(await own.arrayBuffer())
        .subarray(1, 4)
        .toString("latin1"),
    ).toBe("PNG");
    expect((await qr(admin)).status).toBe(200);
    expect((await qr(raw01)).status).toBe(404);
  });

  it("checks a badge in once: the first scan marks the badge and its exhibitor arrived, a second says when", async () => {
    const zhang = await demoBadge("张三");
    expect(await exhibitorArrival(api.db, zhang.exhibition_id, users.std01)).toBeNull();
    const first = await checkIn(admin, await signedOf(zhang.id), "zh");
    expect(first.code, first.message).toBe(200);
    expect(first.data).toMatchObject({
      alreadyCheckedIn: false,
      badge: { id: zhang.id, holderName: "张三", boothNo: "1A01", kind: "free", status: "approved", photoUrl: null },
    });
    expect(first.data.exhibitor.name.length).toBeGreaterThan(0);
    expect(first.data.exhibitor.arrivedAt).toBe(first.data.checkedInAt);
    expect((await badgeRow(zhang.id)).checked_in_at?.toISOString()).toBe(first.data.checkedInAt);
    const arrival = await exhibitorArrival(api.db, zhang.exhibition_id, users.std01);
    expect(arrival).toEqual({ arrivedAt: first.data.checkedInAt, firstBadgeId: zhang.id });
    // The exhibitor's own list says it has arrived (docs/product.md § Areas: attendance arrived or not).
    expect((await api.call<{ arrivedAt: string | null }>("/smeb/pass/ticket/list", { ticket: std01 })).data.arrivedAt).toBe(first.data.checkedInAt);
    expect((await api.call<{ arrivedAt: string | null }>("/smeb/pass/ticket/list", { ticket: raw01 })).data.arrivedAt).toBeNull();

    // Typed from the print: in groups, with a line end.
    const again = await checkIn(admin, `${groupedBadgeCode(await signedOf(zhang.id))}\n`);
    expect(again.data).toMatchObject({ alreadyCheckedIn: true, checkedInAt: first.data.checkedInAt });
    const events = await api.db
      .selectFrom("badge_events")
      .select("action")
      .where("badge_id", "=", zhang.id)
      .where("action", "like", "checkedIn%")
      .orderBy("id")
      .execute();
    expect(events.map((e) => e.action)).toEqual(["checkedIn", "checkedInAgain"]);

    // A submitted badge gets in with its status shown; the exhibitor's arrival stays the first one.
    const liSi = await demoBadge("Li Si");
    const submitted = await checkIn(admin, await signedOf(liSi.id));
    expect(submitted.data).toMatchObject({ alreadyCheckedIn: false, badge: { status: "submitted" }, exhibitor: { arrivedAt: first.data.checkedInAt } });
    expect(await exhibitorArrival(api.db, zhang.exhibition_id, users.std01)).toEqual(arrival);
  });

  it("refuses a forged code, a code of no badge, another exhibition's badge, text that is no code", async () => {
    const wang = await demoBadge("王五");
    const signed = await signedOf(wang.id);
    const flipped = signed.slice(0, -3) + (signed.at(-3) === "A" ? "B" : "A") + signed.slice(-2);
    for (const code of [
      flipped,
      signBadgeCode(crypto.randomBytes(16).toString("base64url"), secrets),
      signBadgeCode(wang.code, ["not-our-secret-0123456789"]),
      "hello",
      wang.code,
    ]) {
      const refused = await checkIn(admin, code);
      expect(refused, code).toMatchObject({ status: 400, message: "This is not a valid badge code" });
    }
    const other = await api.db
      .insertInto("exhibitions")
      .values({
        code: "OTHER-2027",
        name_zh: "另一个展会",
        name_en: "Another fair",
        starts_on: "2027-05-01",
        ends_on: "2027-05-03",
        venue_zh: "某地",
        venue_en: "Somewhere",
        is_current: false,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const moved = await save(raw01, 7);
    await api.db.updateTable("badges").set({ exhibition_id: other.id }).where("id", "=", moved.id).execute();
    expect((await checkIn(admin, await signedOf(moved.id))).status).toBe(400);
    expect((await badgeRow(moved.id)).checked_in_at).toBeNull();
    expect((await badgeRow(wang.id)).checked_in_at).toBeNull();
    expect((await checkIn(admin, "")).status).toBe(400);
    expect((await checkIn(admin, "x".repeat(101))).status).toBe(400);
  });

  it("refuses a deleted badge's code and a returned one's, each with its own message", async () => {
    const deleted = await save(raw01, 8);
    expect((await api.call("/smeb/pass/ticket/delete", { form: { id: String(deleted.id) }, ticket: raw01 })).code).toBe(200);
    expect(await checkIn(admin, await signedOf(deleted.id))).toMatchObject({ status: 409, message: "This badge has been deleted and is no longer valid" });
    const returned = await save(raw01, 9);
    await api.db.updateTable("badges").set({ status: "returned" }).where("id", "=", returned.id).execute();
    expect(await checkIn(admin, await signedOf(returned.id), "zh")).toMatchObject({ status: 409, message: "该证件已被主办方退回，无效" });
    expect((await badgeRow(deleted.id)).checked_in_at).toBeNull();
    expect((await badgeRow(returned.id)).checked_in_at).toBeNull();
  });

  it("is the organizer's: an exhibitor scanning a valid code gets 403 and changes nothing", async () => {
    const created = await save(std01, 10);
    const refused = await checkIn(std01, await signedOf(created.id));
    expect(refused).toMatchObject({ status: 403, message: "Insufficient permissions" });
    expect((await badgeRow(created.id)).checked_in_at).toBeNull();
  });

  it("lets exactly one of two scans at once be the first", async () => {
    // An exhibitor of its own, that has not arrived yet (raw01 stays not arrived for the test above).
    const exhibitor = await newExhibitor(api);
    const created = await save(exhibitor.ticket, 11);
    const code = await signedOf(created.id);
    const results = await Promise.all([checkIn(admin, code), checkIn(admin, code)]);
    expect(results.map((r) => r.code)).toEqual([200, 200]);
    expect(results.map((r) => r.data.alreadyCheckedIn).sort()).toEqual([false, true]);
    expect(results[0]!.data.checkedInAt).toBe(results[1]!.data.checkedInAt);
    const arrival = await exhibitorArrival(api.db, (await badgeRow(created.id)).exhibition_id, exhibitor.userId);
    expect(arrival?.firstBadgeId).toBe(created.id);
  });
});
