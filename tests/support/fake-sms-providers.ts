import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local fakes of the Aliyun and Tencent Cloud SMS APIs for the providers' tests: each records what
 * arrives, checks its signature with the test's secret the way the provider does, and answers what
 * the test set (by default the provider's "sent").
 */
export type FakeAnswer = { status: number; body: string; contentType?: string } | "never";

type Received = { method: string; url: URL; headers: http.IncomingHttpHeaders; body: string };

async function startFake<R>(secret: string, defaultAnswer: FakeAnswer, parse: (request: Received, secret: string) => R) {
  const requests: R[] = [];
  let answer = defaultAnswer;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const received = {
        method: req.method ?? "",
        url: new URL(req.url ?? "/", "http://fake"),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(parse(received, secret));
      if (answer === "never") {
        // Held open until the test closes the fake: the client's own timeout has to end the call.
        hanging.add(res);
        return;
      }
      res.writeHead(answer.status, { "content-type": answer.contentType ?? "application/json;charset=utf-8" });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer(next: FakeAnswer) {
      answer = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const sha256 = (data: string) => crypto.createHash("sha256").update(data, "utf8").digest("hex");
const hmac = (key: string | Buffer, data: string) => crypto.createHmac("sha256", key).update(data, "utf8").digest();

/** Aliyun's percent-encoding for the signed query (RFC 3986: also ! ' ( ) *). */
const aliyunEncode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export type AliyunRequest = { action: string | undefined; query: Record<string, string>; accessKeyId: string | undefined; signatureValid: boolean };

/** Aliyun dysmsapi (RPC style, ACS3-HMAC-SHA256): SendSms's fields arrive in the query string. */
export function startFakeAliyun(accessKeySecret: string) {
  const sent = JSON.stringify({ Code: "OK", Message: "OK", BizId: "900619746936498440^0", RequestId: "F655A8D5-B967-440B-8683-DAD6FF8DE990" });
  return startFake<AliyunRequest>(accessKeySecret, { status: 200, body: sent }, ({ method, url, headers, body }, secret) => {
    const query = Object.fromEntries(url.searchParams);
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(String(headers.authorization ?? ""));
    let signatureValid = false;
    if (auth) {
      const signedHeaders = auth[2]!.split(";");
      const canonicalQuery = Object.keys(query)
        .sort()
        .map((key) => `${key}=${aliyunEncode(query[key]!)}`)
        .join("&");
      const canonicalHeaders = signedHeaders.map((name) => `${name}:${String(headers[name] ?? "").trim()}\n`).join("");
      const payloadHash = sha256(body);
      const canonicalRequest = [method, url.pathname, canonicalQuery, canonicalHeaders, auth[2], payloadHash].join("\n");
      const expected = hmac(secret, `ACS3-HMAC-SHA256\n${sha256(canonicalRequest)}`).toString("hex");
      signatureValid =
        expected === auth[3] &&
        headers["x-acs-content-sha256"] === payloadHash &&
        ["host", "x-acs-action", "x-acs-date", "x-acs-signature-nonce"].every((name) => signedHeaders.includes(name));
    }
    return { action: headers["x-acs-action"] as string | undefined, query, accessKeyId: auth?.[1], signatureValid };
  });
}

export type TencentRequest = {
  action: string | undefined;
  region: string | undefined;
  body: Record<string, unknown>;
  secretId: string | undefined;
  signatureValid: boolean;
};

/** Tencent Cloud SMS (API 3.0, TC3-HMAC-SHA256): SendSms's fields arrive as a JSON body. */
export function startFakeTencent(secretKey: string) {
  const sent = JSON.stringify({
    Response: {
      SendStatusSet: [
        {
          SerialNo: "5000:1045710669157053657849499619",
          PhoneNumber: "+8613800138000",
          Fee: 1,
          SessionContext: "",
          Code: "Ok",
          Message: "send success",
          IsoCode: "CN",
        },
      ],
      RequestId: "a0aabda6-cf91-4f3e-a81f-9198114a2279",
    },
  });
  return startFake<TencentRequest>(secretKey, { status: 200, body: sent }, ({ method, url, headers, body }, secret) => {
    const auth = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
      String(headers.authorization ?? ""),
    );
    let signatureValid = false;
    if (auth) {
      const [, , date, service, signedHeaders, signature] = auth as unknown as string[];
      const timestamp = String(headers["x-tc-timestamp"] ?? "");
      // The SDK signs the host without its port.
      const values: Record<string, string> = { "content-type": String(headers["content-type"] ?? ""), host: String(headers.host ?? "").replace(/:\d+$/, "") };
      const canonicalHeaders = signedHeaders!
        .split(";")
        .map((name) => `${name}:${values[name] ?? ""}\n`)
        .join("");
      const canonicalRequest = [method, url.pathname, url.search.slice(1), canonicalHeaders, signedHeaders, sha256(body)].join("\n");
      const stringToSign = ["TC3-HMAC-SHA256", timestamp, `${date}/${service}/tc3_request`, sha256(canonicalRequest)].join("\n");
      const signingKey = hmac(hmac(hmac(`TC3${secret}`, date!), service!), "tc3_request");
      const dateOfTimestamp = new Date(Number(timestamp) * 1000).toISOString().slice(0, 10);
      signatureValid = hmac(signingKey, stringToSign).toString("hex") === signature && date === dateOfTimestamp;
    }
    return {
      action: headers["x-tc-action"] as string | undefined,
      region: headers["x-tc-region"] as string | undefined,
      body: JSON.parse(body || "{}") as Record<string, unknown>,
      secretId: auth?.[1],
      signatureValid,
    };
  });
}
