import { describe, expect, it } from "vitest";
import { afterPaintLoader, makeScriptsInert, safeCut } from "~/lib/scripts-after-paint.server";

describe("scripts after the first paint", () => {
  it("makes Remix's module preloads and module script inert, and nothing else", () => {
    const html =
      '<link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/build/x.js"/>' +
      '<script nonce="n">window.__remixContext = {}</script><script nonce="n" type="module" async="">import "/build/x.js";</script>';
    expect(makeScriptsInert(html)).toBe(
      '<link rel="stylesheet" href="/a.css"/><link rel="x-after-paint-modulepreload" href="/build/x.js"/>' +
        '<script nonce="n">window.__remixContext = {}</script><script nonce="n" type="x-after-paint-module" async="">import "/build/x.js";</script>',
    );
  });

  it("cuts a held piece before a tag that has not ended, never inside it", () => {
    expect(safeCut('<p>a</p><link rel="modul')).toBe("<p>a</p>".length);
    expect(safeCut("<p>a</p>text")).toBe("<p>a</p>text".length);
    expect(safeCut("no tags")).toBe("no tags".length);
  });

  it("the loader carries the nonce and turns both kinds live", () => {
    const loader = afterPaintLoader("abc");
    expect(loader.startsWith('<script nonce="abc">')).toBe(true);
    expect(loader).toContain('l.rel="modulepreload"');
    expect(loader).toContain('s.type="module"');
    expect(loader).toContain("s.nonce=o.nonce");
    expect(loader).toContain("requestAnimationFrame");
    // It is valid JavaScript.
    expect(() => new Function(loader.replace(/^<script[^>]*>|<\/script>$/g, ""))).not.toThrow();
  });
});
