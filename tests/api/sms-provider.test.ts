import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { saveExhibitionSettings } from "../../server/exhibition-settings/store";
import { SMS_KINDS } from "../../server/notify/notifier";
import { startFakeAliyun } from "../support/fake-sms-providers";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/** An SMS of a real flow (contact verification) leaves through SMS_PROVIDER=aliyun and reaches the (fake) provider. */
describe.each(backendsOf(import.meta.url))("SMS through Aliyun on %s", (backend) => {
  const secret = "aliyun-api-test-secret-0123";
  const templates = Object.fromEntries(SMS_KINDS.map((kind, i) => [kind, `SMS_5000${i}`]));
  let fake: Awaited<ReturnType<typeof startFakeAliyun>>;
  let api: TestApi;
  let dataDir: string;
  let std01: string;
  let exhibitionId: number;

  beforeAll(async () => {
    fake = await startFakeAliyun(secret);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-sms-provider-"));
    api = await startTestApi(backend, {
      DATA_DIR: dataDir,
      SMS_PROVIDER: "aliyun",
      ALIYUN_ACCESS_KEY_ID: "LTAI-api-test",
      ALIYUN_ACCESS_KEY_SECRET: secret,
      SMS_TEMPLATES: JSON.stringify(templates),
      SMS_SIGN_NAME: "环境签名",
      SMS_ENDPOINT: fake.endpoint,
      SMS_TIMEOUT_MS: "2000",
    });
    std01 = await api.login("std01", "Expo#2026");
    exhibitionId = (await api.db.selectFrom("exhibitions").select("id").where("is_current", "=", true).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await api?.close();
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    fake.requests.length = 0;
    await api.db.deleteFrom("verification_codes").execute();
    await saveExhibitionSettings(api.db, exhibitionId, { smsSignName: null });
  });

  const sendCode = (mobile: string) => api.call("/smeb/exhibitor/info/sendSmsCode", { form: { mobile }, ticket: std01 });

  it("sends the verification code as the mobileVerification template, signed, with SMS_SIGN_NAME when the organizer set no signature", async () => {
    expect((await sendCode("13812345678")).code).toBe(200);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.signatureValid).toBe(true);
    expect(request.query).toMatchObject({ PhoneNumbers: "13812345678", SignName: "环境签名", TemplateCode: templates.mobileVerification });
    expect(JSON.parse(request.query.TemplateParam!)).toEqual({ code: expect.stringMatching(/^\d{6}$/), minutes: "10" });
    // Nothing went to the outbox: the provider is the channel.
    expect(fs.existsSync(path.join(dataDir, "outbox"))).toBe(false);
  });

  it("signs with the organizer's signature setting over SMS_SIGN_NAME", async () => {
    await saveExhibitionSettings(api.db, exhibitionId, { smsSignName: "广州国际展" });
    expect((await sendCode("13812345679")).code).toBe(200);
    expect(fake.requests.map((r) => r.query.SignName)).toEqual(["广州国际展"]);
  });
});
