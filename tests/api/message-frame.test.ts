import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { signInDemo } from "../support/demo-cast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotifier } from "../../server/notify";
import { decodeHeaderWords } from "../../server/mail/outbox";
import { startSmtpFake } from "../support/smtp-fake";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";
import { readOutboxSms } from "../support/outbox";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * Every mail and SMS names the exhibition and the organizer (issue 52), added by the notifier for
 * every sender: a signature under each mail, 【signature】 and the exhibition's name on each SMS, and
 * the setting mailSenderName as the From display name. An empty setting adds nothing.
 */
describe.each(backendsOf(import.meta.url))("messages signed with the exhibition and the organizer on %s", (backend) => {
  let api: TempDirTestApi;
  let admin: string;
  let std01: string;
  let exhibitionId: number;
  const tag = crypto.randomBytes(3).toString("hex");
  const names = { nameZh: `签名测试展 ${tag}`, nameEn: `Signed Show ${tag}` };

  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "message-frame-");
    ({ admin, std01 } = await signInDemo(api, ["admin", "std01"]));
    exhibitionId = (await api.db.selectFrom("users").select("exhibition_id").where("username", "=", "std01").executeTakeFirstOrThrow()).exhibition_id;
  });
  afterAll(() => api?.close());

  const saveSettings = async (form: Record<string, string>) => {
    const saved = await api.call("/smeb/exhibition/settings/save", { ticket: admin, form: { ...names, ...form } });
    expect(saved.code, saved.message).toBe(200);
  };
  /** The outbox's raw mails to `to`: From header (decoded) and text. */
  function mailsTo(to: string) {
    const dir = path.join(api.dataDir, "outbox");
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(".eml"))
      .sort()
      .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
      .map((raw) => {
        const split = raw.indexOf("\r\n\r\n");
        const head = raw.slice(0, split).replace(/\r\n[ \t]/g, " ");
        return {
          to: head.match(/^To: (.*)$/m)![1]!,
          from: decodeHeaderWords(head.match(/^From: (.*)$/m)![1]!),
          text: Buffer.from(raw.slice(split + 4).replace(/\s+/g, ""), "base64")
            .toString("utf8")
            .replace(/\r\n/g, "\n"),
        };
      })
      .filter((mail) => mail.to === to);
  }
  const smsTo = (to: string) => readOutboxSms(api.dataDir).filter((sms) => sms.to === to);
  const entrust = async () => {
    const email = `${crypto.randomUUID().slice(0, 8)}@builder.example.com`;
    const made = await api.call("/smeb/service/contractor/entrust", { ticket: std01, form: { companyName: `搭建商 ${tag}`, contactName: "李工", email } });
    expect(made.code, made.message).toBe(200);
    return email;
  };

  it("a mail carries the exhibition's names and the organizer under its text, and comes from the organizer's name", async () => {
    await saveSettings({ mailSenderName: "华南展览服务中心 Expo Service" });
    const email = await entrust();
    const [mail] = mailsTo(email);
    expect(mail!.from).toBe("华南展览服务中心 Expo Service <noreply@portal.local>");
    expect(mail!.text.endsWith(`\n\n--\n${names.nameZh} / ${names.nameEn}\n华南展览服务中心 Expo Service`)).toBe(true);
    const [row] = await api.db.selectFrom("messages").select(["text", "exhibition_id"]).where("recipient", "=", email).execute();
    expect(row).toMatchObject({ text: mail!.text, exhibition_id: exhibitionId });
  });

  it("an SMS is signed 【…】 with the SMS signature, else the organizer, and names the exhibition", async () => {
    await saveSettings({ mailSenderName: "华南展览服务中心", smsSignName: "" });
    const mobile = `139${String(crypto.randomInt(10_000_000, 99_999_999))}`;
    const sent = await api.call("/smeb/exhibitor/info/sendSmsCode", { form: { mobile }, ticket: std01, lang: "zh" });
    expect(sent.code, sent.message).toBe(200);
    const [sms] = smsTo(mobile);
    expect(sms!.text.startsWith("【华南展览服务中心】")).toBe(true);
    expect(sms!.text).toContain(names.nameZh);

    await saveSettings({ mailSenderName: "华南展览服务中心", smsSignName: "签名测试" });
    await api.db.deleteFrom("verification_codes").where("target", "=", mobile).execute();
    expect((await api.call("/smeb/exhibitor/info/sendSmsCode", { form: { mobile }, ticket: std01, lang: "zh" })).code).toBe(200);
    expect(smsTo(mobile).at(-1)!.text.startsWith("【签名测试】")).toBe(true);
  });

  it("empty settings add nothing: no organizer line, no display name, no empty brackets", async () => {
    await saveSettings({ mailSenderName: "", smsSignName: "" });
    const email = await entrust();
    const [mail] = mailsTo(email);
    expect(mail!.from).toBe("noreply@portal.local");
    expect(mail!.text.endsWith(`\n\n--\n${names.nameZh} / ${names.nameEn}`)).toBe(true);
    const mobile = `137${String(crypto.randomInt(10_000_000, 99_999_999))}`;
    expect((await api.call("/smeb/exhibitor/info/sendSmsCode", { form: { mobile }, ticket: std01, lang: "zh" })).code).toBe(200);
    expect(smsTo(mobile)[0]!.text).not.toContain("【");
  });

  it("SMTP mail comes from the organizer's name too", async () => {
    await saveSettings({ mailSenderName: "Expo Service Centre" });
    const smtp = await startSmtpFake();
    try {
      const notifier = createNotifier({ config: { ...api.config, SMTP_URL: smtp.url, MAIL_FROM: "portal@expo.example.com" }, db: api.db });
      await notifier.sendEmail({ kind: "email", to: "buyer@example.com", subject: "Hello", text: "Body", exhibitionId });
      const [received] = smtp.received;
      expect(received!.data).toMatch(/^From: "?Expo Service Centre"? <portal@expo\.example\.com>/m);
      expect(received!.data).toContain("Expo Service Centre");
    } finally {
      await smtp.close();
    }
  });
});
