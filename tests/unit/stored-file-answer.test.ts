import http from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough, Readable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRange, sendStoredFile } from "../../server/api/file-answer";
import type { ByteRange, ObjectStore } from "../../server/uploads/object-store";

/**
 * The one answer of a stored file (issue 50, server/api/file-answer.ts): ranges as RFC 9110 has
 * them, only the asked bytes read from the store, nothing read for HEAD, a store failure before the
 * first byte a 500 and after it a cut connection (logged either way), and a client that leaves stops
 * the read.
 */
describe("the Range header (RFC 9110 § 14)", () => {
  it("reads one range against the size: open-ended, suffix, clipped; invalid or several is the whole file; 416 only past the end", () => {
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange("bytes=0-99", 1000)).toEqual([0, 99]);
    expect(parseRange("bytes=0-0", 1000)).toEqual([0, 0]);
    expect(parseRange("Bytes=900-", 1000)).toEqual([900, 999]);
    expect(parseRange("bytes=-100", 1000)).toEqual([900, 999]);
    expect(parseRange("bytes=-5000", 1000)).toEqual([0, 999]);
    expect(parseRange("bytes=990-2000", 1000)).toEqual([990, 999]);
    // Invalid: ignored, so the whole file (not 416).
    expect(parseRange("bytes=5-1", 1000)).toBeNull();
    expect(parseRange("bytes=-", 1000)).toBeNull();
    expect(parseRange("items=0-5", 1000)).toBeNull();
    expect(parseRange("bytes=1e3-", 1000)).toBeNull();
    // Several ranges: no multipart answer, the whole file.
    expect(parseRange("bytes=0-1,5-6", 1000)).toBeNull();
    expect(parseRange("bytes=0-1, 5-6", 1000)).toBeNull();
    // Valid but wholly past the end, or a suffix of nothing.
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=5000-6000", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-", 0)).toBe("unsatisfiable");
  });
});

const CONTENT = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

describe("answering a stored file", () => {
  const opened: { key: string; range?: ByteRange; stream: Readable }[] = [];
  const logged: string[] = [];
  let failure: "reject" | "open" | "midway" | "never" | null = null;
  const store = {
    async openRead(key: string, range?: ByteRange) {
      if (failure === "reject") throw new Error("no such key");
      const bytes = range ? CONTENT.subarray(range.start, range.end + 1) : CONTENT;
      let stream: Readable;
      if (failure === "open") stream = new Readable({ read: () => stream.destroy(new Error("gone")) });
      else if (failure === "midway") {
        stream = new Readable({ read() {} });
        stream.push(bytes.subarray(0, 10));
        setImmediate(() => stream.destroy(new Error("disk error")));
      } else if (failure === "never") stream = new PassThrough();
      else stream = Readable.from([bytes.subarray(0, 500), bytes.subarray(500)]);
      opened.push({ key, range, stream });
      return stream;
    },
  } as unknown as ObjectStore;
  const logger = { error: (_: unknown, message: string) => void logged.push(message) } as never;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.get("/file", (req, res, next) => {
      sendStoredFile(
        req,
        res,
        { store, logger },
        {
          key: "k",
          size: CONTENT.length,
          contentType: "video/mp4",
          headers: { "Cache-Control": "private, no-store", "Content-Disposition": "inline" },
          log: { message: "could not be read", context: {} },
        },
      ).catch(next);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/file`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const get = async (headers: Record<string, string> = {}, method = "GET") => {
    opened.length = 0;
    const response = await fetch(base, { method, headers });
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  };

  it("streams the whole file, and a range with only its bytes asked of the store", async () => {
    failure = null;
    const whole = await get();
    expect([whole.response.status, whole.response.headers.get("content-length"), whole.response.headers.get("accept-ranges")]).toEqual([200, "1000", "bytes"]);
    expect(whole.body.equals(CONTENT)).toBe(true);
    expect(opened.map((o) => o.range)).toEqual([undefined]);
    const one = await get({ range: "bytes=0-0" });
    expect([one.response.status, one.response.headers.get("content-range"), one.body.length]).toEqual([206, "bytes 0-0/1000", 1]);
    expect(opened.map((o) => o.range)).toEqual([{ start: 0, end: 0 }]);
    const tail = await get({ range: "bytes=-10" });
    expect(tail.body.equals(CONTENT.subarray(990))).toBe(true);
    expect(opened.map((o) => o.range)).toEqual([{ start: 990, end: 999 }]);
    for (const range of ["bytes=5-1", "bytes=0-1,5-6"]) {
      const invalid = await get({ range });
      expect([invalid.response.status, invalid.body.length]).toEqual([200, 1000]);
    }
    // We send no validators, so an If-Range never matches: the whole file.
    const conditional = await get({ range: "bytes=0-9", "if-range": '"x"' });
    expect([conditional.response.status, conditional.body.length]).toEqual([200, 1000]);
  });

  it("answers 416 past the end and HEAD with its headers, reading nothing", async () => {
    failure = null;
    const past = await get({ range: "bytes=1000-" });
    expect([past.response.status, past.response.headers.get("content-range"), past.response.headers.get("content-disposition")]).toEqual([
      416,
      "bytes */1000",
      null,
    ]);
    for (const range of [undefined, "bytes=10-19"]) {
      const head = await get(range ? { range } : {}, "HEAD");
      expect(head.response.status).toBe(range ? 206 : 200);
      expect(head.response.headers.get("content-length")).toBe(range ? "10" : "1000");
      expect(head.response.headers.get("cache-control")).toBe("private, no-store");
      expect(head.body.length).toBe(0);
      expect(opened).toEqual([]);
    }
  });

  it("answers 500 when the store fails before the first byte, cuts the connection after it; both logged", async () => {
    logged.length = 0;
    failure = "open";
    const failed = await get();
    // Not the file's headers: its length and name would describe bytes that never come.
    expect([failed.response.status, failed.response.headers.get("content-disposition"), failed.body.toString()]).toEqual([500, null, "Internal Server Error"]);
    failure = "midway";
    await expect(get()).rejects.toThrow();
    // A store that refuses at once leaves the answer to the route's error handling, without the file's headers.
    failure = "reject";
    const refused = await get();
    expect([refused.response.status, refused.response.headers.get("content-disposition"), refused.response.headers.get("accept-ranges")]).toEqual([
      500,
      null,
      null,
    ]);
    expect(logged).toEqual(["could not be read", "could not be read"]);
    failure = null;
  });

  it("stops reading when the client leaves", async () => {
    failure = "never";
    opened.length = 0;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(base, (response) => {
        expect(response.statusCode).toBe(200);
        request.destroy();
        resolve();
      });
      request.once("error", reject);
      // The answer's headers go out with its first bytes.
      const poll = setInterval(() => {
        const stream = opened[0]?.stream as PassThrough | undefined;
        if (!stream) return;
        clearInterval(poll);
        stream.write(CONTENT.subarray(0, 10));
      }, 5);
    });
    const stream = opened[0]!.stream;
    await new Promise<void>((resolve) => (stream.destroyed ? resolve() : stream.once("close", () => resolve())));
    expect(stream.destroyed).toBe(true);
    failure = null;
  });
});
