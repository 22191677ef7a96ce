import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createObjectStore } from "../../server/uploads";
import { grantFile } from "../../server/uploads/files";
import { signUploadPolicy } from "../../server/uploads/upload-policy";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { PNG } from "../support/sample-files";
import { until } from "../support/until";
import { completeUpload, postToStorage, postToStoragePartly, signUpload } from "../support/upload-client";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);
const HTML = Buffer.from("<!DOCTYPE html><html><head><title>x</title></head><body><script>alert(document.cookie)</script></body></html>\n");

const MB = 1024 * 1024;
const SPEC_FIELDS = ["key", "policy", "OSSAccessKeyId", "success_action_status", "signature"];
const KEY_FORMAT = (folder: string, userId: number, ext: string) => new RegExp(`^${folder}/${userId}/\\d{4}-\\d{2}/[0-9a-f]{16}-\\d{13}\\.${ext}$`);

describe.each(backendsOf(import.meta.url))("uploads (signature, storage host, complete, /files) on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let std: string;
  let raw: string;
  let admin: string;
  let stdId: number;
  let rawId: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-uploads-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir });
    [std, raw, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026"), api.login("admin", "Admin#2026")]);
    const users = await api.db.selectFrom("users").select(["id", "username"]).where("username", "in", ["std01", "raw01"]).execute();
    stdId = users.find((u) => u.username === "std01")!.id;
    rawId = users.find((u) => u.username === "raw01")!.id;
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const fileOfKey = (key: string) => path.join(dataDir, "uploads", ...key.split("/"));
  /** Every file under the directory a key lives in whose name starts with the key's name (the object and any .part of it). */
  const leftovers = (key: string) => {
    const file = fileOfKey(key);
    const dir = path.dirname(file);
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith(path.basename(file))) : [];
  };

  const sign = (ticket: string | undefined, query: Record<string, string>) => signUpload(api, ticket, query);

  async function signOk(ticket: string, fileName = "a.png", folder = "feedback", extra: Record<string, string> = {}) {
    const result = await sign(ticket, { folder, fileName, ...extra });
    expect(result.code, result.message).toBe(200);
    return result.data;
  }

  const post = (fields: Record<string, string>, file?: { bytes: Buffer; name?: string; type?: string }, headers: Record<string, string> = {}) =>
    postToStorage(api, fields, file, headers);
  const complete = (ticket: string, key: string, name = "file.png", extra: Record<string, string> = {}) => completeUpload(api, ticket, key, name, extra);

  /** Sign, upload and complete: a stored file of the caller's. */
  async function uploadFile(ticket: string, bytes: Buffer, name: string) {
    const signature = await signOk(ticket, name);
    expect((await post(signature.fields, { bytes, name })).status).toBe(200);
    const done = await complete(ticket, signature.key, name);
    expect(done.code, done.message).toBe(200);
    return { signature, file: done.data };
  }

  describe("GET /oss/signature/getSignature", () => {
    it("answers a server-made key and the spec's signed form fields", async () => {
      const before = Math.floor(Date.now() / 1000);
      const result = await sign(std, { folder: "feedback", fileName: "a.png" });
      expect(result).toMatchObject({ status: 200, code: 200 });
      const data = result.data;
      expect(data.key).toMatch(KEY_FORMAT("feedback", stdId, "png"));
      const month = new Date().toISOString().slice(0, 7);
      expect(data.key.split("/")[2]).toBe(month);
      expect(data.host).toBe("/storage");
      expect(Object.keys(data.fields)).toEqual(SPEC_FIELDS);
      expect(data.fields).toEqual({
        key: data.key,
        policy: data.policy,
        OSSAccessKeyId: data.OSSAccessKeyId,
        success_action_status: "200",
        signature: data.signature,
      });
      expect(data.policy).toBeTruthy();
      expect(data.signature).toBeTruthy();
      expect(data.OSSAccessKeyId).toMatch(/^local-/);
      expect(data.maxBytes).toBe(5 * MB);
      expect(data.expire).toBeGreaterThan(before);
      const policy = JSON.parse(Buffer.from(data.policy, "base64").toString()) as { expiration: string; conditions: unknown[] };
      expect(policy.conditions).toEqual([
        ["starts-with", "$key", `feedback/${stdId}/`],
        ["content-length-range", 1, 5 * MB],
        { success_action_status: "200" },
        ["eq", "$key", data.key],
      ]);
      expect(Math.floor(new Date(policy.expiration).getTime() / 1000)).toBe(data.expire);

      // Every call makes a new key.
      const again = await signOk(std);
      expect(again.key).not.toBe(data.key);
    });

    it("needs a session", async () => {
      const result = await sign(undefined, { folder: "feedback", fileName: "a.png" });
      expect(result).toMatchObject({ status: 401, code: 401, data: null });
      const forged = await sign("not-a-ticket", { folder: "feedback", fileName: "a.png" });
      expect(forged.code).toBe(401);
    });

    it("refuses an unknown folder, a missing name and a bad timesp", async () => {
      const folder = await sign(std, { folder: "etc", fileName: "a.png" });
      expect(folder).toMatchObject({ status: 400, code: 400, message: "This upload is not allowed" });
      const traversal = await sign(std, { folder: "../feedback", fileName: "a.png" });
      expect(traversal.code).toBe(400);
      const noName = await sign(std, { folder: "feedback", fileName: "  " });
      expect(noName).toMatchObject({ code: 400, message: "The file needs a name" });
      const timesp = await api.call("/oss/signature/getSignature", { ticket: std, query: { timesp: "abc", folder: "feedback", fileName: "a.png" } });
      expect(timesp.code).toBe(400);
    });

    it("refuses a name whose extension the folder (or the use's narrower kinds) does not allow", async () => {
      const exe = await sign(std, { folder: "feedback", fileName: "a.exe" });
      expect(exe).toMatchObject({
        status: 400,
        code: 400,
        message: "Only jpg, jpeg, png, gif files can be uploaded",
        data: { fields: { file: ["uploads.typeNotAllowed"] } },
      });
      const pdfInFeedback = await sign(std, { folder: "feedback", fileName: "a.pdf" });
      expect(pdfInFeedback.code).toBe(400);
      const narrowed = await sign(std, { folder: "test", fileName: "a.png", kinds: "pdf" });
      expect(narrowed).toMatchObject({ code: 400, message: "Only pdf files can be uploaded" });
      const allowed = await signOk(std, "A.PDF", "test", { kinds: "pdf" });
      expect(allowed.key).toMatch(KEY_FORMAT("test", stdId, "pdf"));
      // A use cannot widen the folder's kinds: mp4 in feedback stays refused.
      const widened = await sign(std, { folder: "feedback", fileName: "a.mp4", kinds: "mp4" });
      expect(widened.code).toBe(400);
      const badKind = await sign(std, { folder: "test", fileName: "a.png", kinds: "exe" });
      expect(badKind.code).toBe(400);
    });

    it("caps maxBytes at the folder's limit and honours a smaller one", async () => {
      const capped = await signOk(std, "a.png", "feedback", { maxBytes: String(50 * MB) });
      expect(capped.maxBytes).toBe(5 * MB);
      const smaller = await signOk(std, "a.png", "feedback", { maxBytes: "1000" });
      expect(smaller.maxBytes).toBe(1000);
      const policy = JSON.parse(Buffer.from(smaller.policy, "base64").toString()) as { conditions: unknown[] };
      expect(policy.conditions[1]).toEqual(["content-length-range", 1, 1000]);
    });

    it("makes a jpg key for a .jpeg name", async () => {
      expect((await signOk(std, "photo.JPEG")).key).toMatch(KEY_FORMAT("feedback", stdId, "jpg"));
    });
  });

  describe("upload, complete and download", () => {
    it("stores the upload, completes it (idempotently) and serves it only to those allowed", async () => {
      const signature = await signOk(std, "截图.png");
      const stored = await post(signature.fields, { bytes: PNG, name: "截图.png", type: "image/png" });
      expect(stored).toMatchObject({ status: 200, body: "" });
      expect(fs.readFileSync(fileOfKey(signature.key))).toEqual(PNG);

      const done = await complete(std, signature.key, "截图.png");
      expect(done).toMatchObject({ status: 200, code: 200 });
      expect(done.data).toEqual({
        id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
        url: `/files/${done.data.id}`,
        name: "截图.png",
        sizeBytes: PNG.length,
        contentType: "image/png",
      });
      const row = await api.db.selectFrom("stored_files").selectAll().where("id", "=", done.data.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        owner_user_id: stdId,
        folder: "feedback",
        storage_key: `stored/${signature.key}`,
        upload_key: signature.key,
        original_name: "截图.png",
        content_type: "image/png",
        size_bytes: PNG.length,
      });

      const again = await complete(std, signature.key, "other name.png");
      expect(again).toMatchObject({ code: 200, data: done.data });
      const rows = await api.db.selectFrom("stored_files").select("id").where("upload_key", "=", signature.key).execute();
      expect(rows).toHaveLength(1);

      const url = `${api.baseUrl}${done.data.url}`;
      const mine = await fetch(url, { headers: { ticket: std } });
      expect(mine.status).toBe(200);
      expect(mine.headers.get("content-type")).toBe("image/png");
      expect(mine.headers.get("content-disposition")).toBe(`inline; filename*=UTF-8''${encodeURIComponent("截图.png")}`);
      expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await mine.arrayBuffer())).toEqual(PNG);

      expect((await fetch(url, { headers: { ticket: raw } })).status).toBe(404);
      expect((await fetch(url)).status).toBe(404);
      const asAdmin = await fetch(url, { headers: { ticket: admin } });
      expect(asAdmin.status).toBe(200);
      expect(Buffer.from(await asAdmin.arrayBuffer())).toEqual(PNG);

      await grantFile(api.db, done.data.id, rawId);
      await grantFile(api.db, done.data.id, rawId); // twice is fine
      const granted = await fetch(url, { headers: { ticket: raw } });
      expect(granted.status).toBe(200);
      expect(Buffer.from(await granted.arrayBuffer())).toEqual(PNG);
      // The grant is for that file only, and for raw01 only.
      const carrier = await api.login("carrier01", "Expo#2026");
      expect((await fetch(url, { headers: { ticket: carrier } })).status).toBe(404);
    });

    it("keeps the signed key when the browser's file name says something else, and cleans the stored name", async () => {
      const signature = await signOk(std, "a.png");
      expect((await post(signature.fields, { bytes: PNG, name: "../../evil.sh" })).status).toBe(200);
      expect(fs.existsSync(fileOfKey(signature.key))).toBe(true);
      const done = await complete(std, signature.key, "C:\\Users\\me\\shot.png");
      expect(done).toMatchObject({ code: 200, data: { name: "shot.png" } });
      // A control character in the name is refused at the API's edge (server/api/text-input.ts), at its field.
      const bell = await complete(std, signature.key, "shot\u0007.png");
      expect(bell).toMatchObject({ code: 400, data: { fields: { name: ["validation.unstorable"] } } });
    });

    it("refuses complete for an unknown or malformed key with 404 / 400", async () => {
      const signature = await signOk(std);
      const notUploaded = await complete(std, signature.key);
      expect(notUploaded).toMatchObject({ status: 404, code: 404, message: "The uploaded file was not found, please upload it again" });
      const otherFolder = await complete(std, "nope/1/2026-01/0123456789abcdef-1767225600000.png");
      expect(otherFolder.code).toBe(404);
      const traversal = await complete(std, `feedback/${stdId}/../../../etc/passwd`);
      expect(traversal.code).toBe(404);
      const missing = await api.call("/oss/complete", { ticket: std, form: { key: signature.key } });
      expect(missing.code).toBe(400);
      // A value no rule words itself is answered with a portal text in the caller's language, not zod's English.
      const unknownKind = await api.call("/oss/complete", { ticket: std, form: { key: signature.key, name: "a.png", kinds: "image" }, lang: "zh-CN" });
      expect(unknownKind).toMatchObject({ code: 400, message: "填写的内容无效" });
      expect((await api.call("/oss/complete", { ticket: std, form: { key: signature.key, name: "a.png", kinds: "image" }, lang: "en" })).message).toBe(
        "A value is not valid",
      );
      expect((await complete(undefined as unknown as string, signature.key)).code).toBe(401);
    });

    it("answers 404 to another user completing a key, which stays the owner's", async () => {
      const signature = await signOk(std);
      expect((await post(signature.fields, { bytes: PNG })).status).toBe(200);
      const stolen = await complete(raw, signature.key, "mine.png");
      expect(stolen).toMatchObject({ status: 404, code: 404 });
      expect(fs.existsSync(fileOfKey(signature.key))).toBe(true);
      const own = await complete(std, signature.key, "a.png");
      expect(own.code).toBe(200);
      // After it is claimed, too.
      expect((await complete(raw, signature.key)).code).toBe(404);
    });
  });

  describe("the storage host refuses", () => {
    it("a tampered signature, policy or key id (403) and writes nothing", async () => {
      const signature = await signOk(std);
      const flipped = (signature.signature[0] === "A" ? "B" : "A") + signature.signature.slice(1);
      const bad = await post({ ...signature.fields, signature: flipped }, { bytes: PNG });
      expect(bad.status).toBe(403);
      expect(bad.body).toContain("<Code>InvalidPolicyDocument</Code>");
      expect(bad.headers.get("content-type")).toMatch(/^application\/xml/);

      const document = JSON.parse(Buffer.from(signature.policy, "base64").toString()) as { conditions: [unknown, [string, number, number], unknown] };
      document.conditions[1][2] = 500 * MB;
      const bigger = Buffer.from(JSON.stringify(document)).toString("base64");
      expect((await post({ ...signature.fields, policy: bigger }, { bytes: PNG })).status).toBe(403);
      expect((await post({ ...signature.fields, OSSAccessKeyId: "local-000000000000" }, { bytes: PNG })).status).toBe(403);
      expect(leftovers(signature.key)).toEqual([]);
    });

    it("an expired policy (403)", async () => {
      const store = createObjectStore(api.config, api.db);
      const key = `feedback/${stdId}/2026-01/0123456789abcdef-1767225600000.png`;
      const form = await store.createUploadForm({ key, keyPrefix: `feedback/${stdId}/`, maxBytes: 5 * MB, expiresAt: new Date(Date.now() - 1000) });
      const expired = await post(form.fields, { bytes: PNG });
      expect(expired.status).toBe(403);
      expect(expired.body).toContain("<Code>AccessDenied</Code>");
      expect(leftovers(key)).toEqual([]);

      // The same, signed by hand with the shared secret: a live one is accepted, so the secret is right.
      const secret = (await api.db.selectFrom("app_settings").select("value").where("key", "=", "storage_policy_secret").executeTakeFirstOrThrow()).value;
      const past = signUploadPolicy(secret, { key, keyPrefix: `feedback/${stdId}/`, maxBytes: 5 * MB, expiresAt: new Date(Date.now() - 60_000) });
      const fields = { key, policy: past.policy, OSSAccessKeyId: past.OSSAccessKeyId, success_action_status: "200", signature: past.signature };
      expect((await post(fields, { bytes: PNG })).status).toBe(403);
      const live = signUploadPolicy(secret, { key, keyPrefix: `feedback/${stdId}/`, maxBytes: 5 * MB, expiresAt: new Date(Date.now() + 60_000) });
      expect((await post({ ...fields, policy: live.policy, signature: live.signature }, { bytes: PNG })).status).toBe(200);
      await store.delete(key);
    });

    it("a key outside the signed prefix (403), e.g. another user's, or not a server-made key", async () => {
      const signature = await signOk(std);
      const othersKey = signature.key.replace(`feedback/${stdId}/`, `feedback/${rawId}/`);
      const others = await post({ ...signature.fields, key: othersKey }, { bytes: PNG });
      expect(others.status).toBe(403);
      expect(leftovers(othersKey)).toEqual([]);
      const otherFolder = signature.key.replace("feedback/", "icon/");
      expect((await post({ ...signature.fields, key: otherFolder }, { bytes: PNG })).status).toBe(403);
      const traversal = `feedback/${stdId}/../../../escape.png`;
      expect((await post({ ...signature.fields, key: traversal }, { bytes: PNG })).status).toBe(403);
      expect(fs.existsSync(path.join(dataDir, "escape.png"))).toBe(false);
      // A key without the file, or without the key: malformed.
      const { key: _key, ...noKey } = signature.fields;
      expect((await post(noKey, { bytes: PNG })).status).toBe(400);
    });

    it("a file bigger than the policy's maxBytes (400 EntityTooLarge) and leaves nothing under the key", async () => {
      const signature = await signOk(std, "a.png", "feedback", { maxBytes: "1000" });
      const tooLarge = await post(signature.fields, { bytes: Buffer.concat([PNG, Buffer.alloc(1001 - PNG.length)]) });
      expect(tooLarge.status).toBe(400);
      expect(tooLarge.body).toContain("<Code>EntityTooLarge</Code>");
      expect(leftovers(signature.key)).toEqual([]);
      // Exactly maxBytes is fine.
      expect((await post(signature.fields, { bytes: Buffer.concat([PNG, Buffer.alloc(1000 - PNG.length)]) })).status).toBe(200);
      expect(fs.statSync(fileOfKey(signature.key)).size).toBe(1000);
    });

    it("a file over the folder's 5 MB (400) and leaves nothing under the key", async () => {
      const signature = await signOk(std);
      // The host answers before reading the rest: the client stops one byte past the limit and waits for it.
      const tooLarge = await postToStoragePartly(api, signature.fields, { size: 5 * MB + 1, send: 5 * MB + 1, name: "big.png" });
      tooLarge.drop();
      expect(tooLarge.status).toBe(400);
      expect(tooLarge.body).toContain("<Code>EntityTooLarge</Code>");
      expect(leftovers(signature.key)).toEqual([]);
      // The host still answers afterwards.
      expect((await post(signature.fields, { bytes: PNG })).status).toBe(200);
    });

    it("closes the connection after refusing an upload part-way, instead of leaving the unread body hanging", async () => {
      const signature = await signOk(std);
      // 8 MB declared by a keep-alive client, which stops one byte past the folder's 5 MB: only the server can close it.
      const answer = await postToStoragePartly(api, signature.fields, { size: 8 * MB, send: 5 * MB + 1, name: "big.png" });
      try {
        expect(answer.status).toBe(400);
        expect(answer.headers.connection).toBe("close");
        await answer.closed;
      } finally {
        answer.drop();
      }
      expect(leftovers(signature.key)).toEqual([]);
    });

    it("an empty file (400), a form without a file (400) and a body that is not multipart (400)", async () => {
      const signature = await signOk(std);
      const empty = await post(signature.fields, { bytes: Buffer.alloc(0) });
      expect(empty.status).toBe(400);
      expect(leftovers(signature.key)).toEqual([]);
      const noFile = await post(signature.fields);
      expect(noFile.status).toBe(400);
      expect(noFile.body).toContain("MalformedPOSTRequest");
      const json = await fetch(`${api.baseUrl}/storage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(signature.fields),
      });
      expect(json.status).toBe(400);
      expect(leftovers(signature.key)).toEqual([]);
    });

    it("the same key twice (409), keeping the first upload", async () => {
      const signature = await signOk(std);
      expect((await post(signature.fields, { bytes: PNG })).status).toBe(200);
      const second = await post(signature.fields, { bytes: Buffer.concat([PNG, Buffer.from("more")]) });
      expect(second.status).toBe(409);
      expect(second.body).toContain("KeyExists");
      expect(fs.readFileSync(fileOfKey(signature.key))).toEqual(PNG);
      expect(leftovers(signature.key)).toEqual([path.basename(fileOfKey(signature.key))]);
    });

    // The host checks that the key is free before streaming, and a racing upload may still land on
    // the upload key; completing moves the file to a key no policy covers, so it cannot be replaced.
    it("a second upload racing for the same key does not replace a completed file", async () => {
      const signature = await signOk(std);
      const form = new FormData();
      for (const [name, value] of Object.entries(signature.fields)) form.append(name, value);
      form.append("file", new File([new Uint8Array(HTML)], "b.png"));
      const encoded = new Request("http://local/", { method: "POST", body: form });
      const body = Buffer.from(await encoded.arrayBuffer());
      const cut = body.indexOf(HTML) + 10;
      // Upload B: everything up to a few bytes into the file, the rest later.
      let finishB!: () => void;
      const answerB = new Promise<number>((resolve, reject) => {
        const request = http.request(
          `${api.baseUrl}/storage`,
          { method: "POST", headers: { "content-type": encoded.headers.get("content-type")!, "content-length": String(body.length) } },
          (response) => {
            response.resume();
            resolve(response.statusCode!);
          },
        );
        request.on("error", reject);
        request.write(body.subarray(0, cut));
        finishB = () => request.end(body.subarray(cut));
      });
      // B has passed the key check once its .part file exists.
      await until(() => leftovers(signature.key).some((name) => name.endsWith(".part")));

      // Upload A completes and is type-checked meanwhile.
      expect((await post(signature.fields, { bytes: PNG })).status).toBe(200);
      const done = await complete(std, signature.key, "a.png");
      expect(done).toMatchObject({ code: 200, data: { contentType: "image/png" } });

      finishB();
      await answerB;
      const served = await fetch(`${api.baseUrl}${done.data.url}`, { headers: { ticket: std } });
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    });

    it("a cross-site POST (403, the anti-forgery middleware)", async () => {
      const signature = await signOk(std);
      const crossSite = await post(signature.fields, { bytes: PNG }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
      expect(crossSite.status).toBe(403);
      expect(leftovers(signature.key)).toEqual([]);
      const originOnly = await post(signature.fields, { bytes: PNG }, { origin: "https://evil.example" });
      expect(originOnly.status).toBe(403);
      expect(leftovers(signature.key)).toEqual([]);
    });
  });

  describe("type check on complete", () => {
    const mismatch = "The content of this file is not one of jpg, jpeg, png, gif; it was not accepted";

    it.each([
      ["a PDF named photo.png", PDF, "photo.png"],
      ["an HTML page named photo.jpg", HTML, "photo.jpg"],
      ["plain text named notes.gif", Buffer.from("just text\n"), "notes.gif"],
    ])("refuses %s, deletes the object, and then answers 404", async (_label, bytes, name) => {
      const signature = await signOk(std, name);
      expect(signature.key.endsWith(`.${name.split(".").pop()}`)).toBe(true);
      expect((await post(signature.fields, { bytes, name })).status).toBe(200);
      const refused = await complete(std, signature.key, name);
      expect(refused).toMatchObject({ status: 400, code: 400, message: mismatch });
      expect(refused.data.fields).toEqual({ file: ["uploads.typeMismatch"] });
      expect(leftovers(signature.key)).toEqual([]);
      const again = await complete(std, signature.key, name);
      expect(again).toMatchObject({ status: 404, code: 404, message: "The uploaded file was not found, please upload it again" });
      expect(await api.db.selectFrom("stored_files").select("id").where("upload_key", "=", signature.key).executeTakeFirst()).toBeUndefined();
    });

    it("uses the narrower kinds given on complete, never wider ones", async () => {
      const png = await signOk(std, "a.png", "test");
      expect((await post(png.fields, { bytes: PNG })).status).toBe(200);
      const narrowed = await complete(std, png.key, "a.png", { kinds: "pdf" });
      expect(narrowed).toMatchObject({ code: 400, message: "The content of this file is not one of pdf; it was not accepted" });

      const pdf = await signOk(std, "a.png");
      expect((await post(pdf.fields, { bytes: PDF })).status).toBe(200);
      const widened = await complete(std, pdf.key, "a.pdf", { kinds: "pdf" });
      expect(widened.code).toBe(400);
      expect(leftovers(pdf.key)).toEqual([]);
    });

    it("accepts a real PDF in a folder that takes PDFs, served inline as application/pdf", async () => {
      const signature = await signOk(std, "invoice.pdf", "invoice");
      expect((await post(signature.fields, { bytes: PDF })).status).toBe(200);
      const done = await complete(std, signature.key, "invoice.pdf");
      expect(done).toMatchObject({ code: 200, data: { contentType: "application/pdf", sizeBytes: PDF.length } });
      const served = await fetch(`${api.baseUrl}${done.data.url}`, { headers: { ticket: std } });
      expect(served.headers.get("content-type")).toBe("application/pdf");
      expect(served.headers.get("content-security-policy")).toContain("sandbox");
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PDF);
    });
  });

  it("an uploaded file can be referenced by the feedback form", async () => {
    const { file } = await uploadFile(std, PNG, "feedback.png");
    const saved = await api.call<{ imgUrl: string }>("/smeb/feedback/save", { ticket: std, form: { type: "1", content: "see image", imgUrl: file.url } });
    expect(saved).toMatchObject({ code: 200, data: { imgUrl: file.url } });
    const stolen = await api.call("/smeb/feedback/save", { ticket: raw, form: { type: "1", content: "x", imgUrl: file.url } });
    expect(stolen.code).not.toBe(200);
  });
});
