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

  it("writes each known script's size on its preload, for the loader's order", () => {
    const html = '<link rel="modulepreload" href="/build/a.js"/><link rel="modulepreload" href="/build/unknown.js"/>';
    expect(makeScriptsInert(html, { "/build/a.js": 1234 })).toBe(
      '<link rel="x-after-paint-modulepreload" href="/build/a.js" data-bytes="1234"/><link rel="x-after-paint-modulepreload" href="/build/unknown.js"/>',
    );
  });

  it("the loader turns the preloads live largest first, those of unknown size last in page order, then the module script", () => {
    const live: string[] = [];
    const link = (href: string, bytes?: number) => ({
      getAttribute: (name: string) => (name === "data-bytes" && bytes !== undefined ? String(bytes) : null),
      set rel(value: string) {
        live.push(`${value} ${href}`);
      },
    });
    const links = [
      link("/build/entry.js", 700),
      link("/build/empty.js", 100),
      link("/build/react-dom.js", 143_000),
      link("/build/a.js"),
      link("/build/mantine.js", 141_000),
      link("/build/b.js"),
    ];
    const moduleScript = {
      nonce: "n",
      textContent: 'import "/build/entry.js";',
      replaceWith: (script: { type: string }) => live.push(`${script.type} script`),
    };
    const document = {
      visibilityState: "hidden",
      querySelectorAll: (selector: string) => (selector.startsWith("link") ? links : [moduleScript]),
      createElement: () => ({}),
    };
    const loader = afterPaintLoader("abc").replace(/^<script[^>]*>|<\/script>$/g, "");
    new Function("document", "setTimeout", "requestAnimationFrame", loader)(
      document,
      (run: () => void) => run(),
      () => {
        throw new Error("a hidden tab paints no frame");
      },
    );
    expect(live).toEqual([
      "modulepreload /build/react-dom.js",
      "modulepreload /build/mantine.js",
      "modulepreload /build/entry.js",
      "modulepreload /build/empty.js",
      "modulepreload /build/a.js",
      "modulepreload /build/b.js",
      "module script",
    ]);
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
