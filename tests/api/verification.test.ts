import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApiDeps } from "../../server/api/context";
import { translate } from "../../app/contracts/i18n/translate.server";
import { ApiError } from "../../server/api/envelope";
import { decodeHeaderWords } from "../../server/mail/outbox";
import { createNotifier } from "../../server/notify";
import type { DeliveryChannels } from "../../server/notify/channels";
import { DeliveryError } from "../../server/notify/delivery-error";
import {
  checkVerificationCode,
  contactVerificationErrors,
  isVerifiedContact,
  normalizeTarget,
  purgeOldVerificationCodes,
  sendVerificationCode,
} from "../../server/exhibitor/verification";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { outboxFiles, readOutboxSms } from "../support/outbox";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Sent = { resendAfterSeconds: number; expiresInSeconds: number; delivery: { status: string; to: string } };

describe("normalizeTarget", () => {
  it("lowercases and trims e-mail, drops spaces and dashes from mobiles", () => {
    expect(normalizeTarget("email", "  ZhangSan@Galaxy.Example.COM ")).toBe("zhangsan@galaxy.example.com");
    expect(normalizeTarget("sms", " +852 1234-5678 ")).toBe("+85212345678");
    expect(normalizeTarget("sms", "138-1234-5678")).toBe("13812345678");
  });
});

describe.each(backendsOf(import.meta.url))("contact verification codes on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let outbox: string;
  let std01: string;
  let raw01: string;
  let std01Id: number;
  let raw01Id: number;

  const smsMessages = () => readOutboxSms(dataDir);
  const mails = () =>
    outboxFiles(dataDir, ".eml").map((file) => {
      const raw = fs.readFileSync(file, "utf8");
      const split = raw.indexOf("\r\n\r\n");
      const head = raw.slice(0, split).replace(/\r\n[ \t]/g, " ");
      return {
        to: head.match(/^To: (.*)$/m)![1]!,
        subject: decodeHeaderWords(head.match(/^Subject: (.*)$/m)![1]!),
        text: Buffer.from(raw.slice(split + 4).replace(/\s+/g, ""), "base64").toString("utf8"),
      };
    });
  const codeIn = (text: string) => text.match(/\b(\d{6})\b/)![1]!;
  const lastSmsCode = () => codeIn(smsMessages().at(-1)!.text);
  const lastMailCode = () => codeIn(mails().at(-1)!.text);

  const sendSms = (ticket: string | undefined, mobile: string, lang = "en", contactType?: string) =>
    api.call<Sent>("/smeb/exhibitor/info/sendSmsCode", { form: { mobile, ...(contactType ? { contactType } : {}) }, ticket, lang });
  const sendEmail = (ticket: string | undefined, email: string, lang = "en") =>
    api.call<Sent>("/smeb/exhibitor/info/sendEmailCode", { json: { email }, ticket, lang });

  /** Moves every code's send time into the past, as if that much time had gone by. */
  const age = (seconds: number) => sql`update verification_codes set created_at = created_at - make_interval(secs => ${seconds})`.execute(api.db);
  const codeRows = (target: string) => api.db.selectFrom("verification_codes").selectAll().where("target", "=", target).orderBy("id").execute();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-verification-"));
    outbox = path.join(dataDir, "outbox");
    api = await startTestApi(backend, { DATA_DIR: dataDir });
    std01 = await api.login("std01", "Expo#2026");
    raw01 = await api.login("raw01", "Expo#2026");
    const users = await api.db.selectFrom("users").select(["id", "username"]).where("username", "in", ["std01", "raw01"]).execute();
    std01Id = users.find((u) => u.username === "std01")!.id;
    raw01Id = users.find((u) => u.username === "raw01")!.id;
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    fs.rmSync(outbox, { recursive: true, force: true });
    await api.db.deleteFrom("verification_codes").execute();
    await api.db.deleteFrom("verified_contacts").execute();
  });

  describe("sending", () => {
    it("answers 401 without a session, in the caller's language", async () => {
      for (const lang of ["en", "zh-CN"]) {
        const sms = await sendSms(undefined, "13812345678", lang);
        const email = await sendEmail("not-a-ticket", "a@example.org", lang);
        expect([sms.status, sms.code, email.status, email.code]).toEqual([401, 401, 401, 401]);
      }
      expect(outboxFiles(dataDir)).toEqual([]);
    });

    it("texts a 6-digit code valid 10 minutes and stores only its salted hash", async () => {
      const result = await sendSms(std01, "13812345678");
      expect(result).toMatchObject({
        status: 200,
        code: 200,
        message: "A code was sent to 13812345678",
        data: { resendAfterSeconds: 60, expiresInSeconds: 600 },
      });
      const [sms, ...others] = smsMessages();
      expect(others).toEqual([]);
      expect(sms!.to).toBe("13812345678");
      // Signed by the notifier: the demo's SMS signature, and the exhibition's name in the text's language.
      expect(sms!.text).toMatch(/^【展商服务平台】Your verification code is \d{6}\. It is valid for 10 minutes\. Do not share it with anyone\. \(.+\)$/);
      expect(Date.parse(sms!.createdAt)).toBeGreaterThan(Date.now() - 60_000);

      const code = lastSmsCode();
      const [row] = await codeRows("13812345678");
      expect(row).toMatchObject({ user_id: std01Id, channel: "sms", attempts: 0, consumed_at: null });
      expect(row!.code_hash).toMatch(/^v1\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
      expect(row!.code_hash).not.toContain(code);
      const lifetime = new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime();
      expect(lifetime).toBe(600_000);
    });

    it("writes Chinese texts for zh and normalizes the target (overseas mobile, mixed-case e-mail)", async () => {
      const sms = await sendSms(std01, "+852 1234-5678", "zh-CN", "overseas");
      expect(sms.code).toBe(200);
      expect(sms.message).toBe("验证码已发送至+852 1234-5678");
      expect(smsMessages()[0]).toMatchObject({
        to: "+85212345678",
        // Signed by the notifier with the demo's SMS signature, and naming the exhibition.
        text: expect.stringMatching(/^【展商服务平台】您的验证码为\d{6}，10分钟内有效。请勿将验证码告知他人。（.+）$/),
      });

      const email = await sendEmail(std01, "  ZhangSan@Galaxy-Smart.Example.com ", "zh-CN");
      expect(email.code).toBe(200);
      const [mail] = mails();
      expect(mail!.to).toBe("zhangsan@galaxy-smart.example.com");
      expect(mail!.subject).toMatch(/^您的验证码：\d{6}$/);
      expect(mail!.text).toContain(`您的验证码为 ${lastMailCode()}，10分钟内有效。`);
      expect(mail!.text).toContain("请勿将验证码告知他人");
      expect((await codeRows("zhangsan@galaxy-smart.example.com")).map((r) => r.channel)).toEqual(["email"]);
    });

    it("writes English e-mail for en", async () => {
      expect((await sendEmail(std01, "lisi@example.org")).code).toBe(200);
      const [mail] = mails();
      expect(mail!.subject).toBe(`Your verification code: ${lastMailCode()}`);
      expect(mail!.text).toContain(`Your verification code is ${lastMailCode()}. It is valid for 10 minutes.`);
      expect(mail!.text).toContain("Do not share this code with anyone.");
    });

    it("validates the input with the field's label", async () => {
      const badMobile = await sendSms(std01, "12345");
      expect(badMobile).toMatchObject({ status: 400, code: 400 });
      expect(badMobile.message).toMatch(/correct/i);
      expect(badMobile.data).toMatchObject({ fields: { mobile: [expect.stringContaining("validation.correct")] } });
      const noEmail = await sendEmail(std01, "", "zh-CN");
      expect(noEmail).toMatchObject({ status: 400, code: 400 });
      expect(noEmail.message).not.toMatch(/^validation\./);
      expect((await sendEmail(std01, "not-an-email")).code).toBe(400);
      expect(outboxFiles(dataDir)).toEqual([]);
    });

    it("allows one send per target per minute, whoever asks, with the wait in the message", async () => {
      const sentAt = Date.now();
      expect((await sendSms(std01, "13812345678")).code).toBe(200);
      // The wait counts real seconds from the send: 60 less what has passed since (a busy machine takes seconds).
      const waitSays = (message: string, pattern: RegExp) => {
        const seconds = Number(pattern.exec(message)?.[1]);
        expect(seconds, message).toBeLessThanOrEqual(60);
        expect(seconds, message).toBeGreaterThanOrEqual(60 - Math.ceil((Date.now() - sentAt) / 1000));
      };
      const again = await sendSms(std01, "13812345678");
      expect(again).toMatchObject({ status: 429, code: 429 });
      waitSays(again.message, /^Please wait (\d+) seconds before requesting another code$/);
      waitSays((await sendSms(std01, "13812345678", "zh-CN")).message, /^请等待(\d+)秒后再重新获取验证码$/);
      // Another account cannot flood the same phone either; another target is fine.
      expect((await sendSms(raw01, "13812345678")).code).toBe(429);
      expect((await sendSms(std01, "13812345679")).code).toBe(200);

      await age(45);
      const after45 = (await sendSms(std01, "13812345678")).message;
      const seconds = Number(/^Please wait (\d+) seconds/.exec(after45)?.[1]);
      expect(seconds, after45).toBeLessThanOrEqual(15);
      expect(seconds, after45).toBeGreaterThanOrEqual(15 - Math.ceil((Date.now() - sentAt) / 1000));
      await age(16);
      expect((await sendSms(std01, "13812345678")).code).toBe(200);
      expect(smsMessages()).toHaveLength(3);
    });

    it("caps sends at 10 per user and channel per hour", async () => {
      for (let i = 0; i < 10; i++) expect((await sendEmail(std01, `contact${i}@example.org`)).code).toBe(200);
      const capped = await sendEmail(std01, "contact10@example.org");
      expect(capped).toMatchObject({ status: 429, code: 429, message: "Too many codes requested, please try again in 60 minutes" });
      expect((await sendEmail(std01, "contact10@example.org", "zh-CN")).message).toBe("获取验证码过于频繁，请60分钟后再试");
      // Per channel and per user.
      expect((await sendSms(std01, "13812345678")).code).toBe(200);
      expect((await sendEmail(raw01, "contact10@example.org")).code).toBe(200);
      await age(40 * 60);
      expect((await sendEmail(std01, "contact11@example.org")).message).toBe("Too many codes requested, please try again in 20 minutes");
      await age(20 * 60 + 1);
      expect((await sendEmail(std01, "contact11@example.org")).code).toBe(200);
      expect(mails()).toHaveLength(12);
    });

    it("lets only one of several parallel sends to a target through", async () => {
      const results = await Promise.all(Array.from({ length: 5 }, () => sendSms(std01, "13812345678")));
      expect(results.map((r) => r.code).sort()).toEqual([200, 429, 429, 429, 429]);
      expect(await codeRows("13812345678")).toHaveLength(1);
    });

    it("prunes the sender's day-old codes", async () => {
      await sendEmail(std01, "old@example.org");
      await sendEmail(raw01, "other@example.org");
      await age(25 * 3600);
      await sendEmail(std01, "new@example.org");
      const rows = await api.db.selectFrom("verification_codes").select("target").orderBy("id").execute();
      expect(rows.map((r) => r.target)).toEqual(["other@example.org", "new@example.org"]);
    });

    it("forgets a code whose delivery failed, so the user can ask again at once", async () => {
      const failing = { sendEmail: () => Promise.reject(new Error("SMTP down")), sendSms: () => Promise.reject(new Error("gateway down")) };
      const deps = { db: api.db, config: api.config, notifier: failing } as unknown as ApiDeps;
      await expect(sendVerificationCode(deps, { id: std01Id }, "email", "down@example.org", "en")).rejects.toThrow(/SMTP down/);
      expect(await codeRows("down@example.org")).toEqual([]);
      expect((await sendEmail(std01, "down@example.org")).code).toBe(200);
    });

    it("an SMS the provider refuses at once (no job queue) is a translated message at the mobile field, not a 500", async () => {
      const refusing: DeliveryChannels = {
        emailTransport: "smtp",
        smsProvider: "refusing",
        sendEmail: () => Promise.reject(new DeliveryError("550 mailbox unavailable", { temporary: false })),
        sendSms: () => Promise.reject(new DeliveryError("isv.MOBILE_NUMBER_ILLEGAL", { temporary: false })),
      };
      const deps = { db: api.db, config: api.config, notifier: createNotifier({ config: api.config, db: api.db, channels: refusing }) } as unknown as ApiDeps;
      const refused = await sendVerificationCode(deps, { id: raw01Id }, "sms", "13912340000", "zh").catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ code: 503, messageKey: "exhibitor.verify.smsFailed", data: { fields: { mobile: ["exhibitor.verify.smsFailed"] } } });
      expect(translate("zh", "exhibitor.verify.smsFailed")).toBe("短信未能发送到该号码，请检查号码或稍后重试");
      expect(await codeRows("13912340000")).toEqual([]);
      const [logged] = await api.db.selectFrom("messages").select(["status", "reason"]).where("recipient", "=", "13912340000").execute();
      expect(logged).toEqual({ status: "failed", reason: "isv.MOBILE_NUMBER_ILLEGAL" });

      const mail = await sendVerificationCode(deps, { id: raw01Id }, "email", "refused@example.org", "en").catch((error: unknown) => error);
      expect(mail).toMatchObject({ messageKey: "exhibitor.verify.emailFailed", data: { fields: { email: ["exhibitor.verify.emailFailed"] } } });
    });

    it("the answer says whether the code left or waits in the queue, with the recipient masked", async () => {
      const sent = await sendSms(raw01, "13912345670");
      expect(sent.code, sent.message).toBe(200);
      expect(sent.data.delivery).toEqual({ status: "sent", to: "1391******0" });
    });
  });

  describe("checking", () => {
    it("counts wrong tries, then consumes the right code and records the verified contact", async () => {
      await sendSms(std01, "13812345678");
      const code = lastSmsCode();
      const wrong = code === "000000" ? "000001" : "000000";
      expect(await checkVerificationCode(api.db, std01Id, "sms", "13812345678", wrong)).toBe("wrong");
      expect(await checkVerificationCode(api.db, std01Id, "sms", "13812345678", "abc")).toBe("wrong");
      expect((await codeRows("13812345678"))[0]!.attempts).toBe(2);
      // Another user's code is not ours.
      expect(await checkVerificationCode(api.db, raw01Id, "sms", "13812345678", code)).toBe("noCode");
      expect(await isVerifiedContact(api.db, std01Id, "sms", "138-1234-5678")).toBe(false);

      expect(await checkVerificationCode(api.db, std01Id, "sms", "138 1234 5678", ` ${code} `)).toBe("ok");
      expect((await codeRows("13812345678"))[0]!.consumed_at).not.toBeNull();
      expect(await checkVerificationCode(api.db, std01Id, "sms", "13812345678", code)).toBe("noCode");
      expect(await isVerifiedContact(api.db, std01Id, "sms", "138-1234-5678")).toBe(true);
      expect(await isVerifiedContact(api.db, raw01Id, "sms", "13812345678")).toBe(false);
      expect(await isVerifiedContact(api.db, std01Id, "email", "13812345678")).toBe(false);
      const contacts = await api.db.selectFrom("verified_contacts").select(["user_id", "channel", "target"]).execute();
      expect(contacts).toEqual([{ user_id: std01Id, channel: "sms", target: "13812345678" }]);
    });

    it("kills a code after 5 wrong tries, even for the right code afterwards", async () => {
      await sendEmail(std01, "five@example.org");
      const code = lastMailCode();
      const wrong = code === "999999" ? "999998" : "999999";
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await checkVerificationCode(api.db, std01Id, "email", "five@example.org", wrong));
      expect(results).toEqual(["wrong", "wrong", "wrong", "wrong", "tooManyTries"]);
      expect(await checkVerificationCode(api.db, std01Id, "email", "FIVE@example.org", code)).toBe("tooManyTries");
      expect((await codeRows("five@example.org"))[0]!.attempts).toBe(5);
      expect(await isVerifiedContact(api.db, std01Id, "email", "five@example.org")).toBe(false);
    });

    it("refuses an expired code", async () => {
      await sendEmail(std01, "late@example.org");
      const code = lastMailCode();
      await api.db.updateTable("verification_codes").set({ expires_at: sql<Date>`now() - interval '1 second'` }).execute();
      expect(await checkVerificationCode(api.db, std01Id, "email", "late@example.org", code)).toBe("expired");
      expect(await isVerifiedContact(api.db, std01Id, "email", "late@example.org")).toBe(false);
    });

    it("answers noCode when nothing was sent", async () => {
      expect(await checkVerificationCode(api.db, std01Id, "email", "never@example.org", "123456")).toBe("noCode");
    });

    it("accepts only the newest code sent to a target", async () => {
      await sendSms(std01, "13812345678");
      const first = lastSmsCode();
      await age(61);
      await sendSms(std01, "13812345678");
      const second = lastSmsCode();
      if (first !== second) expect(await checkVerificationCode(api.db, std01Id, "sms", "13812345678", first)).toBe("wrong");
      expect(await checkVerificationCode(api.db, std01Id, "sms", "13812345678", second)).toBe("ok");
    });
  });

  describe("contactVerificationErrors", () => {
    const mobile = "13812345678";
    const email = "zhangsan@galaxy-smart.example.com";

    it("asks for codes for unverified contacts and ignores empty ones", async () => {
      expect(await contactVerificationErrors(api.db, std01Id, {})).toEqual({});
      expect(await contactVerificationErrors(api.db, std01Id, { contact1Mobile: " ", contact1Email: "" })).toEqual({});
      expect(await contactVerificationErrors(api.db, std01Id, { contact1Mobile: mobile, contact1Email: email, contact1MobileCode: " " })).toEqual({
        contact1MobileCode: ["exhibitor.verify.required"],
        contact1EmailCode: ["exhibitor.verify.required"],
      });
      expect(
        await contactVerificationErrors(api.db, std01Id, {
          contact1Mobile: mobile,
          contact1Email: email,
          contact1MobileCode: "123456",
          contact1EmailCode: "123456",
        }),
      ).toEqual({
        contact1MobileCode: ["exhibitor.verify.noCode"],
        contact1EmailCode: ["exhibitor.verify.noCode"],
      });
    });

    it("maps wrong, expired and dead codes, and passes verified contacts", async () => {
      await sendSms(std01, mobile);
      await sendEmail(std01, email);
      const smsCode = lastSmsCode();
      const mailCode = lastMailCode();
      const wrongSms = smsCode === "000000" ? "111111" : "000000";
      expect(
        await contactVerificationErrors(api.db, std01Id, {
          contact1Mobile: mobile,
          contact1Email: email,
          contact1MobileCode: wrongSms,
          contact1EmailCode: mailCode,
        }),
      ).toEqual({
        contact1MobileCode: ["exhibitor.verify.wrong"],
      });
      // The e-mail is verified now: no code needed any more, in any spelling.
      expect(await contactVerificationErrors(api.db, std01Id, { contact1Email: email.toUpperCase() })).toEqual({});

      for (let i = 0; i < 3; i++) await checkVerificationCode(api.db, std01Id, "sms", mobile, wrongSms);
      expect(await contactVerificationErrors(api.db, std01Id, { contact1Mobile: mobile, contact1MobileCode: wrongSms })).toEqual({
        contact1MobileCode: ["exhibitor.verify.tooManyTries"],
      });

      await age(61);
      await sendSms(std01, mobile);
      await api.db.updateTable("verification_codes").set({ expires_at: sql<Date>`now() - interval '1 second'` }).where("channel", "=", "sms").execute();
      expect(await contactVerificationErrors(api.db, std01Id, { contact1Mobile: mobile, contact1MobileCode: lastSmsCode() })).toEqual({
        contact1MobileCode: ["exhibitor.verify.expired"],
      });

      await age(61);
      await sendSms(std01, mobile);
      expect(await contactVerificationErrors(api.db, std01Id, { contact1Mobile: mobile, contact1Email: email, contact1MobileCode: lastSmsCode() })).toEqual({});
      expect(await contactVerificationErrors(api.db, std01Id, { contact1Mobile: mobile, contact1Email: email })).toEqual({});
      // A changed number needs a new verification.
      expect(await contactVerificationErrors(api.db, std01Id, { contact1Mobile: "13900000000", contact1Email: email })).toEqual({
        contact1MobileCode: ["exhibitor.verify.required"],
      });
    });

    it("housekeeping drops day-old codes only, and keeps verified contacts", async () => {
      // Verification codes live on the database's clock (server/exhibitor/verification.ts), which may differ from this process's.
      const row = (hoursAgo: number) => ({
        user_id: std01Id,
        channel: "sms" as const,
        target: `1390000${String(hoursAgo).padStart(4, "0")}`,
        code_hash: "x",
        expires_at: sql<Date>`now()`,
        created_at: sql<Date>`now() - make_interval(hours => ${hoursAgo})`,
      });
      await api.db
        .insertInto("verification_codes")
        .values([row(30), row(2)])
        .execute();
      const verifiedBefore = await api.db.selectFrom("verified_contacts").select("target").where("user_id", "=", std01Id).execute();
      await purgeOldVerificationCodes(api.db);
      const left = await api.db.selectFrom("verification_codes").select("target").where("target", "in", ["13900000030", "13900000002"]).execute();
      expect(left.map((r) => r.target)).toEqual(["13900000002"]);
      expect(await api.db.selectFrom("verified_contacts").select("target").where("user_id", "=", std01Id).execute()).toEqual(verifiedBefore);
    });
  });
});
