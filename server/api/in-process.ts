import { EventEmitter } from "node:events";
import http from "node:http";
import express, { type Router } from "express";

/**
 * The typed API client's transport when the portal talks to its own API (no API_BASE_URL): the
 * request is handed to the API's Express router inside this process, with no socket, no HTTP
 * parsing and no connection pool. It behaves as the loopback HTTP call did: same headers (ticket,
 * language, forwarded client address), same middleware, same envelope. With API_BASE_URL the
 * client keeps using fetch over HTTP (docs/decisions/021).
 *
 * Real IncomingMessage and ServerResponse objects are used, so Express can re-parent them as it
 * does any request; what would go to a socket is captured by methods set on the response itself.
 */
export function createInProcessApi(options: { apiRouter: Router; trustProxy: unknown; before?: express.RequestHandler[] }): typeof fetch {
  const apiApp = express();
  apiApp.disable("x-powered-by");
  apiApp.set("trust proxy", options.trustProxy);
  for (const handler of options.before ?? []) apiApp.use(handler);
  apiApp.use("/api", options.apiRouter);

  return async function inProcessFetch(input, init) {
    const { url, method, headers, body, signal } = await readRequest(input, init);
    signal?.throwIfAborted();

    const req = new http.IncomingMessage(loopbackSocket() as never);
    req.method = method;
    req.url = url.pathname + url.search;
    req.httpVersion = "1.1";
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    const rawHeaders: string[] = ["host", url.host];
    headers.forEach((value, name) => {
      rawHeaders.push(name, value);
    });
    if (body) rawHeaders.push("content-length", String(body.length));
    req.rawHeaders = rawHeaders;
    req.headers = {};
    for (let i = 0; i < rawHeaders.length; i += 2) req.headers[rawHeaders[i]!] = rawHeaders[i + 1];
    if (body?.length) req.push(body);
    req.push(null);
    req.complete = true;

    return new Promise<Response>((resolve, reject) => {
      const res = new http.ServerResponse(req);
      const bodyless = method === "HEAD";
      let headersWritten = false;
      let answered = false;
      // A body written in several parts (a stored file piped in) is passed on as it comes, with
      // backpressure: write() answers false while the reader has 64 KiB unread, and "drain" follows
      // its next read. Only an answer written in one end() (every JSON envelope) is one buffer.
      let body: ReadableStreamDefaultController<Uint8Array> | null = null;
      let bodyOpen = false;
      let waitingForDrain = false;
      let closeEmitted = false;
      const toBuffer = (chunk: unknown, encoding?: unknown) =>
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding)
            : Buffer.from(chunk as Uint8Array);
      const markHeadersWritten = () => {
        headersWritten = true;
      };
      // What Express and the file streaming read to know the answer has begun (error handlers cut
      // the body off instead of writing a second answer): the public property, answered from here.
      Object.defineProperty(res, "headersSent", { get: () => headersWritten, configurable: true });
      const emitClose = () => {
        if (closeEmitted) return;
        closeEmitted = true;
        res.emit("close");
      };
      const answer = (content: BodyInit | null) => {
        answered = true;
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value === undefined) continue;
          for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
        }
        const empty = res.statusCode === 204 || res.statusCode === 304 || bodyless;
        signal?.removeEventListener("abort", onAbort);
        resolve(new Response(empty ? null : content, { status: res.statusCode, statusText: res.statusMessage, headers }));
      };
      const startBody = () => {
        bodyOpen = true;
        answer(
          new ReadableStream<Uint8Array>(
            {
              start: (controller) => void (body = controller),
              pull: () => {
                if (!waitingForDrain) return;
                waitingForDrain = false;
                res.emit("drain");
              },
              // The reader went away (a page that gave up, a browser that left): the writer stops.
              cancel: () => {
                bodyOpen = false;
                res.destroyed = true;
                emitClose();
              },
            },
            new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
          ),
        );
      };
      res.writeHead = function writeHead(status: number, reason?: unknown, headers?: unknown) {
        res.statusCode = status;
        if (typeof reason === "string") res.statusMessage = reason;
        else headers = reason;
        if (Array.isArray(headers)) for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
        else if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value as string);
        markHeadersWritten();
        return res;
      } as typeof res.writeHead;
      res.write = function write(chunk: unknown, encoding?: unknown, callback?: unknown) {
        if (!headersWritten) res.writeHead(res.statusCode);
        const done = typeof encoding === "function" ? encoding : callback;
        if (typeof done === "function") process.nextTick(done);
        if (bodyless || res.destroyed) return true;
        if (!answered) startBody();
        if (!bodyOpen || !body) return true;
        body.enqueue(toBuffer(chunk, encoding));
        if ((body.desiredSize ?? 0) > 0) return true;
        waitingForDrain = true;
        return false;
      } as typeof res.write;
      res.end = function end(chunk?: unknown, encoding?: unknown, callback?: unknown) {
        if (typeof chunk === "function") [callback, chunk] = [chunk, undefined];
        if (typeof encoding === "function") [callback, encoding] = [encoding, undefined];
        if (!headersWritten) res.writeHead(res.statusCode);
        if (res.writableEnded) return res;
        res.finished = true;
        const last = chunk !== undefined && chunk !== null ? toBuffer(chunk, encoding) : null;
        if (!answered) answer((last ?? Buffer.alloc(0)) as Buffer<ArrayBuffer>);
        else if (bodyOpen && body) {
          if (last && !bodyless) body.enqueue(last);
          body.close();
          bodyOpen = false;
        }
        process.nextTick(() => {
          if (typeof callback === "function") callback();
          res.emit("finish");
          emitClose();
        });
        return res;
      } as typeof res.end;
      // A writer that fails midway (a stored file that cannot be read) cuts the body off, as a socket would be cut.
      res.destroy = function destroy(error?: Error) {
        if (res.destroyed) return res;
        res.destroyed = true;
        const cause = error ?? new Error("the API answer was cut off");
        if (!answered) {
          signal?.removeEventListener("abort", onAbort);
          reject(cause);
        } else if (bodyOpen && body) {
          bodyOpen = false;
          body.error(cause);
        }
        process.nextTick(emitClose);
        return res;
      } as typeof res.destroy;
      // Removed once answered: the client's timeout signal lives for minutes and would keep this answer alive.
      const onAbort = () => reject(signal?.reason);
      signal?.addEventListener("abort", onAbort, { once: true });
      try {
        apiApp(req as express.Request, res as express.Response);
      } catch (error) {
        signal?.removeEventListener("abort", onAbort);
        reject(error);
      }
    });
  } as typeof fetch;
}

/**
 * Method, address, headers and body bytes of a fetch call, read from its arguments as fetch would.
 * The typed client passes a URL and a plain init: building a Request for it (with a signal that
 * follows the caller's, and a body stream to read back) cost more than the call it carried.
 */
async function readRequest(input: Parameters<typeof fetch>[0], init: RequestInit = {}) {
  if (input instanceof Request) {
    const request = new Request(input, init);
    return {
      url: new URL(request.url),
      method: request.method,
      headers: request.headers,
      body: request.body ? Buffer.from(await request.arrayBuffer()) : null,
      signal: request.signal,
    };
  }
  const url = input instanceof URL ? input : new URL(input);
  const headers = new Headers(init.headers);
  let body: Buffer | null = null;
  if (typeof init.body === "string") {
    body = Buffer.from(init.body);
    if (!headers.has("content-type")) headers.set("content-type", "text/plain;charset=UTF-8");
  } else if (init.body !== undefined && init.body !== null) {
    // URLSearchParams, FormData (multipart with its boundary), Blob, bytes: encoded as fetch encodes them.
    const encoded = new Response(init.body);
    body = Buffer.from(await encoded.arrayBuffer());
    const type = encoded.headers.get("content-type");
    if (type && !headers.has("content-type")) headers.set("content-type", type);
  }
  return { url, method: (init.method ?? "GET").toUpperCase(), headers, body, signal: init.signal ?? null };
}

/** What Express and the request stream ask of a socket: a loopback peer with nothing more to read. */
function loopbackSocket() {
  return Object.assign(new EventEmitter(), {
    remoteAddress: "127.0.0.1",
    remotePort: 0,
    readable: false,
    writable: false,
    destroyed: false,
    encrypted: false,
    destroy() {},
    setTimeout() {},
  });
}
