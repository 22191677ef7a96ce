import { loadOnce } from "../load-once";
import { DeliveryError } from "./delivery-error";
import { SMS_TEMPLATE_PARAMS, type SmsMessage } from "./notifier";
import type { SmsProvider } from "./sms";
import { compactNumber, messageOf, type SmsTemplateOptions, templateOf } from "./sms-template";

export type TencentSmsOptions = SmsTemplateOptions & {
  secretId: string;
  secretKey: string;
  /** The SMS application's SdkAppId (console → 应用管理). */
  sdkAppId: string;
  region: string;
  /**
   * http(s)://host[:port] of a private endpoint or a test's fake; unset, sms.tencentcloudapi.com. The
   * SDK signs for the service named by the host's first label, so a private endpoint's host starts with "sms.".
   */
  endpoint?: string;
  timeoutMs: number;
};

// Frequency limits (per number, per day, per request rate) and the provider's own trouble: "not now" rather than "never".
const TEMPORARY_CODE = /^(RequestLimitExceeded|LimitExceeded|InternalError|ServiceUnavailable)/;

/** The template's parameters in their order: Tencent fills {1}, {2}… by position. */
function paramSet(message: SmsMessage): string[] {
  const names: readonly string[] = SMS_TEMPLATE_PARAMS[message.kind];
  const params = message.params as Record<string, string>;
  return names.map((name) => params[name] ?? "");
}

/**
 * Tencent Cloud SMS (SendSms 2021-01-11): the approved template filled with the message's parameters
 * by position. The SDK signs each request (TC3-HMAC-SHA256) and does not retry; the job queue does.
 */
export function tencentSmsProvider(options: TencentSmsOptions): SmsProvider {
  const endpoint = options.endpoint ? new URL(options.endpoint) : undefined;
  const client = loadOnce(async () => {
    const { sms } = await import("tencentcloud-sdk-nodejs-sms");
    return new sms.v20210111.Client({
      credential: { secretId: options.secretId, secretKey: options.secretKey },
      region: options.region,
      profile: {
        httpProfile: {
          ...(endpoint ? { endpoint: endpoint.host, protocol: `${endpoint.protocol}//` } : {}),
          reqTimeout: options.timeoutMs / 1000,
        },
      },
    });
  });
  return {
    kind: "tencent",
    async send(message) {
      const { signName, templateCode } = await templateOf(options, message);
      const sender = await client();
      let answer: Awaited<ReturnType<typeof sender.SendSms>>;
      try {
        answer = await sender.SendSms({
          PhoneNumberSet: [compactNumber(message.to)],
          SmsSdkAppId: options.sdkAppId,
          SignName: signName,
          TemplateId: templateCode,
          TemplateParamSet: paramSet(message),
        });
      } catch (error) {
        throw tencentFailure(error);
      }
      // The request can succeed while the one number in it is refused: the number's own status decides.
      const status = answer.SendStatusSet?.[0];
      if (status?.Code !== "Ok") {
        const code = status?.Code ?? "unknown";
        throw new DeliveryError(`${code}: ${status?.Message ?? "no status for the number"}`, { temporary: TEMPORARY_CODE.test(code) });
      }
    },
  };
}

/** An error the SDK threw: the API's refusal (Response.Error), a non-200 answer, or no answer at all. */
function tencentFailure(error: unknown): DeliveryError {
  const { code, httpCode } = (error ?? {}) as { code?: string; httpCode?: number };
  if (code) return new DeliveryError(`${code}: ${messageOf(error)}`, { temporary: TEMPORARY_CODE.test(code) });
  if (typeof httpCode === "number") {
    return new DeliveryError(`HTTP ${httpCode}: ${messageOf(error)}`, { temporary: httpCode >= 500 || httpCode === 429 || httpCode === 408 });
  }
  // No answer (timeout, refused connection) or an unreadable one: worth another try.
  return new DeliveryError(messageOf(error), { temporary: true });
}
