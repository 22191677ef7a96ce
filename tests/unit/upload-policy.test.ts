import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStore } from "../../server/uploads/local-store";
import { ObjectTooLargeError } from "../../server/uploads/object-store";
import { signUploadPolicy, verifyUploadPolicy, type PolicyDocument } from "../../server/uploads/upload-policy";

const SECRET = "a".repeat(32);
const OLD_SECRET = "b".repeat(32);
const PREFIX = "feedback/7/";
const KEY = `${PREFIX}2026-03/0123456789abcdef-1767225600000.png`;
const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000);

const decode = (policy: string) => JSON.parse(Buffer.from(policy, "base64").toString("utf8")) as PolicyDocument;
const encode = (document: unknown) => Buffer.from(JSON.stringify(document)).toString("base64");

describe("signUploadPolicy / verifyUploadPolicy", () => {
  it("signs an OSS-shaped policy that verifies, answering its prefix, size and expiry", () => {
    const expiresAt = inAnHour();
    const signed = signUploadPolicy(SECRET, { key: KEY, keyPrefix: PREFIX, maxBytes: 5000, expiresAt });
    expect(signed.OSSAccessKeyId).toMatch(/^local-[0-9a-f]{12}$/);
    expect(decode(signed.policy)).toEqual({
      expiration: expiresAt.toISOString(),
      conditions: [["starts-with", "$key", PREFIX], ["content-length-range", 1, 5000], { success_action_status: "200" }, ["eq", "$key", KEY]],
    });
    const check = verifyUploadPolicy([SECRET], { ...signed, key: KEY });
    expect(check).toEqual({ ok: true, keyPrefix: PREFIX, maxBytes: 5000, expiresAt });
  });

  it("refuses an expired policy, also at the exact expiry instant", () => {
    const expiresAt = new Date(Date.now() - 1000);
    const signed = signUploadPolicy(SECRET, { key: KEY, keyPrefix: PREFIX, maxBytes: 5000, expiresAt });
    expect(verifyUploadPolicy([SECRET], { ...signed, key: KEY })).toEqual({ ok: false, reason: "expired" });
    const later = signUploadPolicy(SECRET, { key: KEY, keyPrefix: PREFIX, maxBytes: 5000, expiresAt: new Date("2030-01-01T00:00:00Z") });
    expect(verifyUploadPolicy([SECRET], { ...later, key: KEY }, new Date("2030-01-01T00:00:00Z"))).toEqual({ ok: false, reason: "expired" });
    expect(verifyUploadPolicy([SECRET], { ...later, key: KEY }, new Date("2029-12-31T23:59:59Z")).ok).toBe(true);
  });

  it("refuses a re-encoded policy (bigger size, other prefix, later expiry) under the original signature", () => {
    const signed = signUploadPolicy(SECRET, { key: KEY, keyPrefix: PREFIX, maxBytes: 5000, expiresAt: inAnHour() });
    const document = decode(signed.policy);

    const bigger = structuredClone(document);
    bigger.conditions[1][2] = 500 * 1024 * 1024;
    expect(verifyUploadPolicy([SECRET], { ...signed, policy: encode(bigger), key: KEY })).toEqual({ ok: false, reason: "signature" });

    const otherPrefix = structuredClone(document);
    otherPrefix.conditions[0][2] = "feedback/8/";
    const otherKey = KEY.replace("/7/", "/8/");
    expect(verifyUploadPolicy([SECRET], { ...signed, policy: encode(otherPrefix), key: otherKey })).toEqual({ ok: false, reason: "signature" });

    const later = structuredClone(document);
    later.expiration = new Date(Date.now() + 365 * 86_400_000).toISOString();
    expect(verifyUploadPolicy([SECRET], { ...signed, policy: encode(later), key: KEY })).toEqual({ ok: false, reason: "signature" });

    // The same document, only encoded differently (whitespace), is a different policy too.
    const reformatted = Buffer.from(JSON.stringify(document, null, 1)).toString("base64");
    expect(verifyUploadPolicy([SECRET], { ...signed, policy: reformatted, key: KEY })).toEqual({ ok: false, reason: "signature" });
  });

  it("refuses a tampered, truncated or foreign signature", () => {
    const signed = signUploadPolicy(SECRET, { key: KEY, keyPrefix: PREFIX, maxBytes: 5000, expiresAt: inAnHour() });
    const flipped = (signed.signature[0] === "A" ? "B" : "A") + signed.signature.slice(1);
    expect(verifyUploadPolicy([SECRET], { ...signed, signature: flipped, key: KEY })).toEqual({ ok: false, reason: "signature" });
    expect(verifyUploadPolicy([SECRET], { ...signed, signature: signed.signature.slice(0, -2), key: KEY })).toEqual({ ok: false, reason: "signature" });
    expect(verifyUploadPolicy([SECRET], { ...signed, signature: `${signed.signature}AA`, key: KEY })).toEqual({ ok: false, reason: "signature" });
    // Signed with another secret, presented under our key id.
    const foreign = signUploadPolicy("c".repeat(32), { key: KEY, keyPrefix: PREFIX, maxBytes: 5000, expiresAt: inAnHour() });
    expect(verifyUploadPolicy([SECRET], { ...foreign, OSSAccessKeyId: signed.OSSAccessKeyId, key: KEY })).toEqual({ ok: false, reason: "signature" });
  });

  it("refuses an unknown OSSAccessKeyId", () => {
    const signed = signUploadPolicy(SECRET, { key: KEY, keyPrefix: PREFIX, maxBytes: 5000, expiresAt: inAnHour() });
    expect(verifyUploadPolicy([SECRET], { ...signed, OSSAccessKeyId: "local-000000000000", key: KEY })).toEqual({ ok: false, reason: "signature" });
    // A policy signed with a secret that is no longer among the secrets.
    expect(verifyUploadPolicy([OLD_SECRET], { ...signed, key: KEY })).toEqual({ ok: false, reason: "signature" });
  });

  it("refuses a key outside the signed prefix", () => {
    const signed = signUploadPolicy(SECRET, { key: KEY, keyPrefix: PREFIX, maxBytes: 5000, expiresAt: inAnHour() });
    for (const key of [
      KEY.replace("feedback/7/", "feedback/8/"),
      KEY.replace("feedback/7/", "feedback/77/"),
      KEY.replace("feedback/7/", "icon/7/"),
      KEY.replace("feedback/7/", "feedback/"),
    ]) {
      expect(verifyUploadPolicy([SECRET], { ...signed, key }), key).toEqual({ ok: false, reason: "key" });
    }
  });

  it("refuses another server-made key inside the prefix: one signature, one file", () => {
    const signed = signUploadPolicy(SECRET, { key: KEY, keyPrefix: PREFIX, maxBytes: 5000, expiresAt: inAnHour() });
    const sibling = `${PREFIX}2026-03/fedcba9876543210-1767225600000.png`;
    expect(verifyUploadPolicy([SECRET], { ...signed, key: sibling })).toEqual({ ok: false, reason: "key" });
    expect(verifyUploadPolicy([SECRET], { ...signed, key: KEY }).ok).toBe(true);
  });

  it("refuses a key inside the prefix that is not a server-made storage key", () => {
    const signed = signUploadPolicy(SECRET, { key: KEY, keyPrefix: PREFIX, maxBytes: 5000, expiresAt: inAnHour() });
    for (const key of [
      `${PREFIX}../../../etc/passwd`,
      `${PREFIX}2026-03/../0123456789abcdef-1767225600000.png`,
      `${PREFIX}2026-03/0123456789ABCDEF-1767225600000.png`,
      `${PREFIX}2026-03/0123456789abcdef-1767225600000.PNG`,
      `${PREFIX}2026-03/extra/0123456789abcdef-1767225600000.png`,
      `${PREFIX}2026-03/0123456789abcdef-1767225600000.png/x`,
      `${PREFIX}2026-03/0123456789abcdef-1767225600000.png\n`,
      `${PREFIX}2026-03/0123456789abcdef-1767225600000`,
      `${PREFIX}2026-03/0123456789abcde-1767225600000.png`,
      `${PREFIX}2026-03/0123456789abcdef-176722560000.png`,
      `${PREFIX}2026-03/0123456789abcdef-1767225600000.png.exe`,
      PREFIX,
    ]) {
      expect(verifyUploadPolicy([SECRET], { ...signed, key }), JSON.stringify(key)).toEqual({ ok: false, reason: "key" });
    }
  });

  it("answers malformed for missing fields and a signed document that is not a policy", () => {
    const signed = signUploadPolicy(SECRET, { key: KEY, keyPrefix: PREFIX, maxBytes: 5000, expiresAt: inAnHour() });
    const full = { ...signed, key: KEY };
    for (const field of ["policy", "signature", "OSSAccessKeyId", "key"] as const) {
      const form: Partial<typeof full> = { ...full };
      delete form[field];
      expect(verifyUploadPolicy([SECRET], form), `without ${field}`).toEqual({ ok: false, reason: "malformed" });
      expect(verifyUploadPolicy([SECRET], { ...full, [field]: "" }), `empty ${field}`).toEqual({ ok: false, reason: "malformed" });
    }
    expect(verifyUploadPolicy([SECRET], {})).toEqual({ ok: false, reason: "malformed" });
  });

  it("rotation: the first secret signs, every listed secret verifies", () => {
    const old = signUploadPolicy(OLD_SECRET, { key: KEY, keyPrefix: PREFIX, maxBytes: 5000, expiresAt: inAnHour() });
    const current = signUploadPolicy(SECRET, { key: KEY, keyPrefix: PREFIX, maxBytes: 5000, expiresAt: inAnHour() });
    expect(old.OSSAccessKeyId).not.toBe(current.OSSAccessKeyId);
    expect(verifyUploadPolicy([SECRET, OLD_SECRET], { ...old, key: KEY }).ok).toBe(true);
    expect(verifyUploadPolicy([SECRET, OLD_SECRET], { ...current, key: KEY }).ok).toBe(true);
    expect(verifyUploadPolicy([SECRET], { ...old, key: KEY })).toEqual({ ok: false, reason: "signature" });
  });
});

describe("local store", () => {
  let dataDir: string;
  const secrets = async () => ["s".repeat(32)];
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-local-store-"));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** Every file under DATA_DIR/uploads, relative to it. */
  const filesUnder = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      : [];

  const chunks = (count: number, size: number) => Readable.from(Array.from({ length: count }, (_, i) => Buffer.alloc(size, i)));

  it("put stores a stream at most maxBytes long and reads it back", async () => {
    const store = createLocalStore({ dataDir, secrets });
    const key = "test/3/2026-03/00112233445566aa-1767225600000.png";
    const info = await store.put(key, chunks(4, 1000), { contentType: "image/png", maxBytes: 4000 });
    expect(info).toEqual({ sizeBytes: 4000 });
    expect(await store.stat(key)).toEqual({ sizeBytes: 4000 });
    expect([...(await store.readRange(key, 998, 1001))]).toEqual([0, 0, 1, 1]);
    expect((await store.readRange(key, 3990, 5000)).length).toBe(10);
    expect(filesUnder(path.join(dataDir, "uploads"))).toEqual([path.join(...key.split("/"))]);
    await store.delete(key);
    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
  });

  it("put of a stream over maxBytes rejects with ObjectTooLargeError and leaves no file, final or .part", async () => {
    const store = createLocalStore({ dataDir, secrets });
    const key = "test/3/2026-03/0123456789abcdef-1767225600000.png";
    const error = await store.put(key, chunks(10, 1000), { contentType: "image/png", maxBytes: 4000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ObjectTooLargeError);
    expect((error as ObjectTooLargeError).maxBytes).toBe(4000);
    expect(await store.stat(key)).toBeNull();
    expect(filesUnder(path.join(dataDir, "uploads"))).toEqual([]);

    // One byte over, in one chunk, too.
    const one = await store.put(key, Readable.from([Buffer.alloc(4001)]), { contentType: "image/png", maxBytes: 4000 }).catch((e: unknown) => e);
    expect(one).toBeInstanceOf(ObjectTooLargeError);
    expect(filesUnder(path.join(dataDir, "uploads"))).toEqual([]);
  });

  it("put over maxBytes does not replace an object already under the key", async () => {
    const store = createLocalStore({ dataDir, secrets });
    const key = "test/3/2026-03/fedcba9876543210-1767225600000.png";
    await store.put(key, Readable.from([Buffer.from("first")]), { contentType: "image/png", maxBytes: 100 });
    await expect(store.put(key, chunks(3, 100), { contentType: "image/png", maxBytes: 100 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect((await store.readRange(key, 0, 99)).toString()).toBe("first");
    expect(filesUnder(path.join(dataDir, "uploads"))).toEqual([path.join(...key.split("/"))]);
    await store.delete(key);
  });

  it("refuses keys that are not storage keys, for every operation", async () => {
    const store = createLocalStore({ dataDir, secrets });
    for (const key of ["../escape.png", "test/3/2026-03/../../x.png", "/etc/passwd"]) {
      await expect(store.put(key, Readable.from([Buffer.from("x")]), { contentType: "image/png", maxBytes: 10 })).rejects.toThrow(/not a storage key/);
      await expect(store.readRange(key, 0, 1)).rejects.toThrow(/not a storage key/);
      await expect(store.delete(key)).rejects.toThrow(/not a storage key/);
      expect(await store.stat(key)).toBeNull();
    }
    expect(fs.existsSync(path.join(dataDir, "escape.png"))).toBe(false);
  });

  it("createUploadForm signs with the first secret; the fields are the spec's five, in order", async () => {
    const store = createLocalStore({ dataDir, secrets: async () => ["s".repeat(32), "t".repeat(32)] });
    const key = "feedback/9/2026-03/0123456789abcdef-1767225600000.png";
    const form = await store.createUploadForm({ key, keyPrefix: "feedback/9/", maxBytes: 100, expiresAt: inAnHour() });
    expect(form.host).toBe("/storage");
    expect(Object.keys(form.fields)).toEqual(["key", "policy", "OSSAccessKeyId", "success_action_status", "signature"]);
    expect(form.fields).toMatchObject({ key, success_action_status: "200" });
    const check = verifyUploadPolicy(["s".repeat(32)], form.fields);
    expect(check).toMatchObject({ ok: true, keyPrefix: "feedback/9/", maxBytes: 100 });
  });
});
