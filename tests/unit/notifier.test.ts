import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { decodeHeaderWords } from "../../server/mail/outbox";
import { createDeliveryChannels } from "../../server/notify/channels";
import type { SmsMessage } from "../../server/notify/notifier";
import { writeSms, type OutboxSms } from "../../server/notify/sms";
import { startSmtpFake } from "../support/smtp-fake";

const dirs: string[] = [];
function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-notifier-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** An SMS of some kind: the outbox keeps only its number and text. */
const sms = (to: string, text: string): SmsMessage => ({ to, text, kind: "mobileVerification", params: { code: "123456", minutes: "10" } });

function outboxFiles(dataDir: string) {
  const dir = path.join(dataDir, "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

describe("notifier config", () => {
  it("defaults to the outbox for e-mail and SMS", () => {
    const config = loadConfig({});
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.SMS_PROVIDER).toBe("outbox");
    expect(createDeliveryChannels(config).emailTransport).toBe("outbox");
  });

  it("accepts smtp:// and smtps:// URLs only, and unknown SMS providers not at all", () => {
    expect(loadConfig({ SMTP_URL: "smtps://user:pass@mail.example.org:465" }).SMTP_URL).toBe("smtps://user:pass@mail.example.org:465");
    expect(loadConfig({ SMTP_URL: " " }).SMTP_URL).toBeUndefined();
    expect(createDeliveryChannels(loadConfig({ SMTP_URL: "smtp://mail.example.org:587" })).emailTransport).toBe("smtp");
    expect(() => loadConfig({ SMTP_URL: "https://mail.example.org" })).toThrow(/SMTP_URL.*smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ SMS_PROVIDER: "twilio" })).toThrow(/SMS_PROVIDER/);
  });
});

describe("outbox notifier", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = tempDataDir();
  });

  it("writes e-mail as an .eml file in DATA_DIR/outbox", async () => {
    const notifier = createDeliveryChannels(loadConfig({ DATA_DIR: dataDir, MAIL_FROM: "portal@expo.example.org" }));
    await notifier.sendEmail({ to: "someone@example.org", subject: "您的验证码：123456", text: "正文 body" });
    const files = outboxFiles(dataDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{16}\.eml$/);
    const raw = fs.readFileSync(path.join(dataDir, "outbox", files[0]!), "utf8");
    expect(raw).toContain("From: portal@expo.example.org\r\n");
    expect(raw).toContain("To: someone@example.org\r\n");
    const subject = raw.match(/^Subject: (.*(?:\r\n .*)*)/m)![1]!;
    expect(decodeHeaderWords(subject)).toBe("您的验证码：123456");
    const body = raw.slice(raw.indexOf("\r\n\r\n") + 4).replace(/\s+/g, "");
    expect(Buffer.from(body, "base64").toString("utf8")).toBe("正文 body");
  });

  it("writes each SMS as <stamp>-<random>.sms.json with to, text and createdAt", async () => {
    const notifier = createDeliveryChannels(loadConfig({ DATA_DIR: dataDir }));
    const before = Date.now();
    await notifier.sendSms(sms("13800138000", "【展商服务平台】您的验证码为123456"));
    await notifier.sendSms(sms("+852 1234 5678", "second"));
    const files = outboxFiles(dataDir);
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{16}\.sms\.json$/);
    const messages = files.map((file) => JSON.parse(fs.readFileSync(path.join(dataDir, "outbox", file), "utf8")) as OutboxSms);
    expect(messages.map((m) => m.to).sort()).toEqual(["+852 1234 5678", "13800138000"]);
    const first = messages.find((m) => m.to === "13800138000")!;
    expect(first).toEqual({ to: "13800138000", text: "【展商服务平台】您的验证码为123456", createdAt: expect.any(String) });
    expect(Date.parse(first.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    // No temporary files are left behind.
    expect(files.some((file) => file.startsWith("."))).toBe(false);
  });

  it("refuses an SMS to something that is not a phone number", async () => {
    await expect(writeSms({ dataDir }, sms("someone@example.org", "x"))).rejects.toThrow(/invalid phone number/);
    await expect(writeSms({ dataDir }, sms("138\n00", "x"))).rejects.toThrow(/invalid phone number/);
    expect(outboxFiles(dataDir)).toEqual([]);
  });
});

describe("SMTP notifier (against an in-process smtp-server)", () => {
  const startSmtpServer = () => startSmtpFake({ login: { username: "portal", password: "s3cret" } });

  it("sends real e-mail with credentials from SMTP_URL and writes nothing to the outbox", async () => {
    const smtp = await startSmtpServer();
    try {
      const dataDir = tempDataDir();
      const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: `smtp://portal:s3cret@127.0.0.1:${smtp.port}`, MAIL_FROM: "portal@expo.example.org" });
      const notifier = createDeliveryChannels(config);
      await notifier.sendEmail({ to: "someone@example.org", subject: "您的验证码：654321", text: "验证码 654321", replyTo: "help@expo.example.org" });
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.user).toBe("portal");
      expect(mail.from).toBe("portal@expo.example.org");
      expect(mail.to).toEqual(["someone@example.org"]);
      expect(mail.data).toMatch(/^Reply-To: help@expo\.example\.org\r$/m);
      const subject = mail.data.match(/^Subject: (.*(?:\r\n[ \t].*)*)/m)![1]!;
      expect(decodeHeaderWords(subject.replace(/\r\n[ \t]/g, " "))).toBe("您的验证码：654321");
      expect(outboxFiles(dataDir)).toEqual([]);
      // SMS still go to the outbox: there is no SMS gateway yet.
      await notifier.sendSms(sms("13800138000", "x"));
      expect(outboxFiles(dataDir)).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("fails (rather than silently dropping the mail) when the server refuses the login", async () => {
    const smtp = await startSmtpServer();
    try {
      const notifier = createDeliveryChannels(loadConfig({ DATA_DIR: tempDataDir(), SMTP_URL: `smtp://portal:wrong@127.0.0.1:${smtp.port}` }));
      await expect(notifier.sendEmail({ to: "someone@example.org", subject: "x", text: "y" })).rejects.toThrow();
      expect(smtp.received).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it("refuses header injection in addresses", async () => {
    const notifier = createDeliveryChannels(loadConfig({ DATA_DIR: tempDataDir(), SMTP_URL: "smtp://127.0.0.1:1" }));
    await expect(notifier.sendEmail({ to: "a@b.example\r\nBcc: evil@x.example", subject: "x", text: "y" })).rejects.toThrow(/invalid address/);
  });
});

describe("delivery failures", () => {
  it("tells temporary failures (retried) from permanent ones (failed at once), keeping the provider's reason", async () => {
    const { DeliveryError, deliveryFailure } = await import("../../server/notify/delivery-error");
    expect(deliveryFailure(new DeliveryError("isv.BUSINESS_LIMIT_CONTROL", { temporary: true }))).toEqual({
      temporary: true,
      reason: "isv.BUSINESS_LIMIT_CONTROL",
    });
    expect(deliveryFailure(new DeliveryError("isv.SMS_TEMPLATE_ILLEGAL", { temporary: false }))).toEqual({
      temporary: false,
      reason: "isv.SMS_TEMPLATE_ILLEGAL",
    });
    expect(deliveryFailure(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })).temporary).toBe(true);
    expect(deliveryFailure(Object.assign(new Error("timeout"), { name: "TimeoutError" })).temporary).toBe(true);
    expect(deliveryFailure(Object.assign(new Error("busy"), { responseCode: 421 })).temporary).toBe(true);
    expect(deliveryFailure(Object.assign(new Error("no such user"), { responseCode: 550 })).temporary).toBe(false);
    expect(deliveryFailure(Object.assign(new Error("bad gateway"), { statusCode: 502 })).temporary).toBe(true);
    expect(deliveryFailure(Object.assign(new Error("throttled"), { status: 429 })).temporary).toBe(true);
    expect(deliveryFailure(Object.assign(new Error("bad request"), { statusCode: 400 })).temporary).toBe(false);
    expect(deliveryFailure(Object.assign(new Error("flaky"), { temporary: true })).temporary).toBe(true);
    expect(deliveryFailure(new Error("writeSms: invalid phone number"))).toEqual({ temporary: false, reason: "writeSms: invalid phone number" });
    expect(deliveryFailure(new Error(`a\n${"x".repeat(600)}`)).reason).toHaveLength(500);
  });
});
