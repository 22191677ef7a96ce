import type { Language } from "../i18n/config";

/**
 * What a route module's `handle` says about its page. A page's rules live in its own route file
 * (or its area layout's), not in path tables elsewhere; the server reads them from the build
 * (page-rules.ts), the browser from `useMatches()`. A route writes
 * `export const handle = { breadcrumb: "…" } satisfies PageHandle;` (a type only: no code is shipped).
 */
export type PageHandle = {
  /** i18n key of the page's breadcrumb. */
  breadcrumb?: string;
  /** i18n key naming the page in its tab when no menu item names it (the personal pages). */
  title?: string;
  /** Reachable without signing in (docs/product.md § Public pages). */
  public?: true;
  /**
   * Open to every signed-in account whatever its menu says: "account" for the account holders,
   * "everyone" also for an entrusted contractor (which acts for the exhibitor in booking only).
   */
  personal?: "account" | "everyone";
  /** A page opened from a menu page (an order, a letter) takes that page's permission. */
  permissionOf?: string;
  /**
   * Its URL carries a secret (a token in place of a sign-in): every answer is sent `no-store` and
   * with `Referrer-Policy: no-referrer`, so no cache keeps it and no Referer takes the URL away
   * (server/remix/private-responses.ts).
   */
  tokenInUrl?: true;
  /**
   * What the route's own dynamic segments ($token, $id, $code, the splat) carry; every route with one
   * says (tests/api/log-redaction.test.ts): "secret", a one-time token or signed payload that works in
   * place of a sign-in, which the access log writes as [redacted] (server/access-log.ts); or "public",
   * an id, an order number, a share code handed out on purpose.
   */
  pathParams?: "secret" | "public";
  /**
   * Shown inside the messaging app's in-app browser too, instead of the /wxBrowser notice (docs/product.md § Public pages).
   * "withCode": only its share view, the address with a `?code=` (the promotional video's share link); the page's
   * loader sends a code that shows nothing to /wxBrowser itself, and the page without a code gets the notice.
   * "returning": only on its way back to a page shown there, the address's `?redirectTo=` being one (the
   * sign-in a pass's scan leads to, docs/decisions/070).
   */
  inAppBrowser?: true | "withCode" | "returning";
  /**
   * The page reads QR codes with the phone's camera: its answers let this origin use the camera and let
   * WebAssembly compile (the QR reader, docs/decisions/071); every other page keeps both off (server/security.ts).
   */
  camera?: true;
  /** `false`: the page has no floating buttons (docs/product.md § Footer and floating buttons: the carrier review page). */
  floatingButtons?: false;
  /**
   * The languages in which the page sends the browser off the portal (in English the blue-plate car
   * guide opens the exhibition's traffic page): in them it is never an area's or a menu group's landing page.
   */
  leavesTheSiteIn?: readonly Language[];
  /** The header's 'My info' opens this page. */
  myInfo?: true;
  /** The booth types (1 standard, 2 raw space) that have this page; the others lose it from their menus (docs/product.md § Service orders). */
  boothTypes?: readonly number[];
  /** Marks an area layout (docs/product.md § Areas). `hiddenInEnglish`: the area is emptied and hidden in English (docs/product.md § Service orders). */
  area?: { hiddenInEnglish?: true };
  /**
   * `false`: the page ships no script at all (root.tsx leaves out <Scripts/>): its forms are plain
   * HTML posts and nothing on it needs React in the browser (docs/decisions/021).
   */
  hydrate?: false;
};
