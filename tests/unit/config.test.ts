import path from "node:path";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

describe("config from the environment", () => {
  it("has working defaults for the embedded database", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.usesEmbeddedDatabase).toBe(true);
    expect(config.apiBaseUrl).toBe("http://127.0.0.1:3000/api");
    expect(config.secureCookies).toBe(false);
    expect(config.DATABASE_PREPARED_STATEMENTS).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: "false" }).DATABASE_PREPARED_STATEMENTS).toBe(false);
  });

  it("names the variable and the value when one is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL="mysql:\/\/x": must start with postgres/);
    expect(() => loadConfig({ API_BASE_URL: "not a url" })).toThrow(/API_BASE_URL/);
    expect(() => loadConfig({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET.*at least 16/);
    expect(() => loadConfig({ LOGIN_CAPTCHA: "sometimes" })).toThrow(/LOGIN_CAPTCHA/);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: "no" })).toThrow(/DATABASE_PREPARED_STATEMENTS="no": must be true or false/);
    // Secrets are named, never printed: a boot log may be shipped anywhere.
    expect(() => loadConfig({ SESSION_SECRET: "short-secret" })).toThrow(/SESSION_SECRET=\(hidden\)/);
    expect(() => loadConfig({ SESSION_SECRET: "short-secret" })).not.toThrow(/short-secret/);
    expect(() => loadConfig({ SMTP_URL: "http://mailer:s3cr3t-pass@mail.example.com:587" })).toThrow(
      /SMTP_URL="http:\/\/mailer:\*\*\*@mail\.example\.com:587"/,
    );
    expect(() => loadConfig({ DATABASE_URL: "mysql://app:hunter2@db/x" })).not.toThrow(/hunter2/);
  });

  it("uses secure cookies behind https and an external API when configured", () => {
    const config = loadConfig({
      PUBLIC_URL: "https://expo.example.org",
      API_BASE_URL: "https://api.example.org/",
      DATABASE_URL: "postgres://u@db/portal",
      SESSION_SECRET: "first-secret-0123456789,second-secret-0123456789",
    });
    expect(config.secureCookies).toBe(true);
    expect(config.apiBaseUrl).toBe("https://api.example.org");
    expect(config.usesEmbeddedDatabase).toBe(false);
    expect(config.sessionSecrets).toEqual(["first-secret-0123456789", "second-secret-0123456789"]);
  });

  it("takes FFMPEG_PATH as the absolute path of an executable file only (decision 042)", () => {
    expect(loadConfig({}).FFMPEG_PATH).toBeUndefined();
    expect(loadConfig({ FFMPEG_PATH: ffmpegInstaller.path }).FFMPEG_PATH).toBe(ffmpegInstaller.path);
    expect(() => loadConfig({ FFMPEG_PATH: "ffmpeg" })).toThrow(/FFMPEG_PATH="ffmpeg": must be the absolute path of an executable ffmpeg/);
    expect(() => loadConfig({ FFMPEG_PATH: "/no/such/ffmpeg" })).toThrow(/FFMPEG_PATH/);
    expect(() => loadConfig({ FFMPEG_PATH: path.resolve("package.json") })).toThrow(/FFMPEG_PATH/);
    expect(() => loadConfig({ FFMPEG_PATH: path.dirname(ffmpegInstaller.path) })).toThrow(/FFMPEG_PATH/);
  });

  it("accepts TEST_CLOCK only outside production, as a date and time with an offset", () => {
    expect(loadConfig({ NODE_ENV: "test", TEST_CLOCK: "2026-11-23T10:00:00+08:00" }).TEST_CLOCK).toBe("2026-11-23T10:00:00+08:00");
    expect(() => loadConfig({ TEST_CLOCK: "2026-11-23T10:00:00+08:00" })).toThrow(
      /TEST_CLOCK="2026-11-23T10:00:00\+08:00": is a test setting and is refused with NODE_ENV=production/,
    );
    expect(() => loadConfig({ NODE_ENV: "production", TEST_CLOCK: "2026-11-23T10:00:00Z" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "test", TEST_CLOCK: "2026-11-23" })).toThrow(/TEST_CLOCK.*with an offset/);
    expect(() => loadConfig({ NODE_ENV: "test", TEST_CLOCK: "2026-13-45T10:00:00Z" })).toThrow(/TEST_CLOCK/);
    expect(loadConfig({ NODE_ENV: "production", TEST_CLOCK: "" }).TEST_CLOCK).toBeUndefined();
  });
});

describe("SMS provider at boot", () => {
  const templates = JSON.stringify({
    passwordResetCode: "SMS_1",
    activation: "SMS_2",
    mobileVerification: "SMS_3",
    visitorCode: "SMS_4",
    visitorConfirmation: "SMS_5",
    reminder: "SMS_6",
  });
  const aliyun = { SMS_PROVIDER: "aliyun", ALIYUN_ACCESS_KEY_ID: "LTAI-id", ALIYUN_ACCESS_KEY_SECRET: "secret", SMS_TEMPLATES: templates };

  it("keeps the outbox by default, with no credentials or templates needed", () => {
    const config = loadConfig({});
    expect(config.SMS_PROVIDER).toBe("outbox");
    expect(config.SMS_TEMPLATES).toEqual({});
  });

  it("starts Aliyun with its credentials and a template for every kind", () => {
    const config = loadConfig(aliyun);
    expect(config.SMS_PROVIDER).toBe("aliyun");
    expect(config.SMS_TEMPLATES.reminder).toBe("SMS_6");
    expect(config.ALIYUN_SMS_REGION).toBe("cn-hangzhou");
    expect(config.SMS_TIMEOUT_MS).toBe(10_000);
  });

  it("refuses a real provider without credentials, naming each missing variable and never printing a secret", () => {
    expect(() => loadConfig({ SMS_PROVIDER: "aliyun", SMS_TEMPLATES: templates })).toThrow(/ALIYUN_ACCESS_KEY_ID=.*is required when SMS_PROVIDER=aliyun/);
    expect(() => loadConfig({ SMS_PROVIDER: "aliyun", SMS_TEMPLATES: templates })).toThrow(/ALIYUN_ACCESS_KEY_SECRET=.*is required when SMS_PROVIDER=aliyun/);
    const tencent = () => loadConfig({ SMS_PROVIDER: "tencent", TENCENT_SECRET_ID: "AKID-id", SMS_TEMPLATES: templates });
    expect(tencent).toThrow(/TENCENT_SECRET_KEY=.*is required when SMS_PROVIDER=tencent/);
    expect(tencent).toThrow(/TENCENT_SMS_SDK_APP_ID=.*is required when SMS_PROVIDER=tencent/);
    expect(() => loadConfig({ ...aliyun, ALIYUN_ACCESS_KEY_SECRET: "", ALIYUN_ACCESS_KEY_ID: "LTAI-visible" })).not.toThrow(/LTAI-visible/);
  });

  it("refuses a real provider without a template for every kind, naming the missing kinds", () => {
    const partial = JSON.stringify({ passwordResetCode: "SMS_1", activation: "SMS_2" });
    expect(() => loadConfig({ ...aliyun, SMS_TEMPLATES: partial })).toThrow(
      /SMS_TEMPLATES=.*needs a template for every SMS kind when SMS_PROVIDER=aliyun; missing: mobileVerification, visitorCode, visitorConfirmation, reminder/,
    );
    expect(() => loadConfig({ ...aliyun, SMS_TEMPLATES: undefined })).toThrow(/missing: passwordResetCode, activation/);
  });

  it("refuses SMS_TEMPLATES that is not a JSON object, has an unknown kind or an empty code", () => {
    expect(() => loadConfig({ ...aliyun, SMS_TEMPLATES: "SMS_1" })).toThrow(/SMS_TEMPLATES=.*must be a JSON object/);
    expect(() => loadConfig({ ...aliyun, SMS_TEMPLATES: '["SMS_1"]' })).toThrow(/must be a JSON object/);
    const typo = JSON.stringify({ ...JSON.parse(templates), remider: "SMS_7" });
    expect(() => loadConfig({ ...aliyun, SMS_TEMPLATES: typo })).toThrow(/unknown SMS kind "remider"/);
    const empty = JSON.stringify({ ...JSON.parse(templates), reminder: " " });
    expect(() => loadConfig({ ...aliyun, SMS_TEMPLATES: empty })).toThrow(/needs a template code without spaces for "reminder"/);
  });

  it("wants Tencent template ids as digits, an SdkAppId as digits, and an http(s) endpoint", () => {
    const tencent = { SMS_PROVIDER: "tencent", TENCENT_SECRET_ID: "AKID-id", TENCENT_SECRET_KEY: "key", TENCENT_SMS_SDK_APP_ID: "1400006666" };
    expect(() => loadConfig({ ...tencent, SMS_TEMPLATES: templates })).toThrow(/needs Tencent Cloud template ids \(digits\) for: passwordResetCode/);
    const ids = JSON.stringify(Object.fromEntries(Object.keys(JSON.parse(templates)).map((kind, i) => [kind, `10${i}`])));
    expect(loadConfig({ ...tencent, SMS_TEMPLATES: ids }).TENCENT_SMS_REGION).toBe("ap-guangzhou");
    expect(() => loadConfig({ ...tencent, SMS_TEMPLATES: ids, TENCENT_SMS_SDK_APP_ID: "app-1" })).toThrow(
      /TENCENT_SMS_SDK_APP_ID="app-1": must be the SMS application's SdkAppId/,
    );
    expect(() => loadConfig({ ...aliyun, SMS_ENDPOINT: "ftp://sms.example.org" })).toThrow(/SMS_ENDPOINT.*http:\/\/ or https:\/\//);
    expect(() => loadConfig({ ...aliyun, SMS_TIMEOUT_MS: "soon" })).toThrow(/SMS_TIMEOUT_MS/);
    expect(() => loadConfig({ SMS_PROVIDER: "twilio" })).toThrow(/SMS_PROVIDER="twilio": must be outbox, aliyun or tencent/);
  });
});
