import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rsaEncrypt } from "../../app/features/auth/rsa.server";
import { backendsOf, passwordHashN, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

describe.each(backendsOf(import.meta.url))("POST /login/modifyPasswd on %s", (backend) => {
  let api: TestApi;
  let publicKey: string;
  beforeAll(async () => {
    api = await startTestApi(backend);
    publicKey = (await api.call<{ publicKey: string }>("/login/publicKey")).data.publicKey;
  });
  afterAll(() => api?.close());

  const change = (ticket: string | undefined, password: string, newPassword: string, lang = "en") =>
    api.call("/login/modifyPasswd", { form: { password: rsaEncrypt(publicKey, password), newPassword: rsaEncrypt(publicKey, newPassword) }, ticket, lang });

  it("publishes a PEM public key", () => {
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it("needs a signed-in caller", async () => {
    expect((await change(undefined, "Expo#2026", "New#2026")).code).toBe(401);
  });

  it("applies the rules of docs/product.md § Account pages with its texts", async () => {
    const ticket = await api.login("raw01", "Expo#2026");
    const empty = await api.call("/login/modifyPasswd", { form: { password: "", newPassword: "" }, ticket });
    expect(empty.message).toBe("please enter password");
    const noNew = await api.call("/login/modifyPasswd", { form: { password: rsaEncrypt(publicKey, "Expo#2026"), newPassword: "" }, ticket });
    expect(noNew.message).toBe("please enter new password");
    const same = await change(ticket, "Expo#2026", "Expo#2026");
    expect(same).toMatchObject({ code: 400, message: "old password cannot be the same as the new" });
    const sameZh = await change(ticket, "Expo#2026", "Expo#2026", "zh-CN");
    expect(sameZh.message).toBe("新密码不能与原密码相同");
  });

  it("refuses passwords that were not encrypted with its key", async () => {
    const ticket = await api.login("raw01", "Expo#2026");
    const plain = await api.call("/login/modifyPasswd", { form: { password: "Expo#2026", newPassword: "Other#2026" }, ticket });
    expect(plain).toMatchObject({ code: 400, message: "The encrypted password could not be read, please reload the page and try again" });
  });

  it("refuses a wrong old password and changes nothing", async () => {
    const ticket = await api.login("raw01", "Expo#2026");
    const before = await api.db.selectFrom("users").select("password_hash").where("username", "=", "raw01").executeTakeFirstOrThrow();
    const wrong = await change(ticket, "not-it", "Other#2026");
    expect(wrong).toMatchObject({ code: 400, message: "The old password is incorrect" });
    const after = await api.db.selectFrom("users").select("password_hash").where("username", "=", "raw01").executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
  });

  it("changes the password: 'modified successfully', new one works, old one fails, other sessions end", async () => {
    const elsewhere = await api.login("carrier01", "Expo#2026");
    const ticket = await api.login("carrier01", "Expo#2026");
    const ok = await change(ticket, "Expo#2026", "Carrier#2027");
    expect(ok).toMatchObject({ code: 200, message: "modified successfully" });
    expect((await api.call("/login/authTicket", { ticket })).code).toBe(200);
    expect((await api.call("/login/authTicket", { ticket: elsewhere })).code).toBe(401);
    expect((await api.call("/login/login", { form: { username: "carrier01", password: "Expo#2026" }, ip: "10.3.0.1" })).code).toBe(400);
    expect((await api.call("/login/login", { form: { username: "carrier01", password: "Carrier#2027" }, ip: "10.3.0.2" })).code).toBe(200);
    const stored = await api.db.selectFrom("users").select("password_hash").where("username", "=", "carrier01").executeTakeFirstOrThrow();
    expect(stored.password_hash.startsWith(`scrypt$${passwordHashN}$8$1$`)).toBe(true);
  });
});
