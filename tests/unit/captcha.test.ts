import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consumeVerifiedCaptcha,
  createClickCaptcha,
  createTextCaptcha,
  purgeExpiredCaptchas,
  verifyClickCaptcha,
  verifyTextCaptcha,
} from "../../server/captcha";
import { migrateToLatest, openDatabase, type Database, type DatabaseHandle } from "../../server/db/database";

let handle: DatabaseHandle;
let db: Database;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "captcha-test-"));
  handle = await openDatabase({ loadDataDir: undefined, dataDir });
  db = handle.db;
  await migrateToLatest(db);
});

afterAll(async () => {
  await handle?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function decodeSvg(image: string) {
  const prefix = "data:image/svg+xml;base64,";
  expect(image.startsWith(prefix)).toBe(true);
  return Buffer.from(image.slice(prefix.length), "base64").toString("utf8");
}

async function storedAnswer(id: string) {
  const row = await db.selectFrom("captchas").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return { row, answer: row.answer as Record<string, unknown> };
}

async function clickCentre(id: string) {
  const { answer } = await storedAnswer(id);
  return { x: answer.x as number, y: answer.y as number, r: answer.r as number };
}

describe("click captcha", () => {
  it("draws 5 characters as paths, without <text>, at a fixed size", async () => {
    const c = await createClickCaptcha(db, "127.0.0.1");
    expect(c.width).toBe(300);
    expect(c.height).toBe(150);
    expect(c.target).toMatch(/^[ACDEFHJKLMNPRTUVWXY34679]$/);
    const svg = decodeSvg(c.image);
    expect(svg).toMatch(/^<svg [^>]*width="300" height="150"/);
    expect(svg).not.toMatch(/<text/i);
    expect(svg).not.toContain(`${c.target}<`);
    expect((svg.match(/<path /g) ?? []).length).toBeGreaterThanOrEqual(5);
    const filled = (svg.match(/<path d="[^"]+" fill="hsl/g) ?? []).length;
    expect(filled).toBe(5);

    const { row, answer } = await storedAnswer(c.captchaId);
    expect(row.kind).toBe("click");
    expect(row.ip).toBe("127.0.0.1");
    expect(row.attempts).toBe(0);
    expect(row.verified_at).toBeNull();
    expect(answer.r).toBe(22);
    const ttl = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(ttl).toBeGreaterThan(4.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000 + 1000);
  });

  it("generates different ids and pictures", async () => {
    const a = await createClickCaptcha(db, "127.0.0.1");
    const b = await createClickCaptcha(db, "127.0.0.1");
    expect(a.captchaId).not.toBe(b.captchaId);
    expect(a.image).not.toBe(b.image);
  });

  it("accepts the stored centre and sets verified_at", async () => {
    const c = await createClickCaptcha(db, "127.0.0.1");
    const { x, y, r } = await clickCentre(c.captchaId);
    expect(
      await verifyClickCaptcha(db, c.captchaId, [
        { x: x + r * 0.6, y: y - r * 0.6 },
        { x: 0, y: 0 },
      ]),
    ).toBe("ok");
    const { row } = await storedAnswer(c.captchaId);
    expect(row.verified_at).not.toBeNull();
    // A verified captcha cannot be verified again.
    expect(await verifyClickCaptcha(db, c.captchaId, [{ x, y }])).toBe("expired");
  });

  it("rejects a far point and only the first point counts", async () => {
    const c = await createClickCaptcha(db, "127.0.0.1");
    const { x, y } = await clickCentre(c.captchaId);
    const far = { x: x > 150 ? x - 100 : x + 100, y };
    expect(await verifyClickCaptcha(db, c.captchaId, [far, { x, y }])).toBe("wrong");
    expect(await verifyClickCaptcha(db, c.captchaId, [])).toBe("wrong");
    expect((await storedAnswer(c.captchaId)).row.attempts).toBe(2);
    expect(await verifyClickCaptcha(db, c.captchaId, [{ x, y }])).toBe("ok");
  });

  it("expires after 3 wrong attempts", async () => {
    const c = await createClickCaptcha(db, "127.0.0.1");
    const { x, y } = await clickCentre(c.captchaId);
    const far = { x: x > 150 ? x - 100 : x + 100, y };
    for (let i = 0; i < 3; i++) expect(await verifyClickCaptcha(db, c.captchaId, [far])).toBe("wrong");
    expect(await verifyClickCaptcha(db, c.captchaId, [{ x, y }])).toBe("expired");
    expect(await consumeVerifiedCaptcha(db, c.captchaId)).toBe(false);
  });

  it("parallel guesses cannot exceed the attempt limit", async () => {
    const c = await createClickCaptcha(db, "127.0.0.1");
    const verdicts = await Promise.all(Array.from({ length: 8 }, (_, i) => verifyClickCaptcha(db, c.captchaId, [{ x: i, y: 0 }])));
    expect(verdicts.filter((v) => v === "wrong").length).toBeLessThanOrEqual(3);
    expect((await storedAnswer(c.captchaId)).row.attempts).toBe(3);
  });

  it("treats unknown ids and expired captchas as expired", async () => {
    expect(await verifyClickCaptcha(db, crypto.randomUUID(), [{ x: 1, y: 1 }])).toBe("expired");
    expect(await verifyClickCaptcha(db, "", [{ x: 1, y: 1 }])).toBe("expired");
    const c = await createClickCaptcha(db, "127.0.0.1");
    const { x, y } = await clickCentre(c.captchaId);
    await db.updateTable("captchas").set({ expires_at: sql<Date>`now() - interval '1 second'` }).where("id", "=", c.captchaId).execute();
    expect(await verifyClickCaptcha(db, c.captchaId, [{ x, y }])).toBe("expired");
  });

  it("does not verify a text captcha id as a click captcha", async () => {
    const t = await createTextCaptcha(db, "127.0.0.1");
    expect(await verifyClickCaptcha(db, t.captchaId, [{ x: 1, y: 1 }])).toBe("expired");
  });
});

describe("consumeVerifiedCaptcha", () => {
  it("works only after verification, and only once", async () => {
    const c = await createClickCaptcha(db, "127.0.0.1");
    const { x, y } = await clickCentre(c.captchaId);
    expect(await consumeVerifiedCaptcha(db, c.captchaId)).toBe(false);
    expect(await verifyClickCaptcha(db, c.captchaId, [{ x, y }])).toBe("ok");
    const results = await Promise.all([consumeVerifiedCaptcha(db, c.captchaId), consumeVerifiedCaptcha(db, c.captchaId)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await consumeVerifiedCaptcha(db, c.captchaId)).toBe(false);
    // Used captchas cannot be verified again either.
    expect(await verifyClickCaptcha(db, c.captchaId, [{ x, y }])).toBe("expired");
    expect(await consumeVerifiedCaptcha(db, crypto.randomUUID())).toBe(false);
  });

  it("refuses a verified captcha that has expired", async () => {
    const c = await createClickCaptcha(db, "127.0.0.1");
    const { x, y } = await clickCentre(c.captchaId);
    expect(await verifyClickCaptcha(db, c.captchaId, [{ x, y }])).toBe("ok");
    await db.updateTable("captchas").set({ expires_at: sql<Date>`now() - interval '1 second'` }).where("id", "=", c.captchaId).execute();
    expect(await consumeVerifiedCaptcha(db, c.captchaId)).toBe(false);
  });
});

describe("text captcha", () => {
  it("creates a 150x50 svg and stores the lower-cased text", async () => {
    const t = await createTextCaptcha(db, "10.0.0.1");
    expect(t.width).toBe(150);
    expect(t.height).toBe(50);
    const svg = decodeSvg(t.image);
    expect(svg).toContain("<svg");
    const { row, answer } = await storedAnswer(t.captchaId);
    expect(row.kind).toBe("text");
    expect(answer.text).toMatch(/^[a-z0-9]{4}$/i);
    expect(answer.text).toBe((answer.text as string).toLowerCase());
    // ignoreChars "0o1ilI": the digits 0 and 1 never appear (capital O and L may, stored lower-cased).
    expect(answer.text).not.toMatch(/[01]/);
  });

  it("accepts the text case-insensitively", async () => {
    const t = await createTextCaptcha(db, "10.0.0.1");
    const { answer } = await storedAnswer(t.captchaId);
    expect(await verifyTextCaptcha(db, t.captchaId, ` ${(answer.text as string).toUpperCase()} `)).toBe("ok");
    expect((await storedAnswer(t.captchaId)).row.verified_at).not.toBeNull();
    expect(await consumeVerifiedCaptcha(db, t.captchaId)).toBe(true);
    expect(await consumeVerifiedCaptcha(db, t.captchaId)).toBe(false);
  });

  it("rejects wrong text and expires after 3 attempts", async () => {
    const t = await createTextCaptcha(db, "10.0.0.1");
    const { answer } = await storedAnswer(t.captchaId);
    expect(await verifyTextCaptcha(db, t.captchaId, "zzzzz")).toBe("wrong");
    expect(await verifyTextCaptcha(db, t.captchaId, "")).toBe("wrong");
    expect(await verifyTextCaptcha(db, t.captchaId, "0000")).toBe("wrong");
    expect(await verifyTextCaptcha(db, t.captchaId, answer.text as string)).toBe("expired");
  });

  it("does not verify a click captcha id as a text captcha", async () => {
    const c = await createClickCaptcha(db, "127.0.0.1");
    expect(await verifyTextCaptcha(db, c.captchaId, "abcd")).toBe("expired");
  });
});

describe("purgeExpiredCaptchas", () => {
  it("deletes rows expired more than an hour ago only", async () => {
    const old = await createClickCaptcha(db, "127.0.0.1");
    const recent = await createClickCaptcha(db, "127.0.0.1");
    await db.updateTable("captchas").set({ expires_at: sql<Date>`now() - interval '61 minutes'` }).where("id", "=", old.captchaId).execute();
    await db.updateTable("captchas").set({ expires_at: sql<Date>`now() - interval '59 minutes'` }).where("id", "=", recent.captchaId).execute();
    expect(await purgeExpiredCaptchas(db)).toBeGreaterThanOrEqual(1);
    const ids = (await db.selectFrom("captchas").select("id").execute()).map((r) => r.id);
    expect(ids).not.toContain(old.captchaId);
    expect(ids).toContain(recent.captchaId);
  });
});
