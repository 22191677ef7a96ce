/**
 * The page's scripts load after the browser has painted the server's HTML (docs/decisions/024).
 * Remix writes `<link rel="modulepreload">` for every module of the page and one
 * `<script type="module" async>` that imports them; the browser fetches them at once, in competition
 * with the stylesheets, and runs them (and hydration) as soon as they arrive, before the first paint
 * if they are quick. Here they are written inert (an unknown rel, a non-JavaScript type), and a small
 * script turns them live once the first paint is on the screen. Without JavaScript nothing changes: the
 * page never ran scripts.
 */
const INERT_PRELOAD = "x-after-paint-modulepreload";
const INERT_MODULE = "x-after-paint-module";
/** How long the loader waits for a first contentful paint the browser never reports. */
const FIRST_PAINT_WAIT_MS = 10_000;

/**
 * Turns the page's module preloads and its module script inert. Each preload of a known script carries
 * its size (`scriptBytes`, URL → bytes), so the loader asks for the largest first (docs/decisions/051).
 */
export function makeScriptsInert(html: string, scriptBytes: Record<string, number> = {}) {
  return html
    .replace(/<link rel="modulepreload"( href="([^"]*)")?/g, (_tag, hrefAttribute: string | undefined, href: string | undefined) => {
      const bytes = href === undefined ? undefined : scriptBytes[href];
      return `<link rel="${INERT_PRELOAD}"${hrefAttribute ?? ""}${bytes === undefined ? "" : ` data-bytes="${bytes}"`}`;
    })
    .replace(/<script([^>]*?) type="module"/g, `<script$1 type="${INERT_MODULE}"`);
}

/**
 * The script that makes them live again once the first paint is on the screen: when the browser reports
 * the first contentful paint (paint timing), or two frames later where it cannot; at once in a hidden
 * tab, which paints nothing. One frame was not enough: a frame reaches the screen some milliseconds
 * after its paint task, and a module that loaded in that gap (the largest first, since 051) counted as
 * work the first paint waited for in Lighthouse's simulation (docs/decisions/051).
 * Largest first: over HTTP/1.1 the browser fetches six at a time, and the three large shared chunks (React DOM,
 * Remix, Mantine) asked for last kept the page waiting after the small ones were in (docs/decisions/051).
 */
export function afterPaintLoader(nonce: string) {
  const run =
    `function(){if(started)return;started=true;[].slice.call(document.querySelectorAll('link[rel="${INERT_PRELOAD}"]'))` +
    `.sort(function(a,b){return (b.getAttribute("data-bytes")|0)-(a.getAttribute("data-bytes")|0)})` +
    `.forEach(function(l){l.rel="modulepreload"});` +
    `document.querySelectorAll('script[type="${INERT_MODULE}"]').forEach(function(o){var s=document.createElement("script");` +
    `s.type="module";s.async=true;s.nonce=o.nonce;s.textContent=o.textContent;o.replaceWith(s)})}`;
  const script =
    `(function(){var started=false,run=${run},later=function(){setTimeout(run,0)};` +
    `if(document.visibilityState==="hidden")return later();` +
    `document.addEventListener("visibilitychange",function(){if(document.visibilityState==="hidden")later()});` +
    `var P=typeof PerformanceObserver!=="undefined"&&PerformanceObserver;` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){` +
    `new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();later()}}).observe({type:"paint",buffered:true});` +
    // A page that never paints content (none of ours) still gets its scripts.
    `setTimeout(run,${FIRST_PAINT_WAIT_MS})}` +
    `else requestAnimationFrame(function(){requestAnimationFrame(later)})})()`;
  return `<script nonce="${nonce}">${script}</script>`;
}

/**
 * Where a held piece of HTML may be cut safely: before a tag that has not ended yet, so a rewrite
 * never sees half an attribute. Returns the length of the part that can go now.
 */
export function safeCut(html: string) {
  const open = html.lastIndexOf("<");
  return open !== -1 && html.indexOf(">", open) === -1 ? open : html.length;
}
