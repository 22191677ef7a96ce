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

  /** Runs the loader against a stand-in page; returns what it turned live, in order, and the pending callbacks. */
  function loaderOn({ hidden = false, paintTiming = true }: { hidden?: boolean; paintTiming?: boolean } = {}) {
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
      visibilityState: hidden ? "hidden" : "visible",
      querySelectorAll: (selector: string) => (selector.startsWith("link") ? links : [moduleScript]),
      createElement: () => ({}),
      addEventListener: () => {},
    };
    const timers: { run: () => void; ms: number }[] = [];
    const frames: (() => void)[] = [];
    const observers: { callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void; options: unknown }[] =
      [];
    class FakeObserver {
      static supportedEntryTypes = ["paint", "largest-contentful-paint"];
      constructor(readonly callback: (typeof observers)[number]["callback"]) {}
      observe(options: unknown) {
        observers.push({ callback: this.callback, options });
      }
      disconnect() {}
    }
    const loader = afterPaintLoader("abc").replace(/^<script[^>]*>|<\/script>$/g, "");
    new Function("document", "setTimeout", "requestAnimationFrame", "PerformanceObserver", loader)(
      document,
      (run: () => void, ms: number) => timers.push({ run, ms }),
      (run: () => void) => frames.push(run),
      paintTiming ? FakeObserver : undefined,
    );
    const paint = (name: string) => {
      for (const { callback } of observers) callback({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) }, { disconnect: () => {} });
    };
    return { live, timers, frames, observers, paint };
  }

  it("the loader turns the preloads live largest first, those of unknown size last in page order, then the module script", () => {
    const page = loaderOn({ hidden: true });
    expect(page.frames).toHaveLength(0); // a hidden tab paints no frame
    page.timers.shift()!.run();
    expect(page.live).toEqual([
      "modulepreload /build/react-dom.js",
      "modulepreload /build/mantine.js",
      "modulepreload /build/entry.js",
      "modulepreload /build/empty.js",
      "modulepreload /build/a.js",
      "modulepreload /build/b.js",
      "module script",
    ]);
  });

  it("in a visible tab, the loader waits for the browser's first contentful paint, not a frame", () => {
    const page = loaderOn();
    expect(page.observers).toEqual([{ callback: expect.any(Function), options: { type: "paint", buffered: true } }]);
    expect(page.frames).toHaveLength(0);
    // Only the fallback for a page that never paints content is pending.
    expect(page.timers.map((timer) => timer.ms)).toEqual([10_000]);
    page.paint("first-paint");
    expect(page.timers).toHaveLength(1);
    page.paint("first-contentful-paint");
    expect(page.timers.map((timer) => timer.ms)).toEqual([10_000, 0]);
    expect(page.live).toEqual([]);
    page.timers.pop()!.run();
    expect(page.live).toHaveLength(7);
    // The fallback finds it done and does nothing twice.
    page.timers.pop()!.run();
    expect(page.live).toHaveLength(7);
  });

  it("without paint timing, the loader waits two frames", () => {
    const page = loaderOn({ paintTiming: false });
    expect(page.observers).toHaveLength(0);
    page.frames.shift()!();
    expect(page.timers).toHaveLength(0);
    page.frames.shift()!();
    page.timers.shift()!.run();
    expect(page.live).toHaveLength(7);
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
