import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ASVS_SCRYPT, hashPassword, needsRehash, verifyPassword } from "../../server/auth/password";
import { loadConfig } from "../../server/config";
import { isExpired, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../../server/auth/sessions";

describe("password hashing", () => {
  // The suites run with PASSWORD_HASHING=fast (vitest.config.ts); these tests are about the real default.
  const setting = process.env.PASSWORD_HASHING;
  beforeEach(() => {
    delete process.env.PASSWORD_HASHING;
  });
  afterEach(() => {
    if (setting !== undefined) process.env.PASSWORD_HASHING = setting;
  });

  it("uses scrypt at ASVS parameters with a random salt", async () => {
    expect(ASVS_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    const a = await hashPassword("Expo#2026");
    const b = await hashPassword("Expo#2026");
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Expo#2026", a)).toBe(true);
    expect(await verifyPassword("expo#2026", a)).toBe(false);
    expect(await verifyPassword("Expo#2026", "garbage")).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it("flags weaker stored hashes for an upgrade at next sign-in", async () => {
    const weak = await hashPassword("x", { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword("x", weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
  });

  it("hashes at test strength only with PASSWORD_HASHING=fast, and the server refuses that in production", async () => {
    process.env.PASSWORD_HASHING = "fast";
    expect(await hashPassword("x")).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(needsRehash(await hashPassword("x", ASVS_SCRYPT))).toBe(false);
    expect(() => loadConfig({ NODE_ENV: "production", PASSWORD_HASHING: "fast" })).toThrow(/PASSWORD_HASHING/);
    expect(loadConfig({ NODE_ENV: "test", PASSWORD_HASHING: "fast" }).PASSWORD_HASHING).toBe("fast");
  });
});

describe("session expiry", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it("expires after 2 hours idle and 7 days in all", () => {
    expect(SESSION_IDLE_MS).toBe(2 * 3600_000);
    expect(SESSION_ABSOLUTE_MS).toBe(7 * 24 * 3600_000);
    expect(isExpired({ created_at: ago(1000), last_seen_at: ago(1000) }, now)).toBe(false);
    expect(isExpired({ created_at: ago(SESSION_IDLE_MS + 1), last_seen_at: ago(SESSION_IDLE_MS + 1) }, now)).toBe(true);
    expect(isExpired({ created_at: ago(SESSION_ABSOLUTE_MS + 1), last_seen_at: ago(1000) }, now)).toBe(true);
    expect(isExpired({ created_at: ago(SESSION_ABSOLUTE_MS - 1000), last_seen_at: ago(SESSION_IDLE_MS - 1000) }, now)).toBe(false);
  });
});
