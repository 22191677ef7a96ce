import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type ClickCaptcha = { captchaId: string; image: string; width: number; height: number; target: string };

describe.each(backendsOf(import.meta.url))("captcha and sign-in on %s", (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(backend);
  });
  afterAll(() => api?.close());

  const answerOf = async (captchaId: string) => {
    const row = await api.db.selectFrom("captchas").select("answer").where("id", "=", captchaId).executeTakeFirstOrThrow();
    return (typeof row.answer === "string" ? JSON.parse(row.answer) : row.answer) as { x: number; y: number; text?: string };
  };

  it("serves a click captcha: an SVG picture and the character to click", async () => {
    const { code, data } = await api.call<ClickCaptcha>("/vcode/readUsingImageReaderBigcH");
    expect(code).toBe(200);
    expect(data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(data).toMatchObject({ width: 300, height: 150 });
    expect(data.target).toMatch(/^[A-Z0-9]$/);
    const svg = Buffer.from(data.image.split(",")[1]!, "base64").toString();
    expect(svg).not.toContain("<text");
  });

  it("serves a text captcha from /login/vCode", async () => {
    const { code, data } = await api.call<ClickCaptcha>("/login/vCode");
    expect(code).toBe(200);
    expect(data.image).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it("verifies click coordinates sent as JSON", async () => {
    const { data } = await api.call<ClickCaptcha>("/vcode/readUsingImageReaderBigcH");
    const wrong = await api.call("/vcode/verify", { json: { captchaId: data.captchaId, points: [{ x: -50, y: -50 }] } });
    expect(wrong).toMatchObject({ code: 400, message: "The security check was not passed, please try again" });
    const { x, y } = await answerOf(data.captchaId);
    expect((await api.call("/vcode/verify", { json: { captchaId: data.captchaId, points: [{ x, y }] } })).code).toBe(200);
    const again = await api.call("/vcode/verify", { json: { captchaId: data.captchaId, points: [{ x, y }] } });
    expect(again.message).toBe("The security check has expired, please try again");
    expect((await api.call("/vcode/verify", { json: { captchaId: "nope", points: "x" } })).code).toBe(400);
  });

  it("requires a captcha after 3 failed sign-ins for a username, and accepts a solved one", async () => {
    for (let i = 0; i < 3; i++) {
      const failed = await api.call<{ captchaRequired: boolean }>("/login/login", { form: { username: "raw01", password: "bad" }, ip: `10.4.0.${i}` });
      expect(failed.data.captchaRequired).toBe(i >= 2);
    }
    const refused = await api.call("/login/login", { form: { username: "raw01", password: "Expo#2026" }, ip: "10.4.1.1" });
    expect(refused).toMatchObject({ code: 400, message: "Please complete the security check first", data: { captchaRequired: true } });

    const { data } = await api.call<ClickCaptcha>("/vcode/readUsingImageReaderBigcH", { ip: "10.4.1.1" });
    const unsolved = await api.call("/login/login", { form: { username: "raw01", password: "Expo#2026", captchaId: data.captchaId }, ip: "10.4.1.1" });
    expect(unsolved.message).toBe("The security check has expired, please try again");
    const { x, y } = await answerOf(data.captchaId);
    await api.call("/vcode/verify", { json: { captchaId: data.captchaId, points: [{ x, y }] } });
    const ok = await api.call("/login/login", { form: { username: "raw01", password: "Expo#2026", captchaId: data.captchaId }, ip: "10.4.1.1" });
    expect(ok.code).toBe(200);
    // A solved captcha is spent by that sign-in.
    const reused = await api.call("/login/login", { form: { username: "raw01", password: "Expo#2026", captchaId: data.captchaId }, ip: "10.4.1.1" });
    expect(reused.code).toBe(400);
  });

  it("requires a captcha after 3 failures from one IP, and accepts the text code instead", async () => {
    for (let i = 0; i < 3; i++) await api.call("/login/login", { form: { username: `nobody${i}`, password: "bad" }, ip: "10.4.2.2" });
    const state = await api.call<{ captchaRequired: boolean }>("/login/captchaRequired", { ip: "10.4.2.2" });
    expect(state.data.captchaRequired).toBe(true);
    const { data } = await api.call<{ captchaId: string }>("/login/vCode", { ip: "10.4.2.2" });
    const { text } = await answerOf(data.captchaId);
    const ok = await api.call("/login/login", {
      form: { username: "std01", password: "Expo#2026", captchaId: data.captchaId, vCode: text!.toUpperCase() },
      ip: "10.4.2.2",
    });
    expect(ok.code).toBe(200);
  });
});
