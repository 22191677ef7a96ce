import net from "node:net";
import { describe, expect, it } from "vitest";
import { portalClient } from "../support/portal-client";
import { pagesPortal } from "../support/pages-portal";

/**
 * Server-rendered pages are valid UTF-8 without zero bytes, in Chinese too. React 18.3's stream
 * writer left a zero byte every 2 KB where a multi-byte character met its buffer's end, which
 * broke Chinese text for browsers without JavaScript (app/entry.server.tsx filters them).
 */
const portal = pagesPortal();

describe("server-rendered HTML", () => {
  it("has no zero bytes and decodes as UTF-8, for long Chinese and English pages", async () => {
    const signedIn = portalClient(portal.api.baseUrl);
    await signedIn.signIn("std01", "Expo#2026");
    const signedOut = portalClient(portal.api.baseUrl);
    const pages = ["/index/premise", "/index/promote", "/index/service", "/index/hotel", "/index/schedule", "/exhibitorInfo/exhibitorData?step=company"];
    for (const language of ["zh", "en"]) {
      for (const [browser, path] of [...pages.map((p) => [signedIn, p] as const), ...pages.slice(0, 4).map((p) => [signedOut, p] as const)]) {
        const response = await browser.request(path, { headers: { "accept-language": language } });
        expect(response.status, path).toBe(200);
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(bytes.length, path).toBeGreaterThan(8192);
        expect(bytes.indexOf(0), `${language} ${path}: first zero byte`).toBe(-1);
        expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes), path).not.toThrow();
      }
    }
  });

  it("goes out in one piece when it is under 64 KB (each piece is a flush of the compressor)", async () => {
    const signedIn = portalClient(portal.api.baseUrl);
    await signedIn.signIn("std01", "Expo#2026");
    const { port } = new URL(portal.api.baseUrl);
    // The raw chunked answer: each piece Remix writes (and flushes) is one chunk of the transfer encoding.
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1");
      let text = "";
      socket.on("data", (data) => (text += data.toString("latin1")));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
      socket.write(`GET /index HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${signedIn.cookieHeader()}\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`);
    });
    const [head, body] = [raw.slice(0, raw.indexOf("\r\n\r\n")), raw.slice(raw.indexOf("\r\n\r\n") + 4)];
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head.toLowerCase()).toContain("transfer-encoding: chunked");
    const sizes: number[] = [];
    for (let at = 0; ; ) {
      const lineEnd = body.indexOf("\r\n", at);
      const size = parseInt(body.slice(at, lineEnd), 16);
      if (!size) break;
      sizes.push(size);
      at = lineEnd + 2 + size + 2;
    }
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThan(8192);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(64 * 1024);
    expect(sizes).toHaveLength(1);
  });
});
