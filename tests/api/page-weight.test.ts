import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/**
 * What pages download, beyond the numbers `npm run bench` reports: a page gets the core texts of
 * its own language only (app/i18n/client-texts.ts) and its own area's texts (docs/decisions/022), and
 * the sign-in page, the first every exhibitor loads, ships no script at all (handle.hydrate false,
 * docs/decisions/021).
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: await loadRemixBuild() });
});
afterAll(() => api?.close());

/** Every script URL the document names (modulepreload, src, inline imports). */
async function scriptsOf(language: string, page = "/contractor") {
  const html = await (await fetch(`${api.baseUrl}${page}`, { headers: { "accept-language": language } })).text();
  const urls = new Set(
    [...html.matchAll(/(?:href|src)="(\/build\/[^"]+\.js)"|import\s*(?:\*\s*as\s*\w+\s*from\s*)?["'](\/build\/[^"']+\.js)["']/g)].map((m) => m[1] ?? m[2]!),
  );
  return [...urls];
}
const read = (url: string) => fs.readFileSync(path.join("public", ...url.split("/").filter(Boolean)), "utf8");

describe("page weight", () => {
  it("hints the page language's core texts and loads nothing of the other language's", async () => {
    const zh = await scriptsOf("zh");
    const en = await scriptsOf("en");
    const zhChunk = zh.find((u) => /\/_shared\/zh-core-[\w-]+\.js$/.test(u));
    const enChunk = en.find((u) => /\/_shared\/en-core-[\w-]+\.js$/.test(u));
    expect(zhChunk, zh.join("\n")).toBeDefined();
    expect(enChunk, en.join("\n")).toBeDefined();
    expect(zh.some((u) => /\/_shared\/en-core-/.test(u))).toBe(false);
    // An English-only core sentence is in the English chunk and in nothing the Chinese page loads.
    const englishOnly = "Network exception, please try reconnecting";
    expect(read(enChunk!)).toContain(englishOnly);
    for (const url of zh) expect(read(url), url).not.toContain(englishOnly);
  });

  it("carries its own area's texts and no other area's (docs/decisions/022)", async () => {
    for (const language of ["zh", "en"]) {
      const scripts = (await scriptsOf(language)).map(read);
      // The contractor sign-in's heading, in both languages (an area registers both), and no badge page texts.
      expect(scripts.some((source) => source.includes("Sign in as an entrusted contractor"))).toBe(true);
      for (const source of scripts) expect(source).not.toContain("展商证件审核");
    }
  });

  it("sign-in page: no script at all, and its form still posts as plain HTML", async () => {
    for (const language of ["zh", "en"]) {
      expect(await scriptsOf(language, "/login")).toEqual([]);
      const html = await (await fetch(`${api.baseUrl}/login`, { headers: { "accept-language": language } })).text();
      expect(html).not.toMatch(/<script[^>]*type="(x-after-paint-)?module"|modulepreload|__remixContext|requestAnimationFrame/);
      expect(html).toMatch(/<form[^>]*method="post"/);
      expect(html).toContain('name="username"');
      expect(html).toMatch(/<input[^>]*type="password"[^>]*name="password"|<input[^>]*name="password"[^>]*type="password"/);
    }
  });

  it("a page that hydrates still gets its scripts (only pages that say so go without)", async () => {
    expect((await scriptsOf("zh", "/contractor")).length).toBeGreaterThan(3);
  });

  it("a hydrating page's scripts are inert in the HTML, with one loader (the CSP nonce's) that turns them live after the first paint", async () => {
    const response = await fetch(`${api.baseUrl}/contractor`, { headers: { "accept-language": "en" } });
    const html = await response.text();
    const nonce = response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).not.toMatch(/<link rel="modulepreload"|<script[^>]*type="module"/);
    expect(html.match(/<link rel="x-after-paint-modulepreload"/g)?.length).toBeGreaterThan(3);
    expect(html.match(/<script[^>]*type="x-after-paint-module"/g)).toHaveLength(1);
    // Each preload carries its script's size, so the loader asks for the largest first (docs/decisions/051).
    const preloads = [...html.matchAll(/<link rel="x-after-paint-modulepreload" href="([^"]+)"( data-bytes="(\d+)")?/g)];
    for (const [, href, , bytes] of preloads) expect(Number(bytes), href).toBe(fs.statSync(path.join("public", href!)).size);
    const loaders = [...html.matchAll(/<script nonce="([^"]+)">([^<]*requestAnimationFrame[^<]*)<\/script>/g)];
    expect(loaders).toHaveLength(1);
    expect(loaders[0]![1]).toBe(nonce);
    // The loader is the body's last script, after everything it turns live.
    expect(html.indexOf(loaders[0]![0])).toBeGreaterThan(html.search(/<script[^>]*type="x-after-paint-module"/));
    expect(html.indexOf("</body>")).toBe(html.indexOf(loaders[0]![0]) + loaders[0]![0].length);
  });
});
