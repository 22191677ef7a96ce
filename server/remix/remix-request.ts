import { createReadableStreamFromReadable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * The Fetch Request Remix handles, made from Express's request as Remix's Express adapter makes it
 * (that adapter exports only its whole handler, whose body writer request-handler.ts replaces).
 * Built here from public interfaces only: the URL from the host Express trusts (TRUST_PROXY) and the
 * forwarded or given port, every header, the body as a stream, and an abort once the client leaves
 * before the answer was finished, so loaders and actions can stop.
 */
export function remixRequestOf(req: ExpressRequest, res: ExpressResponse): Request {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(":")[1] ?? "", 10);
  const port = [portOf(req.get("X-Forwarded-Host")), portOf(req.get("host"))].find(Number.isSafeInteger);
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else if (values) headers.set(name, values);
  }

  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => {
    finished = true;
  });
  res.on("close", () => {
    if (!finished) controller.abort();
  });

  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}
