import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whileHashQueueFull } from "../support/hash-queue";
import { backendsOf, passwordHashN, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

describe.each(backendsOf(import.meta.url))("sign-in API on %s", (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(backend);
  });
  afterAll(() => api?.close());

  it("answers a successful login with the {code, message, data} envelope and a ticket", async () => {
    const result = await api.call<{ ticket: string }>("/login/login", { form: { username: "std01", password: "Expo#2026" }, ip: "10.1.0.1" });
    expect(result.status).toBe(200);
    expect(result.code).toBe(200);
    expect(typeof result.message).toBe("string");
    expect(result.data.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("accepts a JSON body as well as a form body, and usernames case-insensitively", async () => {
    const result = await api.call<{ ticket: string }>("/login/login", { json: { username: "STD01", password: "Expo#2026" }, ip: "10.1.0.2" });
    expect(result.code).toBe(200);
  });

  it("refuses a wrong password in the request's language", async () => {
    const en = await api.call("/login/login", { form: { username: "raw01", password: "nope" }, ip: "10.1.0.3", lang: "en-US,en;q=0.9" });
    expect(en.code).toBe(400);
    expect(en.message).toBe("Incorrect username or password");
    const zh = await api.call("/login/login", { form: { username: "raw01", password: "nope" }, ip: "10.1.0.3", lang: "zh-CN,zh;q=0.9,en;q=0.8" });
    expect(zh.message).toBe("用户名或密码错误");
  });

  it("validates the login request with the form's schema", async () => {
    const noUser = await api.call("/login/login", { form: { username: " ", password: "x" }, ip: "10.1.0.4" });
    expect(noUser).toMatchObject({ code: 400, message: "Please enter username" });
    const noPassword = await api.call("/login/login", { form: { username: "std01" }, ip: "10.1.0.4" });
    expect(noPassword).toMatchObject({ code: 400, message: "Please enter password" });
    const wrongType = await api.call("/login/login", { json: { username: ["a"], password: { $ne: null } }, ip: "10.1.0.4" });
    expect(wrongType.code).toBe(400);
  });

  it("answers unknown paths and malformed JSON with envelopes, not HTML", async () => {
    const unknown = await api.call("/no/such/path");
    expect(unknown).toMatchObject({ status: 404, code: 404, message: "The page can't be found" });
    const response = await fetch(`${api.baseUrl}/api/login/login`, { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 400 });
  });

  it("answers a call without a valid ticket with 401 and the spec's text", async () => {
    const none = await api.call("/smeb/permission/getInfo");
    expect(none).toMatchObject({ status: 401, code: 401, message: "User not logged in or session has expired, please log in again" });
    const forged = await api.call("/smeb/permission/getInfo", { ticket: "forged-ticket" });
    expect(forged.code).toBe(401);
    const zh = await api.call("/smeb/permission/getInfo", { lang: "zh-CN" });
    expect(zh.message).toBe("用户未登录或登录已过期，请重新登录");
  });

  it("issues a fresh ticket on every login and ends the one the caller held (rotation)", async () => {
    const first = await api.login("std01", "Expo#2026", "10.1.0.5");
    const second = await api.call<{ ticket: string }>("/login/login", { form: { username: "std01", password: "Expo#2026" }, ticket: first, ip: "10.1.0.5" });
    expect(second.data.ticket).not.toBe(first);
    expect((await api.call("/login/authTicket", { ticket: first })).code).toBe(401);
    expect((await api.call("/login/authTicket", { ticket: second.data.ticket })).code).toBe(200);
  });

  it("reports the ticket's idle and absolute expiry from /login/authTicket", async () => {
    const ticket = await api.login("raw01", "Expo#2026", "10.1.0.6");
    const result = await api.call<{ ticket: string; idleExpiresAt: string; absoluteExpiresAt: string }>("/login/authTicket", { ticket });
    expect(result.data.ticket).toBe(ticket);
    const idle = new Date(result.data.idleExpiresAt).getTime() - Date.now();
    const absolute = new Date(result.data.absoluteExpiresAt).getTime() - Date.now();
    expect(idle).toBeGreaterThan(2 * 3600_000 - 60_000);
    expect(idle).toBeLessThanOrEqual(2 * 3600_000);
    expect(absolute).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
  });

  it("logs out by deleting the session row; logging out twice is harmless", async () => {
    const ticket = await api.login("carrier01", "Expo#2026", "10.1.0.7");
    const before = await api.db.selectFrom("sessions").select("id").execute();
    expect((await api.call("/login/cancellation", { method: "POST", ticket })).code).toBe(200);
    const after = await api.db.selectFrom("sessions").select("id").execute();
    expect(after.length).toBe(before.length - 1);
    expect((await api.call("/smeb/permission/getInfo", { ticket })).code).toBe(401);
    expect((await api.call("/login/cancellation", { method: "POST", ticket })).code).toBe(200);
  });

  it("ends a session idle for more than 2 hours and deletes its row", async () => {
    const ticket = await api.login("std01", "Expo#2026", "10.1.0.8");
    const { ticketId } = await import("../../server/auth/sessions");
    await api.db
      .updateTable("sessions")
      .set({ last_seen_at: new Date(Date.now() - 2 * 3600_000 - 1000) })
      .where("id", "=", ticketId(ticket))
      .execute();
    expect((await api.call("/login/authTicket", { ticket })).code).toBe(401);
    expect(await api.db.selectFrom("sessions").select("id").where("id", "=", ticketId(ticket)).executeTakeFirst()).toBeUndefined();
  });

  it("ends a session older than 7 days even when it was used a minute ago", async () => {
    const ticket = await api.login("std01", "Expo#2026", "10.1.0.9");
    const { ticketId } = await import("../../server/auth/sessions");
    await api.db
      .updateTable("sessions")
      .set({ created_at: new Date(Date.now() - 7 * 24 * 3600_000 - 1000), last_seen_at: new Date(Date.now() - 60_000) } as never)
      .where("id", "=", ticketId(ticket))
      .execute();
    expect((await api.call("/login/authTicket", { ticket })).code).toBe(401);
  });

  it("keeps a session used within the idle window alive and slides it", async () => {
    const ticket = await api.login("std01", "Expo#2026", "10.1.0.10");
    const { ticketId } = await import("../../server/auth/sessions");
    const oneHourAgo = new Date(Date.now() - 3600_000);
    await api.db.updateTable("sessions").set({ last_seen_at: oneHourAgo }).where("id", "=", ticketId(ticket)).execute();
    expect((await api.call("/login/authTicket", { ticket })).code).toBe(200);
    const row = await api.db.selectFrom("sessions").select("last_seen_at").where("id", "=", ticketId(ticket)).executeTakeFirstOrThrow();
    expect(row.last_seen_at.getTime()).toBeGreaterThan(oneHourAgo.getTime() + 30 * 60_000);
  });

  it("stores passwords as scrypt hashes at the parameters in force, never in clear", async () => {
    // ASVS's N=2^17 outside tests (tests/unit/password-hashing.test.ts), test strength in the suites (vitest.config.ts).
    const users = await api.db.selectFrom("users").select(["username", "password_hash"]).execute();
    for (const user of users) {
      expect(user.password_hash).toMatch(new RegExp(`^scrypt\\$${passwordHashN}\\$8\\$1\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{43}$`));
      expect(user.password_hash).not.toContain("Expo#2026");
    }
  });

  it("answers a sign-in at once with 503 and the wait when too many wait for the hash thread, then signs in again", async () => {
    // Filler hashes keep the queue full (password-hasher.ts MAX_WAITING_SIGN_INS); seeding-style callers always wait.
    const refused = await whileHashQueueFull(() =>
      api.call<{ retryAfterSeconds: number }>("/login/login", { form: { username: "std01", password: "Expo#2026" }, ip: "10.1.0.9" }),
    );
    expect(refused).toMatchObject({ status: 503, code: 503 });
    expect(refused.message).toMatch(/^Many people are signing in right now\. Please try again in \d+ seconds\.$/);
    expect(refused.data.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const signedIn = await api.call("/login/login", { form: { username: "std01", password: "Expo#2026" }, ip: "10.1.0.9" });
    expect(signedIn.code).toBe(200);
  });
});
