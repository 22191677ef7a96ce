import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createSmsProvider } from "../../server/notify/channels";
import { DeliveryError } from "../../server/notify/delivery-error";
import { SMS_KINDS, type SmsMessage } from "../../server/notify/notifier";
import { type FakeAnswer, startFakeAliyun, startFakeTencent } from "../support/fake-sms-providers";

const visitorCode: SmsMessage = {
  to: "138 0013-8000",
  text: "【第二十届广州国际展】您的验证码为 604219，10 分钟内有效，请勿泄露。",
  kind: "visitorCode",
  params: { exhibition: "第二十届广州国际展", code: "604219", minutes: "10" },
};

/** A short SDK timeout: the "never answers" case ends by the client's own timeout, not a sleep. */
const TIMEOUT_MS = "400";

async function failureOf(send: Promise<void>): Promise<DeliveryError> {
  const error = await send.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

const json = (status: number, body: unknown): FakeAnswer => ({ status, body: JSON.stringify(body) });

describe("Aliyun SMS against a local fake of dysmsapi", () => {
  const secret = "aliyun-test-secret-0123456789";
  let fake: Awaited<ReturnType<typeof startFakeAliyun>>;
  const templates = Object.fromEntries(SMS_KINDS.map((kind, i) => [kind, `SMS_10000${i}`]));
  /** The provider's settings pointed at `endpoint`; a case changes or removes one by `changes`. */
  const aliyun = (endpoint: string, changes: Record<string, string | undefined> = {}) =>
    createSmsProvider(
      loadConfig({
        SMS_PROVIDER: "aliyun",
        ALIYUN_ACCESS_KEY_ID: "LTAI-test-id",
        ALIYUN_ACCESS_KEY_SECRET: secret,
        SMS_TEMPLATES: JSON.stringify(templates),
        SMS_SIGN_NAME: "广州国际展",
        SMS_ENDPOINT: endpoint,
        SMS_TIMEOUT_MS: TIMEOUT_MS,
        ...changes,
      }),
    );
  const provider = () => aliyun(fake.endpoint);
  beforeAll(async () => {
    fake = await startFakeAliyun(secret);
  });
  afterEach(() => {
    fake.requests.length = 0;
    fake.answer(json(200, { Code: "OK", Message: "OK", BizId: "1^0", RequestId: "r-1" }));
  });
  afterAll(() => fake.close());

  it("sends a signed SendSms with the number, signature, template code and parameters", async () => {
    await provider().send(visitorCode);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.action).toBe("SendSms");
    expect(request.accessKeyId).toBe("LTAI-test-id");
    expect(request.signatureValid).toBe(true);
    expect(request.query).toMatchObject({ PhoneNumbers: "13800138000", SignName: "广州国际展", TemplateCode: templates.visitorCode });
    expect(JSON.parse(request.query.TemplateParam!)).toEqual({ exhibition: "第二十届广州国际展", code: "604219", minutes: "10" });
  });

  it("sends an international number with its country code and without the plus", async () => {
    await provider().send({ ...visitorCode, to: "+852 1234 5678" });
    expect(fake.requests[0]!.query.PhoneNumbers).toBe("85212345678");
  });

  it("is refused with a wrong secret: the fake's check of the signature is real", async () => {
    const other = await startFakeAliyun("another-secret");
    try {
      await aliyun(other.endpoint).send(visitorCode);
      expect(other.requests[0]!.signatureValid).toBe(false);
    } finally {
      await other.close();
    }
  });

  it("takes flow control (in the answer or as Throttling) as temporary", async () => {
    fake.answer(json(200, { Code: "isv.BUSINESS_LIMIT_CONTROL", Message: "触发小时级流控Permits:5", RequestId: "r-2" }));
    const limited = await failureOf(provider().send(visitorCode));
    expect(limited).toMatchObject({ temporary: true, reason: "isv.BUSINESS_LIMIT_CONTROL: 触发小时级流控Permits:5" });

    fake.answer(json(400, { Code: "Throttling.User", Message: "Request was denied due to user flow control.", RequestId: "r-3" }));
    const throttled = await failureOf(provider().send(visitorCode));
    expect(throttled).toMatchObject({ temporary: true, reason: "Throttling.User: Request was denied due to user flow control." });
  });

  it("takes a bad template, an invalid number and bad credentials as permanent, with the provider's reason", async () => {
    fake.answer(json(200, { Code: "isv.SMS_TEMPLATE_ILLEGAL", Message: "该账号下找不到对应模板", RequestId: "r-4" }));
    expect(await failureOf(provider().send(visitorCode))).toMatchObject({ temporary: false, reason: "isv.SMS_TEMPLATE_ILLEGAL: 该账号下找不到对应模板" });

    fake.answer(json(200, { Code: "isv.MOBILE_NUMBER_ILLEGAL", Message: "非法手机号", RequestId: "r-5" }));
    expect(await failureOf(provider().send(visitorCode))).toMatchObject({ temporary: false, reason: "isv.MOBILE_NUMBER_ILLEGAL: 非法手机号" });

    fake.answer(json(404, { Code: "InvalidAccessKeyId.NotFound", Message: "Specified access key is not found.", RequestId: "r-6" }));
    expect(await failureOf(provider().send(visitorCode))).toMatchObject({
      temporary: false,
      reason: "InvalidAccessKeyId.NotFound: Specified access key is not found.",
    });
  });

  it("takes an HTTP 500 (the API's own or a proxy's page) as temporary", async () => {
    fake.answer(json(500, { Code: "InternalError", Message: "The request processing has failed due to some unknown error.", RequestId: "r-7" }));
    expect(await failureOf(provider().send(visitorCode))).toMatchObject({ temporary: true, reason: expect.stringMatching(/^InternalError: /) });

    fake.answer({ status: 502, body: "<html>Bad Gateway</html>", contentType: "text/html" });
    expect((await failureOf(provider().send(visitorCode))).temporary).toBe(true);
  });

  it("takes a provider that does not answer in SMS_TIMEOUT_MS as temporary", async () => {
    fake.answer("never");
    const failure = await failureOf(provider().send(visitorCode));
    expect(failure.temporary).toBe(true);
    expect(failure.reason).toMatch(/timeout/i);
  });

  it("takes an unreachable provider as temporary", async () => {
    const gone = await startFakeAliyun(secret);
    await gone.close();
    const failure = await failureOf(aliyun(gone.endpoint).send(visitorCode));
    expect(failure.temporary).toBe(true);
    expect(failure.reason).toMatch(/ECONNREFUSED/);
    // The SDK's message names the request's URL, query and all: the reason keeps neither the number nor the code.
    expect(failure.reason).not.toMatch(/13800138000|604219/);
  });

  it("sends nothing without a signature, and says so", async () => {
    expect(await failureOf(aliyun(fake.endpoint, { SMS_SIGN_NAME: undefined }).send(visitorCode))).toMatchObject({
      temporary: false,
      reason: expect.stringMatching(/signature/),
    });
    expect(fake.requests).toEqual([]);
  });
});

describe("Tencent Cloud SMS against a local fake of its API", () => {
  const secret = "tencent-test-key-0123456789";
  let fake: Awaited<ReturnType<typeof startFakeTencent>>;
  const templates = Object.fromEntries(SMS_KINDS.map((kind, i) => [kind, `20000${i}`]));
  const tencent = (endpoint: string) =>
    createSmsProvider(
      loadConfig({
        SMS_PROVIDER: "tencent",
        TENCENT_SECRET_ID: "AKID-test-id",
        TENCENT_SECRET_KEY: secret,
        TENCENT_SMS_SDK_APP_ID: "1400006666",
        TENCENT_SMS_REGION: "ap-beijing",
        SMS_TEMPLATES: JSON.stringify(templates),
        SMS_SIGN_NAME: "广州国际展",
        SMS_ENDPOINT: endpoint,
        SMS_TIMEOUT_MS: TIMEOUT_MS,
      }),
    );
  const provider = () => tencent(fake.endpoint);
  const numberStatus = (Code: string, Message: string) =>
    json(200, {
      Response: { SendStatusSet: [{ SerialNo: "", PhoneNumber: "+8613800138000", Fee: 0, SessionContext: "", Code, Message, IsoCode: "CN" }], RequestId: "r" },
    });
  const apiError = (Code: string, Message: string) => json(200, { Response: { Error: { Code, Message }, RequestId: "r" } });
  beforeAll(async () => {
    fake = await startFakeTencent(secret);
  });
  afterEach(() => {
    fake.requests.length = 0;
    fake.answer(numberStatus("Ok", "send success"));
  });
  afterAll(() => fake.close());

  it("sends a signed SendSms with the number, signature, template id and parameters in the template's order", async () => {
    const reminder: SmsMessage = {
      to: "+86 138 0013 8000",
      text: "【待办】展位楼面图 截止 2026-10-20 18:00（北京时间），请办理：https://expo.example.org/x",
      kind: "reminder",
      params: { link: "https://expo.example.org/x", deadline: "2026-10-20 18:00", item: "展位楼面图" },
    };
    await provider().send(reminder);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request).toMatchObject({ action: "SendSms", region: "ap-beijing", secretId: "AKID-test-id", signatureValid: true });
    expect(request.body).toEqual({
      PhoneNumberSet: ["+8613800138000"],
      SmsSdkAppId: "1400006666",
      SignName: "广州国际展",
      TemplateId: templates.reminder,
      // Positional, in SMS_TEMPLATE_PARAMS's order (item, deadline, link), whatever the object's order.
      TemplateParamSet: ["展位楼面图", "2026-10-20 18:00", "https://expo.example.org/x"],
    });
  });

  it("sends an international number in E.164, with its plus", async () => {
    await provider().send({ ...visitorCode, to: "+852 1234-5678" });
    expect(fake.requests[0]!.body.PhoneNumberSet).toEqual(["+85212345678"]);
  });

  it("is refused with a wrong secret: the fake's check of the signature is real", async () => {
    const other = await startFakeTencent("another-secret");
    try {
      await tencent(other.endpoint).send(visitorCode);
      expect(other.requests[0]!.signatureValid).toBe(false);
    } finally {
      await other.close();
    }
  });

  it("takes frequency limits (the number's or the API's) as temporary", async () => {
    fake.answer(
      numberStatus(
        "LimitExceeded.PhoneNumberThirtySecondLimit",
        "the number of sms messages sent from a single mobile number within 30 seconds exceeds the upper limit",
      ),
    );
    expect(await failureOf(provider().send(visitorCode))).toMatchObject({
      temporary: true,
      reason: expect.stringMatching(/^LimitExceeded\.PhoneNumberThirtySecondLimit: /),
    });
    fake.answer(apiError("RequestLimitExceeded", "Your current request rate is too high."));
    expect(await failureOf(provider().send(visitorCode))).toMatchObject({
      temporary: true,
      reason: "RequestLimitExceeded: Your current request rate is too high.",
    });
  });

  it("takes a bad template, an invalid number and a bad signature as permanent, with the provider's reason", async () => {
    fake.answer(
      apiError("FailedOperation.TemplateIncorrectOrUnapproved", "template is not approved or request content does not match the approved template content."),
    );
    expect(await failureOf(provider().send(visitorCode))).toMatchObject({
      temporary: false,
      reason: "FailedOperation.TemplateIncorrectOrUnapproved: template is not approved or request content does not match the approved template content.",
    });
    fake.answer(numberStatus("InvalidParameterValue.IncorrectPhoneNumber", "incorrect number format"));
    expect(await failureOf(provider().send(visitorCode))).toMatchObject({
      temporary: false,
      reason: "InvalidParameterValue.IncorrectPhoneNumber: incorrect number format",
    });
    fake.answer(apiError("AuthFailure.SignatureFailure", "The provided credentials could not be validated."));
    expect((await failureOf(provider().send(visitorCode))).temporary).toBe(false);
  });

  it("takes an HTTP 500 as temporary", async () => {
    fake.answer({ status: 500, body: "Internal Server Error", contentType: "text/plain" });
    expect(await failureOf(provider().send(visitorCode))).toMatchObject({ temporary: true, reason: expect.stringMatching(/^HTTP 500/) });
  });

  it("takes a provider that does not answer in SMS_TIMEOUT_MS as temporary", async () => {
    fake.answer("never");
    const failure = await failureOf(provider().send(visitorCode));
    expect(failure.temporary).toBe(true);
    expect(failure.reason).toMatch(/timeout/i);
  });
});
