import { once } from "node:events";
import http from "node:http";
import type { UploadedFile, UploadSignature } from "../../app/contracts/uploads/schema";
import type { TestApi } from "./test-api";

/** What a browser does with an upload: sign, post the form to the storage host, complete. */

export function signUpload(api: TestApi, ticket: string | undefined, query: Record<string, string>, lang = "en") {
  return api.call<UploadSignature>("/oss/signature/getSignature", { ticket, lang, query: { timesp: String(Date.now()), ...query } });
}

/** The browser's POST to the storage host: the fields in order, then `file`. */
export async function postToStorage(
  api: TestApi,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name?: string; type?: string },
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new File([new Uint8Array(file.bytes)], file.name ?? "upload.bin", { type: file.type ?? "application/octet-stream" }));
  const response = await fetch(`${api.baseUrl}/storage`, { method: "POST", body: form, headers });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

export function completeUpload(api: TestApi, ticket: string, key: string, name = "file.png", extra: Record<string, string> = {}) {
  return api.call<UploadedFile & { fields?: Record<string, string[]>; reason?: string }>("/oss/complete", { ticket, form: { key, name, ...extra } });
}

export type PartAnswer = {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** Settles when the connection is closed (by the server: the client only writes less than it declared). */
  closed: Promise<void>;
  /** Closes the connection from this side. */
  drop: () => void;
};

/**
 * A post that declares a body of `length` bytes, sends only `chunks`, and waits for the answer: for a
 * server that refuses before reading it all. A client sending the whole body may see that answer or,
 * as the server closes with the body unread, a reset; one that stops writing sees the answer every time.
 */
export function postPartly(url: string, headers: Record<string, string>, length: number, chunks: Iterable<Buffer>): Promise<PartAnswer> {
  // A keep-alive client, as a browser: closing the connection is the server's doing.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const request = http.request(url, { method: "POST", agent, headers: { ...headers, "content-length": String(length) } });
  const drop = () => {
    request.destroy();
    agent.destroy();
  };
  const answered = new Promise<PartAnswer>((resolve, reject) => {
    request.once("response", (response) => {
      const closed = new Promise<void>((done) => response.socket.once("close", () => done()));
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.once("end", () => resolve({ status: response.statusCode!, body, headers: response.headers, closed, drop }));
    });
    // Before an answer an error is the failure; after it, the server closing is expected.
    request.on("error", reject);
  });
  void (async () => {
    let over = false;
    void answered.then(
      () => (over = true),
      () => (over = true),
    );
    try {
      request.flushHeaders();
      for (const chunk of chunks) {
        if (over) return;
        if (!request.write(chunk)) await Promise.race([once(request, "drain"), answered]);
      }
    } catch {
      // The answer's promise says what went wrong.
    }
  })();
  return answered;
}

/**
 * An upload of a `size`-byte file the storage host must refuse part-way: the form as the browser
 * posts it, but only the first `send` bytes of the file go (e.g. one byte over the policy's limit).
 */
export async function postToStoragePartly(api: TestApi, fields: Record<string, string>, file: { size: number; send: number; name?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new File([new Uint8Array(1)], file.name ?? "upload.bin", { type: "application/octet-stream" }));
  const framed = new Request("http://local/", { method: "POST", body: form });
  const contentType = framed.headers.get("content-type")!;
  const bytes = Buffer.from(await framed.arrayBuffer());
  const boundary = /boundary=(.+)$/.exec(contentType)![1]!;
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // The form with its one-byte file: everything before that byte is the head.
  const head = bytes.subarray(0, bytes.length - tail.length - 1);
  function* body() {
    yield head;
    const piece = Buffer.alloc(1024 * 1024);
    for (let sent = 0; sent < file.send; sent += piece.length) yield piece.subarray(0, Math.min(piece.length, file.send - sent));
  }
  return postPartly(`${api.baseUrl}/storage`, { "content-type": contentType }, head.length + file.size + tail.length, body());
}
