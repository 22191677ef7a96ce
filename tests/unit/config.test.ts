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
