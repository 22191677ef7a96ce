import fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ASVS_SCRYPT, hashPassword, needsRehash, verifyPassword } from "../../server/auth/password";
import { HASH_THREAD_NICE, HashQueueFull, hashQueueState, stopHashThread } from "../../server/auth/password-hasher";
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
    const cpuBefore = hashQueueState().cpuSeconds;
    const a = await hashPassword("Expo#2026");
    const b = await hashPassword("Expo#2026");
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Expo#2026", a)).toBe(true);
    expect(await verifyPassword("expo#2026", a)).toBe(false);
    expect(await verifyPassword("Expo#2026", "garbage")).toBe(false);
    expect(needsRehash(a)).toBe(false);
    // The hash thread's CPU is counted apart from the pages' (the metrics' portal_password_hash_cpu_seconds_total).
    expect(hashQueueState().cpuSeconds).toBeGreaterThan(cpuBefore);
    // Four full-cost hashes on the low-priority hash thread: slow while other test files keep the cores busy.
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

describe("the hash thread", () => {
  it("hashes on a thread of this process whose nice value is raised, so pages keep the CPU", async () => {
    const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    const threads = () => fs.readdirSync("/proc/self/task").map((task) => niceOf(fs.readFileSync(`/proc/self/task/${task}/stat`, "utf8")));
    // The process itself (its main thread, whose task id is the pid) keeps its priority; the hash thread is at least 10.
    const main = niceOf(fs.readFileSync("/proc/self/stat", "utf8"));
    await hashPassword("warm-up", { N: 1024, r: 8, p: 1 });
    expect(threads()).toContain(Math.max(main, HASH_THREAD_NICE));
    expect(niceOf(fs.readFileSync("/proc/self/stat", "utf8"))).toBe(main);
  });

  it("refuses a sign-in's check when the queue is full, with the expected wait, and keeps order for the rest", async () => {
    const slow = { N: 2 ** 12, r: 8, p: 1 };
    const stored = await hashPassword("right", slow);
    const queued = Array.from({ length: 49 }, (_, i) => verifyPassword(i % 2 ? "right" : "wrong", stored));
    expect(hashQueueState()).toMatchObject({ waiting: 48, running: true });
    const refused = await verifyPassword("right", stored, { refuseWhenBusy: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HashQueueFull);
    expect((refused as HashQueueFull).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(await Promise.all(queued)).toEqual(Array.from({ length: 49 }, (_, i) => i % 2 === 1));
    expect(hashQueueState()).toMatchObject({ waiting: 0, running: false });
    expect(await verifyPassword("right", stored, { refuseWhenBusy: true })).toBe(true);
  });
});

describe("the hash thread stopping", () => {
  it("fails the hash it held, and the next hash runs on a new thread", async () => {
    const held = hashPassword("held", { N: 2 ** 16, r: 8, p: 1 });
    await stopHashThread();
    await expect(held).rejects.toThrow(/password hash thread stopped/);
    expect(await hashPassword("after", { N: 1024, r: 8, p: 1 })).toMatch(/^scrypt\$1024\$/);
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
