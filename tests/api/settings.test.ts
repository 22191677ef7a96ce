import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PermissionInfo } from "../../app/contracts/permission/api-types";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { PNG } from "../support/sample-files";
import { postPartly } from "../support/upload-client";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

type Envelope<T = unknown> = { status: number; code: number; message: string; data: T };

describe.each(backendsOf(import.meta.url))("settings API on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-settings-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Multipart POST to the API, as the web app's `upload` does. */
  async function upload<T = unknown>(pathname: string, form: FormData, ticket?: string, lang = "en"): Promise<Envelope<T>> {
    const headers: Record<string, string> = { "accept-language": lang };
    if (ticket) headers.ticket = ticket;
    const response = await fetch(`${api.baseUrl}/api${pathname}`, { method: "POST", headers, body: form });
    return { status: response.status, ...((await response.json()) as Omit<Envelope<T>, "status">) };
  }

  function feedbackForm(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    if (file) form.set("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/png" }), file.name);
    return form;
  }

  const feedbackCount = async () =>
    Number(
      (
        await api.db
          .selectFrom("feedback")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe("POST /smeb/feedback/save", () => {
    it("requires a session", async () => {
      const result = await api.call("/smeb/feedback/save", { form: { type: "1", content: "hi" } });
      expect(result.code).toBe(401);
    });

    it("refuses a missing type, missing content and content over 300 characters, with field messages", async () => {
      const ticket = await api.login("std01", "Expo#2026");
      const noType = await api.call<{ fields: Record<string, string[]> }>("/smeb/feedback/save", { ticket, form: { content: "hello" } });
      expect(noType).toMatchObject({ status: 400, code: 400, message: "Please choose the feedback type" });
      expect(noType.data.fields).toEqual({ type: ["settings.feedbackTypeRequired"] });

      const badType = await api.call("/smeb/feedback/save", { ticket, form: { type: "9", content: "hello" } });
      expect(badType.message).toBe("Please choose the feedback type");

      const noContent = await api.call("/smeb/feedback/save", { ticket, form: { type: "2", content: "   " } });
      expect(noContent).toMatchObject({ code: 400, message: "Please enter the feedback content" });
      const noContentZh = await api.call("/smeb/feedback/save", { ticket, form: { type: "2" }, lang: "zh-CN" });
      expect(noContentZh.message).toBe("请输入反馈内容");

      const tooLong = await api.call("/smeb/feedback/save", { ticket, form: { type: "2", content: "x".repeat(301) } });
      expect(tooLong).toMatchObject({ code: 400, message: "The content can be at most 300 characters" });
      // 300 characters, with CRLF line breaks counted as one, are fine.
      const atLimit = await api.call("/smeb/feedback/save", { ticket, form: { type: "2", content: `${"y".repeat(149)}\r\n${"z".repeat(150)}` } });
      expect(atLimit.code).toBe(200);
    });

    it("saves form-encoded feedback with 'feedback success' (zh: 反馈成功)", async () => {
      const ticket = await api.login("std01", "Expo#2026");
      const before = await feedbackCount();
      const result = await api.call<{ id: number; imgUrl: string | null }>("/smeb/feedback/save", {
        ticket,
        form: { type: "3", content: "The hotel page has a typo" },
      });
      expect(result).toMatchObject({ code: 200, message: "feedback success", data: { imgUrl: null } });
      const row = await api.db.selectFrom("feedback").selectAll().where("id", "=", result.data.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ type: 3, content: "The hotel page has a typo", img_url: null });
      expect(await feedbackCount()).toBe(before + 1);

      const zh = await upload("/smeb/feedback/save", feedbackForm({ type: "1", content: "页面打不开" }), ticket, "zh-CN");
      expect(zh).toMatchObject({ code: 200, message: "反馈成功" });
    });

    it("accepts a PNG (by its bytes) and stores it under DATA_DIR/uploads/stored/feedback/<user>/<yyyy-mm>/", async () => {
      const ticket = await api.login("std01", "Expo#2026");
      const result = await upload<{ id: number; imgUrl: string }>(
        "/smeb/feedback/save",
        feedbackForm({ type: "1", content: "Screenshot attached" }, { bytes: PNG, name: "screen.png" }),
        ticket,
      );
      expect(result).toMatchObject({ code: 200, message: "feedback success" });
      expect(result.data.imgUrl).toMatch(/^\/files\/[A-Za-z0-9_-]+$/);
      const id = result.data.imgUrl.slice("/files/".length);
      const stored = await api.db.selectFrom("stored_files").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ folder: "feedback", original_name: "screen.png", content_type: "image/png", size_bytes: PNG.length });
      expect(stored.storage_key).toMatch(new RegExp(`^stored/feedback/${stored.owner_user_id}/\\d{4}-\\d{2}/[0-9a-f]{16}-\\d{13}\\.png$`));
      expect(fs.readFileSync(path.join(dataDir, "uploads", stored.storage_key))).toEqual(PNG);
      const row = await api.db.selectFrom("feedback").selectAll().where("id", "=", result.data.id).executeTakeFirstOrThrow();
      expect(row.img_url).toBe(result.data.imgUrl);

      // A JPEG named .jpeg is fine too, and gets the type its bytes say.
      const jpeg = await upload<{ imgUrl: string }>(
        "/smeb/feedback/save",
        feedbackForm({ type: "2", content: "jpeg" }, { bytes: Buffer.concat([JPEG_HEAD, Buffer.alloc(200)]), name: "photo.jpeg", type: "image/jpeg" }),
        ticket,
      );
      expect(jpeg.code).toBe(200);
      const jpegRow = await api.db.selectFrom("stored_files").select("content_type").where("id", "=", jpeg.data.imgUrl.slice(7)).executeTakeFirstOrThrow();
      expect(jpegRow.content_type).toBe("image/jpeg");
    });

    it("refuses a text file renamed .png and an image over 5 MB, saving nothing", async () => {
      const ticket = await api.login("std01", "Expo#2026");
      const before = await feedbackCount();
      const filesBefore = (await api.db.selectFrom("stored_files").select("id").execute()).length;

      const fake = await upload<{ fields: Record<string, string[]> }>(
        "/smeb/feedback/save",
        feedbackForm({ type: "1", content: "fake" }, { bytes: Buffer.from("just some text, not an image\n"), name: "notes.png" }),
        ticket,
      );
      expect(fake).toMatchObject({ status: 400, code: 400, message: "Only jpg, jpeg and png images can be uploaded" });
      expect(fake.data.fields).toEqual({ file: ["settings.feedbackImageType"] });

      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
      const tooBig = await upload("/smeb/feedback/save", feedbackForm({ type: "1", content: "big" }, { bytes: big, name: "big.png" }), ticket);
      expect(tooBig).toMatchObject({ code: 400, message: "The image is larger than 5 MB" });

      // Bodies over 6 MB are not read at all: the answer comes from the headers alone, before a byte of the body is sent.
      const hugeForm = new Request("http://local/", {
        method: "POST",
        body: feedbackForm({ type: "1", content: "huge" }, { bytes: Buffer.alloc(7 * 1024 * 1024, 1), name: "huge.png" }),
      });
      const huge = await postPartly(
        `${api.baseUrl}/api/smeb/feedback/save`,
        { ticket, "accept-language": "en", "content-type": hugeForm.headers.get("content-type")! },
        (await hugeForm.arrayBuffer()).byteLength,
        [],
      );
      huge.drop();
      expect(huge.status).toBe(413);
      expect(JSON.parse(huge.body)).toMatchObject({ code: 413, message: "The image is larger than 5 MB" });
      expect(huge.headers.connection).toBe("close");

      // Validation comes first: an invalid form stores no file.
      const invalid = await upload("/smeb/feedback/save", feedbackForm({ type: "", content: "x" }, { bytes: PNG, name: "a.png" }), ticket);
      expect(invalid.code).toBe(400);

      expect(await feedbackCount()).toBe(before);
      expect((await api.db.selectFrom("stored_files").select("id").execute()).length).toBe(filesBefore);
    });

    it("accepts an imgUrl only for one of the caller's own files", async () => {
      const owner = await api.login("std01", "Expo#2026");
      const saved = await upload<{ imgUrl: string }>(
        "/smeb/feedback/save",
        feedbackForm({ type: "1", content: "first" }, { bytes: PNG, name: "a.png" }),
        owner,
      );
      const again = await api.call<{ imgUrl: string }>("/smeb/feedback/save", {
        ticket: owner,
        form: { type: "4", content: "again", imgUrl: saved.data.imgUrl },
      });
      expect(again).toMatchObject({ code: 200, data: { imgUrl: saved.data.imgUrl } });

      const other = await api.login("raw01", "Expo#2026");
      const stolen = await api.call("/smeb/feedback/save", { ticket: other, form: { type: "4", content: "mine?", imgUrl: saved.data.imgUrl } });
      expect(stolen).toMatchObject({ code: 404, message: "The image could not be found, please upload it again" });
      const external = await api.call("/smeb/feedback/save", { ticket: other, form: { type: "4", content: "x", imgUrl: "https://evil.example/a.png" } });
      expect(external.code).toBe(400);
    });
  });

  describe("GET /files/:id", () => {
    it("serves a file to its owner and to roleId 1 only; 404 for others", async () => {
      const owner = await api.login("std01", "Expo#2026");
      const saved = await upload<{ imgUrl: string }>(
        "/smeb/feedback/save",
        feedbackForm({ type: "1", content: "file" }, { bytes: PNG, name: "截图 1.png" }),
        owner,
      );
      const url = `${api.baseUrl}${saved.data.imgUrl}`;

      const mine = await fetch(url, { headers: { ticket: owner } });
      expect(mine.status).toBe(200);
      expect(mine.headers.get("content-type")).toBe("image/png");
      expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
      expect(mine.headers.get("content-disposition")).toBe(`inline; filename*=UTF-8''${encodeURIComponent("截图 1.png")}`);
      expect(Buffer.from(await mine.arrayBuffer())).toEqual(PNG);

      const admin = await fetch(url, { headers: { ticket: await api.login("admin", "Admin#2026") } });
      expect(admin.status).toBe(200);

      const other = await fetch(url, { headers: { ticket: await api.login("raw01", "Expo#2026") } });
      expect(other.status).toBe(404);
      const anonymous = await fetch(url);
      expect(anonymous.status).toBe(404);
      const unknown = await fetch(`${api.baseUrl}/files/doesnotexist`, { headers: { ticket: owner } });
      expect(unknown.status).toBe(404);
    });

    it("recognises the portal's signed ticket cookie (browsers)", async () => {
      const owner = await api.login("std01", "Expo#2026");
      const saved = await upload<{ imgUrl: string }>(
        "/smeb/feedback/save",
        feedbackForm({ type: "1", content: "cookie" }, { bytes: PNG, name: "c.png" }),
        owner,
      );
      const secrets = api.sessionSecrets;
      const cookie = (await createCookie("ticket", { secrets }).serialize(owner)).split(";")[0]!;
      const viaCookie = await fetch(`${api.baseUrl}${saved.data.imgUrl}`, { headers: { cookie } });
      expect(viaCookie.status).toBe(200);
      // A signature of the right shape but wrong, and one that is not even base64: both no session.
      const [name, value] = cookie.split("=") as [string, string];
      const signed = decodeURIComponent(value);
      const unsigned = signed.slice(0, signed.lastIndexOf("."));
      for (const signature of ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "%%not*base64"]) {
        const forged = await fetch(`${api.baseUrl}${saved.data.imgUrl}`, { headers: { cookie: `${name}=${encodeURIComponent(`${unsigned}.${signature}`)}` } });
        expect(forged.status).toBe(404);
      }
    });
  });

  describe("skin", () => {
    it("has no skin at first, stores a chosen one per user, and refuses an invalid one", async () => {
      const ticket = await api.login("std01", "Expo#2026");
      const initial = await api.call("/smeb/user/skin", { ticket });
      expect(initial).toMatchObject({ code: 200, data: { skin: null, skins: ["skin1", "skin2", "skin3"] } });

      const set = await api.call("/smeb/user/skin", { ticket, form: { skin: "skin2" } });
      expect(set).toMatchObject({ code: 200, message: "skin change success", data: { skin: "skin2" } });
      expect((await api.call("/smeb/user/skin", { ticket })).data).toMatchObject({ skin: "skin2" });
      const zh = await api.call("/smeb/user/skin", { ticket, json: { skin: "skin3" }, lang: "zh-CN" });
      expect(zh).toMatchObject({ code: 200, message: "换肤成功" });
      expect((await api.call("/smeb/user/skin", { ticket })).data).toMatchObject({ skin: "skin3" });

      const invalid = await api.call("/smeb/user/skin", { ticket, form: { skin: "skin9" } });
      expect(invalid).toMatchObject({ code: 400, message: "Please choose a skin" });
      const missing = await api.call("/smeb/user/skin", { ticket, form: {}, method: "POST" });
      expect(missing).toMatchObject({ code: 400, message: "Please choose a skin" });
      expect((await api.call("/smeb/user/skin", { ticket })).data).toMatchObject({ skin: "skin3" });

      // Another user's choice is separate.
      const other = await api.call("/smeb/user/skin", { ticket: await api.login("raw01", "Expo#2026") });
      expect(other.data).toMatchObject({ skin: null });
      expect((await api.call("/smeb/user/skin", {})).code).toBe(401);
    });
  });

  describe("POST /smeb/user/switchBooth", () => {
    it("lets raw01 switch to its second booth; permission info then shows 2B12", async () => {
      const ticket = await api.login("raw01", "Expo#2026");
      const before = (await api.call<PermissionInfo>("/smeb/permission/getInfo", { ticket })).data.infoVO;
      expect(before.boothNo).toBe("2B10");
      const second = before.booths.find((b) => b.boothNo === "2B12")!;
      const result = await api.call("/smeb/user/switchBooth", { ticket, form: { boothId: String(second.boothId) } });
      expect(result).toMatchObject({ code: 200, message: "Booth switched", data: { boothId: second.boothId, boothNo: "2B12" } });
      const after = (await api.call<PermissionInfo>("/smeb/permission/getInfo", { ticket })).data.infoVO;
      expect(after).toMatchObject({ boothId: second.boothId, boothNo: "2B12", boothArea: 36 });

      // Per session: another sign-in of the same user starts on the first booth.
      const fresh = await api.login("raw01", "Expo#2026");
      expect((await api.call<PermissionInfo>("/smeb/permission/getInfo", { ticket: fresh })).data.infoVO.boothNo).toBe("2B10");
    });

    it("refuses another user's booth with 403 and a bad id with 400", async () => {
      const raw = await api.login("raw01", "Expo#2026");
      const rawBooth = (await api.call<PermissionInfo>("/smeb/permission/getInfo", { ticket: raw })).data.infoVO.booths[0]!;
      const std = await api.login("std01", "Expo#2026");
      const refused = await api.call("/smeb/user/switchBooth", { ticket: std, form: { boothId: String(rawBooth.boothId) } });
      expect(refused).toMatchObject({ status: 403, code: 403, message: "Insufficient permissions" });
      expect((await api.call<PermissionInfo>("/smeb/permission/getInfo", { ticket: std })).data.infoVO.boothNo).toBe("1A01");

      const bad = await api.call("/smeb/user/switchBooth", { ticket: std, form: { boothId: "abc" } });
      expect(bad).toMatchObject({ code: 400, message: "Please choose a booth" });
      expect((await api.call("/smeb/user/switchBooth", { form: { boothId: "1" } })).code).toBe(401);
    });
  });

  describe("GET /wx/getContactWay", () => {
    it("returns the code as an SVG data URI and two tips in the caller's language", async () => {
      const ticket = await api.login("std01", "Expo#2026");
      const en = await api.call<{ qrCode: string; tips: string[] }>("/wx/getContactWay", { ticket });
      expect(en.code).toBe(200);
      expect(en.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(en.data.qrCode.split(",")[1]!, "base64").toString()).toContain("<svg");
      expect(en.data.tips).toHaveLength(2);
      expect(en.data.tips[0]).toMatch(/marketing manager/);

      const zh = await api.call<{ qrCode: string; tips: string[] }>("/wx/getContactWay", { ticket, lang: "zh-CN,zh;q=0.9" });
      expect(zh.data.tips).toHaveLength(2);
      for (const tip of zh.data.tips) expect(tip).toMatch(/[\u4e00-\u9fff]/);
      expect(zh.data.qrCode).toBe(en.data.qrCode);

      expect((await api.call("/wx/getContactWay")).code).toBe(401);
    });
  });
});
