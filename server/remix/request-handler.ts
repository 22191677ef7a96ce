import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { GetLoadContextFunction } from "@remix-run/express";
import { createRequestHandler as createRemixHandler, type ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { remixRequestOf } from "./remix-request";
import { partitionByFirstSegment } from "./route-partition";

/**
 * Remix's Express handler, but the answer's body is written as the client reads it. The adapter's
 * own writer reads the body as fast as it comes and never waits for the socket, so a file passed
 * through a resource route (a data-area download, an invoice PDF) to a slow client piled up whole in
 * memory (issue 50). Here a full socket pauses the reading, and a client that leaves cancels the body
 * (which stops the read from the store behind it), as does a HEAD request.
 */
export function remixRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: GetLoadContextFunction;
}): RequestHandler {
  const handlerFor = handlersByFirstSegment(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const handleRequest = handlerFor(req.path);
      const request = remixRequestOf(req, res);
      // Remix answers HEAD by dropping the body unread, which would leave a file passed through open
      // forever: it is asked as GET here, and the body cancelled (its reading stops) below.
      const head = req.method === "HEAD";
      const response = await handleRequest(head ? new Request(request, { method: "GET" }) : request, await options.getLoadContext(req, res));
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers.entries()) res.append(name, value);
      if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
      if (head) await response.body?.cancel();
      if (!response.body || head) return void res.end();
      // Loader and action data is whole in memory already: sent in one write with its length, a small
      // answer skips compression (below its threshold) instead of paying a compressor per request.
      if (/^application\/json/i.test(response.headers.get("content-type") ?? "") && !response.headers.has("content-length")) {
        const bytes = Buffer.from(await response.arrayBuffer());
        res.setHeader("Content-Length", bytes.length);
        return void res.end(bytes);
      }
      // A failure midway has already cut the connection (pipeline destroys both ends); a client that left is no error.
      await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res).catch(() => undefined);
    } catch (error) {
      next(error);
    }
  };
}

/** One Remix handler per part of the build (route-partition.ts); the development build, which changes, is not split. */
function handlersByFirstSegment(build: ServerBuild | (() => Promise<ServerBuild>), mode: string) {
  if (typeof build === "function") {
    const whole = createRemixHandler(build, mode);
    return (_pathname: string) => whole;
  }
  const { buildFor } = partitionByFirstSegment(build);
  const handlers = new Map<ServerBuild, ReturnType<typeof createRemixHandler>>();
  return (pathname: string) => {
    const part = buildFor(pathname);
    let handler = handlers.get(part);
    if (!handler) handlers.set(part, (handler = createRemixHandler(part, mode)));
    return handler;
  };
}
