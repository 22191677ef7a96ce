import { Transform } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { renderToPipeableStream } from "react-dom/server";
import { resources } from "~/i18n/translate.server";
import { i18nServer } from "~/i18n/i18next.server";
import { NonceProvider } from "~/lib/nonce";

const ABORT_DELAY = 10_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // One i18next instance per request, so concurrent users never share a language.
  const i18n = createInstance();
  const lng = await i18nServer.getLocale(request);
  await i18n.use(initReactI18next).init({ lng, resources, fallbackLng: "zh", interpolation: { escapeValue: false } });

  // Set by server/security.ts together with the Content-Security-Policy header.
  const nonce = loadContext.cspNonce ?? "";
  const callback = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        [callback]: () => {
          shellRendered = true;
          const body = withoutNulBytes();
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
 * React 18.3's Node stream writer sometimes emits a zero byte where a multi-byte (e.g. Chinese)
 * character did not fit the end of its 2 KB buffer; browsers then show a broken character. HTML
 * never contains U+0000 (React escapes it in text and JSON), so dropping zero bytes is safe.
 */
function withoutNulBytes() {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, chunk.includes(0) ? Buffer.from(chunk.filter((byte) => byte !== 0)) : chunk);
    },
  });
}
