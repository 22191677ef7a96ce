/**
 * Spec files the JavaScript-off project leaves out (docs/decisions/064): they post no form and read
 * pages whose server-rendered HTML the page crawl already checks without JavaScript (page-crawl.spec.ts),
 * so a second run without JavaScript proved nothing new. Every form flow runs with JavaScript on and
 * off. tests/unit/js-on-only.test.ts checks that none of these fills, picks or uploads anything.
 */
export const JS_ON_ONLY_SPECS = [
  // The demo mark's place on /login and in the header, measured at 360 px.
  "demo-mark.spec.ts",
  // Screenshots for the docs: one set is enough.
  "screenshots.spec.ts",
  // Which digits of a phone number reach the browser: the server decides, the same with or without JavaScript.
  "masking.spec.ts",
  // A new profile's first steps start from the account's values: rendered by the server.
  "exhibitor-prefill.spec.ts",
  // Public and error pages answer and render signed out; the in-app browser is redirected by the server.
  "public.spec.ts",
] as const;

/**
 * Tags of single tests (`test(title, { tag: JS_ON_ONLY }, …)`). Without JavaScript a test must post a
 * form, or be tagged as being about the page without JavaScript; the `withoutJavaScript` fixture
 * (./fixtures.ts) fails one that does neither, so the JavaScript-off run never repeats a read for nothing.
 */
/** Runs with JavaScript only: it posts no form, or it is about what the script does. */
export const JS_ON_ONLY = "@js-on-only";
/** Runs without JavaScript only: the server-rendered page is its subject (the page crawl). */
export const JS_OFF_ONLY = "@js-off-only";
/** Runs in both, and without JavaScript although it posts no form: what works without script is its subject (menus, dialogs' fallbacks). */
export const NO_JS_SUBJECT = "@no-js";
