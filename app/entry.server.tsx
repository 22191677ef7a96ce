import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import "~/contracts/i18n/translate.server";
import { i18nServer } from "~/i18n/i18next.server";
import { TextsProvider } from "~/i18n/texts";
import { NonceProvider } from "~/lib/nonce";
import { afterPaintLoader, makeScriptsInert, safeCut } from "~/lib/scripts-after-paint.server";

const ABORT_DELAY = 10_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The language is per request (a provider, not a global); the server holds every group's texts (translate.server).
  const language = (await i18nServer.getLocale(request)) === "en" ? "en" : "zh";

  // Set by server/security.ts together with the Content-Security-Policy header.
  const nonce = loadContext.cspNonce ?? "";
  const callback = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TextsProvider language={language}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </TextsProvider>
      </NonceProvider>,
      {
        [callback]: () => {
          shellRendered = true;
          const body = htmlBody(nonce, loadContext.scriptBytes);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        nonce,
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * The HTML React writes, on its way to the response:
 * - React 18.3's Node stream writer sometimes emits a zero byte where a multi-byte (e.g. Chinese)
 *   character did not fit the end of its 2 KB buffer; browsers then show a broken character. HTML
 *   never contains U+0000 (React escapes it in text and JSON), so dropping zero bytes is safe.
 * - Remix's Express adapter flushes the response, and with it the compressor, after every piece, and
 *   React writes pieces of 2 KB over several turns of the event loop. Brotli flushed every 2 KB costs
 *   about 15 times its CPU in one piece (20 ms against 1.3 ms for /index's 45 KB). So pieces are held
 *   until 64 KB, the end, or 30 ms after the first one held (a slow render still streams).
 * - The page's scripts are written inert and made live after the first paint (scripts-after-paint.server.ts).
 *   A tag cut at the end of a piece waits for the next one, so the rewrite always sees it whole.
 */
const HELD_BYTES = 64 * 1024;
const HELD_MS = 30;

function htmlBody(nonce: string, scriptBytes?: Record<string, number>) {
  const decoder = new StringDecoder("utf8");
  let held = "";
  // Bytes received since the last release: measuring `held` itself on every 2 KB piece rescans it each time.
  let heldBytes = 0;
  let timer: NodeJS.Timeout | null = null;
  let hasScripts = false;
  const rewrite = (html: string) => {
    const inert = makeScriptsInert(html, scriptBytes);
    hasScripts ||= inert !== html;
    return hasScripts ? inert.replace("</body>", `${afterPaintLoader(nonce)}</body>`) : inert;
  };
  const release = (final: boolean) => {
    if (timer) clearTimeout(timer);
    timer = null;
    const cut = final ? held.length : safeCut(held);
    if (cut > 0) body.push(Buffer.from(rewrite(held.slice(0, cut))));
    held = held.slice(cut);
    heldBytes = held.length === 0 ? 0 : Buffer.byteLength(held);
  };
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const piece = chunk.includes(0) ? Buffer.from(chunk.filter((byte) => byte !== 0)) : chunk;
      held += decoder.write(piece);
      heldBytes += piece.length;
      if (heldBytes >= HELD_BYTES) release(false);
      else timer ??= setTimeout(() => release(false), HELD_MS);
      callback();
    },
    flush(callback) {
      held += decoder.end();
      release(true);
      callback();
    },
  });
  return body;
}
