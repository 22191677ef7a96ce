import type { AppLoadContext } from "@remix-run/node";
import { handleAuthErrors, requireOk, type ApiEnvelope } from "./api.server";

/**
 * The body and its content headers pass unchanged; the response's own security headers are our
 * server's (server/security.ts), not the API's. fetch has already decoded any gzip the API applied,
 * so encoding and length are not copied: our own server compresses again as it sees fit.
 */
const CONTENT_HEADERS = ["content-type", "content-disposition", "cache-control", "last-modified", "etag"];

/**
 * A file from the exhibition API, passed through by a resource route (docs/product.md § Messages and errors: downloads).
 * When the API answers an envelope instead of a file: 401 → /login, 403 → /401, anything else the
 * error page; a failed download without an envelope is a 404 or a 502.
 */
export async function proxyDownload(response: Response, request: Request, context: AppLoadContext, options: { cacheControl?: string } = {}) {
  if ((response.headers.get("content-type") ?? "").includes("application/json")) {
    const envelope = (await response.json()) as ApiEnvelope<unknown>;
    const result =
      envelope.code === 200
        ? ({ ok: true, code: 200, message: envelope.message, data: envelope.data } as const)
        : ({ ok: false, code: envelope.code, message: envelope.message, data: envelope.data } as const);
    await requireOk(await handleAuthErrors(result, request, context), request, context);
    throw new Response(envelope.message, { status: 502 });
  }
  if (!response.ok) throw new Response("Not found", { status: response.status === 404 ? 404 : 502 });
  const headers = new Headers();
  for (const name of CONTENT_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (options.cacheControl) headers.set("Cache-Control", options.cacheControl);
  return new Response(response.body, { status: 200, headers });
}
