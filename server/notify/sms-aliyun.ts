import type Dysmsapi from "@alicloud/dysmsapi20170525";
import { loadOnce } from "../load-once";
import { DeliveryError } from "./delivery-error";
import type { SmsProvider } from "./sms";
import { compactNumber, messageOf, type SmsTemplateOptions, templateOf } from "./sms-template";

export type AliyunSmsOptions = SmsTemplateOptions & {
  accessKeyId: string;
  accessKeySecret: string;
  region: string;
  /** http(s)://host[:port] of a private endpoint or a test's fake; unset, the SDK's public endpoint for the region. */
  endpoint?: string;
  timeoutMs: number;
};

/** The SDK, loaded with the first message. */
const loadSdk = loadOnce(async () => {
  const sdk = await import("@alicloud/dysmsapi20170525");
  // Node's ESM loader hands over the CommonJS exports object (whose `default` is the client); a bundler, the client itself.
  const Client: typeof Dysmsapi = (sdk.default as unknown as { default?: typeof Dysmsapi }).default ?? sdk.default;
  return { Client, SendSmsRequest: sdk.SendSmsRequest };
});

// Codes that say "not now" rather than "never": flow control per number, per day, and the provider's own trouble.
const TEMPORARY_CODE = /LIMIT_CONTROL|Throttling|SYSTEM_ERROR|ServiceUnavailable|InternalError/i;

/**
 * Aliyun SMS (dysmsapi SendSms): the approved template filled with the message's parameters by name.
 * The SDK signs each request (ACS3-HMAC-SHA256) and does not retry; retries belong to the job queue.
 */
export function aliyunSmsProvider(options: AliyunSmsOptions): SmsProvider {
  const endpoint = options.endpoint ? new URL(options.endpoint) : undefined;
  // The SDK's Config class lives in @alicloud/openapi-core, which we do not depend on directly; the client only reads these fields.
  const config = {
    accessKeyId: options.accessKeyId,
    accessKeySecret: options.accessKeySecret,
    regionId: options.region,
    endpoint: endpoint?.host,
    protocol: endpoint ? endpoint.protocol.replace(/:$/, "") : "https",
    readTimeout: options.timeoutMs,
    connectTimeout: options.timeoutMs,
  } as unknown as ConstructorParameters<typeof Dysmsapi>[0];
  const connection = loadOnce(async () => {
    const sdk = await loadSdk();
    return { SendSmsRequest: sdk.SendSmsRequest, client: new sdk.Client(config) };
  });
  return {
    kind: "aliyun",
    async send(message) {
      const { signName, templateCode } = await templateOf(options, message);
      const { SendSmsRequest, client } = await connection();
      const request = new SendSmsRequest({
        // Aliyun wants the country code without "+" (85212345678); mainland numbers may go without it.
        phoneNumbers: compactNumber(message.to).replace(/^\+/, ""),
        signName,
        templateCode,
        templateParam: JSON.stringify(message.params),
      });
      let body: { code?: string; message?: string } | undefined;
      try {
        body = (await client.sendSms(request)).body;
      } catch (error) {
        throw aliyunFailure(error);
      }
      if (body?.code !== "OK") {
        const code = body?.code ?? "unknown";
        throw new DeliveryError(`${code}: ${body?.message ?? "no message"}`, { temporary: TEMPORARY_CODE.test(code) });
      }
    },
  };
}

/** An error the SDK threw: an HTTP error answer (with the provider's code), or no answer at all. */
function aliyunFailure(error: unknown): DeliveryError {
  const { statusCode, code, data } = (error ?? {}) as { statusCode?: number; code?: string; data?: { Message?: string; message?: string } };
  if (typeof statusCode !== "number") {
    // No HTTP answer (timeout, refused connection) or one that is not the API's: worth another try.
    return new DeliveryError(messageOf(error), { temporary: true });
  }
  const reason = `${code ?? `HTTP ${statusCode}`}: ${data?.Message ?? data?.message ?? messageOf(error)}`;
  const temporary = statusCode >= 500 || statusCode === 429 || TEMPORARY_CODE.test(code ?? "");
  return new DeliveryError(reason, { temporary });
}
