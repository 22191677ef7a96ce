import crypto from "node:crypto";
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page, type TestInfo } from "@playwright/test";
import { JS_OFF_ONLY, JS_ON_ONLY, NO_JS_SUBJECT } from "./js-on-only";

export { expect };

export const PASSWORD = "Expo#2026";

/** The success toast a form post answers with (app/components/toast.tsx). */
export const successToast = (page: Page) => page.locator('.portal-toast[data-kind="success"]');

/** A client address of its own for every test (and project): per-IP sign-in limits never leak between tests. */
export function clientIpFor(testInfo: TestInfo, salt = "") {
  const hash = crypto.createHash("sha256").update(`${testInfo.project.name}\n${testInfo.testId}\n${salt}`).digest();
  return `10.${hash[0]}.${hash[1]}.${1 + (hash[2]! % 254)}`;
}

/** Exhibitor accounts of the exhibitor profile specs (exhibitor-*.spec.ts): one per test, so they run in parallel. */
export const PROFILE_ACCOUNTS = [
  "profile-flow",
  "profile-expire",
  "profile-verify",
  "profile-rules-en",
  "profile-rules-zh",
  "profile-idor",
  "profile-translate",
  "profile-address",
] as const;
export type ProfileAccount = (typeof PROFILE_ACCOUNTS)[number];

/** Exhibitors of the service-order specs (orders-*.spec.ts, narrow-booking.spec.ts), each with a booth of its own (9E01...). */
export const ORDER_ACCOUNTS = ["orders-cart", "orders-steps", "orders-contractor", "orders-narrow"] as const;
export type OrderAccount = (typeof ORDER_ACCOUNTS)[number];

/** Exhibitors of the offline booking form specs (booking-forms.spec.ts, narrow-booking.spec.ts), each with a booth of its own (9F01...). */
export const FORM_ACCOUNTS = ["forms-air", "forms-map", "forms-leakage", "forms-narrow"] as const;
export type FormAccount = (typeof FORM_ACCOUNTS)[number];

/** Exhibitors of the badge spec (badges.spec.ts), each with a standard booth of its own (9G01...): 2 free badges. */
export const BADGE_ACCOUNTS = ["badges-flow", "badges-excel", "badges-review"] as const;
export type BadgeAccount = (typeof BADGE_ACCOUNTS)[number];

/** Exhibitors of the booth construction spec (booth-construction.spec.ts): standard booths 9H01..., raw space 9J01.... */
export const CONSTRUCTION_ACCOUNTS = ["build-std", "build-commit", "build-raw"] as const;
export type ConstructionAccount = (typeof CONSTRUCTION_ACCOUNTS)[number];

/** Exhibitors of the invoice spec (invoices.spec.ts), each with a standard booth (9K01...). */
export const INVOICE_ACCOUNTS = ["invoice-flow"] as const;
export type InvoiceAccount = (typeof INVOICE_ACCOUNTS)[number];

/** Exhibitors of the transport spec (transport.spec.ts), each with a raw-space booth (9L01...). */
export const TRANSPORT_ACCOUNTS = ["transport-flow", "transport-lifting"] as const;
export type TransportAccount = (typeof TRANSPORT_ACCOUNTS)[number];

/** Exhibitors of the vehicles spec (vehicles.spec.ts), each with a standard booth (9M01...). */
export const VEHICLE_ACCOUNTS = ["vehicles-truck", "vehicles-express"] as const;
export type VehicleAccount = (typeof VEHICLE_ACCOUNTS)[number];

/** The team spec's owner of a team, one per test and project: team.spec.ts. */
export const TEAM_ACCOUNTS = ["team-flow"] as const;
export type TeamAccount = (typeof TEAM_ACCOUNTS)[number];

/** Exhibitors of the record history spec (record-history.spec.ts), each with a standard booth (9P01...). */
export const HISTORY_ACCOUNTS = ["history-order"] as const;
export type HistoryAccount = (typeof HISTORY_ACCOUNTS)[number];

/** The throwaway account of this project (the start script creates one per project). */
export function accountFor(
  kind:
    | "captcha"
    | "password"
    | "expire"
    | "spare"
    | "reset"
    | ProfileAccount
    | OrderAccount
    | FormAccount
    | BadgeAccount
    | ConstructionAccount
    | InvoiceAccount
    | TransportAccount
    | VehicleAccount
    | TeamAccount
    | HistoryAccount,
  testInfo: TestInfo,
) {
  return `e2e-${kind}-${testInfo.project.name}`;
}

type ConsoleWatch = {
  /** Console errors matching the pattern are expected in this test (e.g. a 400 reply to a wrong password). */
  allow(pattern: RegExp): void;
};

export type App = {
  page: Page;
  jsEnabled: boolean;
  /** page.goto, then (JS on) waits until React has hydrated, so clicks go through the enhanced code. */
  goto(path: string): Promise<void>;
  waitForHydration(): Promise<void>;
  fillLogin(username: string, password: string): Promise<void>;
  /** Fills the form and presses "Sign in" (does not wait for the result). */
  login(username: string, password: string): Promise<void>;
  /** Signs in from /login and waits for the signed-in home page. */
  loginFromScratch(username: string, password?: string): Promise<void>;
  /**
   * Signs in without the login page (a form POST through page.request, which shares the browser's
   * cookies), for tests about what comes after. Does not open a page.
   */
  signIn(username: string, password?: string): Promise<void>;
  /** Opens the user dropdown of the header (a <details>; works with and without JS) and returns it. */
  openUserMenu(): Promise<Locator>;
  /** Logs out through the user dropdown and waits for /login. */
  logout(): Promise<void>;
  /**
   * Runs a trigger that POSTs a form and waits until its result is on screen: the new
   * document (JS off) or the router back at idle after the action and revalidation (JS on).
   */
  submit(trigger: () => Promise<void>): Promise<void>;
};

/** A failed document or fetch reply is logged by Chromium as a console error; tests opt in to the ones they expect. */
export const FAILED_RESOURCE = (status: number) => new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b`);

/** Form posts (document POSTs) of the running test, in any of its browser contexts; a worker runs one test at a time. */
let formPostsOfTest = 0;

export const test = base.extend<{ clientIp: string; consoleErrors: ConsoleWatch; app: App; withoutJavaScript: undefined }, { browser: Browser }>({
  locale: "en-US",
  // Every context counts its form posts, also a second person's (browser.newContext in a test).
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        context.on("request", (request) => {
          if (request.isNavigationRequest() && request.method() === "POST") formPostsOfTest++;
        });
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
  // Without JavaScript a test posts a form or is about the page without script (./js-on-only.ts).
  withoutJavaScript: [
    async ({ javaScriptEnabled }, use, testInfo) => {
      formPostsOfTest = 0;
      await use(undefined);
      if (javaScriptEnabled !== false || testInfo.status !== "passed" || formPostsOfTest > 0) return;
      if (testInfo.tags.includes(NO_JS_SUBJECT) || testInfo.tags.includes(JS_OFF_ONLY)) return;
      throw new Error(
        `Without JavaScript this test posted no form, so it repeated the JavaScript run for nothing: tag it { tag: "${JS_ON_ONLY}" }, or "${NO_JS_SUBJECT}" when the page without script is what it checks (tests/e2e/js-on-only.ts).`,
      );
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter, which must be an object pattern; this fixture needs none
  clientIp: async ({}, use, testInfo) => {
    await use(clientIpFor(testInfo));
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ "x-forwarded-for": clientIp });
  },

  consoleErrors: async ({ context, javaScriptEnabled }, use, testInfo) => {
    const allowed: RegExp[] = [];
    const errors: string[] = [];
    const watch = (page: Page) => {
      // With JS on every form is enhanced: a document POST means a submit escaped Remix (and Conform).
      if (javaScriptEnabled !== false) {
        page.on("request", (request) => {
          // The pages that ship no script (handle.hydrate false) post as plain HTML by design.
          const from = request.headers().referer;
          if (request.isNavigationRequest() && request.method() === "POST" && !(from && PAGES_WITHOUT_SCRIPT.test(new URL(from).pathname))) {
            errors.push(`unenhanced form post: POST ${request.url()}`);
          }
        });
      }
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        const where = message.location()?.url ? ` (${message.location().url})` : "";
        errors.push(`console.error: ${text}${where}`);
      });
      page.on("pageerror", (error) => errors.push(`page error: ${error.stack ?? error.message}`));
    };
    context.pages().forEach(watch);
    context.on("page", watch);
    await use({ allow: (pattern) => allowed.push(pattern) });
    // The context outlives the test (reusedContext): its next test watches for itself.
    context.off("page", watch);
    const unexpected = errors.filter((e) => !allowed.some((pattern) => pattern.test(e)));
    if (unexpected.length) {
      await testInfo.attach("browser-errors", { body: unexpected.join("\n\n"), contentType: "text/plain" });
      throw new Error(`Browser console/page errors:\n${unexpected.join("\n")}`);
    }
  },

  context: async (
    { browser, baseURL, javaScriptEnabled, locale, userAgent, viewport, extraHTTPHeaders, hasTouch, isMobile, colorScheme, timezoneId, storageState },
    use,
    testInfo,
  ) => {
    const options = { baseURL, javaScriptEnabled, locale, userAgent, viewport, hasTouch, isMobile, colorScheme, timezoneId, storageState };
    const { context, page } = await reusedContext(browser, options, extraHTTPHeaders ?? {});
    await use(context);
    // Playwright's own failure screenshot covers the contexts a test made; this one was made before it.
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
      await testInfo.attach("screenshot", { body: await page.screenshot().catch(() => Buffer.from("")), contentType: "image/png" });
    }
  },
  // Every test gets the watch, whether or not it names it.
  page: async ({ context, consoleErrors }, use) => {
    void consoleErrors;
    // The context fixture has just made or reset the worker's tab.
    await use(reused?.context === context ? reused.page : await context.newPage());
  },

  app: async ({ page, javaScriptEnabled }, use) => {
    await use(appFor(page, javaScriptEnabled !== false));
  },
});

/**
 * One browser context and tab per worker, reset before each test, instead of a new one per test: a
 * new tab starts a renderer process and compiles the scripts again, about 1 CPU-second a test with
 * JavaScript and 0.4 without: the suite's CPU fell by 30 % (decision 065). The reset leaves nothing a test could
 * see: the tab goes to about:blank, and cookies, every storage of the origin (local, session,
 * IndexedDB, caches), permissions, routes, listeners, extra pages and headers go. Only the HTTP
 * cache stays, which holds the build's immutable assets. A test with other options (locale, user
 * agent) gets a context of its own, which the next one reuses when it asks the same.
 */
let reused: { key: string; context: BrowserContext; page: Page } | null = null;

async function reusedContext(browser: Browser, options: BrowserContextOptions, headers: Record<string, string>) {
  const key = JSON.stringify(options);
  if (reused && (reused.key !== key || reused.page.isClosed())) {
    await reused.context.close().catch(() => undefined);
    reused = null;
  }
  if (!reused) {
    const context = await browser.newContext({ ...options, extraHTTPHeaders: headers });
    reused = { key, context, page: await context.newPage() };
    return reused;
  }
  const { context, page } = reused;
  for (const other of context.pages()) if (other !== page) await other.close();
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await page.removeAllListeners();
  await page.goto("about:blank");
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.clearDataForOrigin", { origin: new URL(options.baseURL!).origin, storageTypes: "all" });
  await cdp.detach();
  await context.clearCookies();
  await context.clearPermissions();
  await context.setOffline(false);
  await context.setExtraHTTPHeaders(headers);
  if (options.viewport) await page.setViewportSize(options.viewport);
  return reused;
}

/** Pages whose handle says hydrate: false (root.tsx leaves their scripts out). */
const PAGES_WITHOUT_SCRIPT = /^\/(login|forgotPassword)$/;

/**
 * Sessions stored per worker: `signIn` posts the sign-in form once per account and worker (each
 * costs the server a password hash) and later tests of the same worker reuse the ticket. Workers
 * never share one, so a test cannot end another worker's session.
 */
const storedSessions = new Map<string, Awaited<ReturnType<BrowserContext["cookies"]>>>();
const SESSION_CHANGING_POSTS = /^\/(logout|booth|changePassword|login)(\/|$)/;

/** The helpers of one page; the `app` fixture's, or a second browser's (another person in the same test). */
export function appFor(page: Page, jsEnabled: boolean): App {
  const waitForHydration = async () => {
    if (!jsEnabled) return;
    // React sets its fiber key on <html> last while hydrating the document; the commit follows in the same task.
    // A page without script (handle.hydrate false, e.g. /login) has nothing to wait for.
    await page.waitForFunction(() => !("__remixContext" in window) || Object.keys(document.documentElement).some((k) => k.startsWith("__reactFiber$")));
  };
  const fillLogin = async (username: string, password: string) => {
    await page.locator("input[name=username]").fill(username);
    await page.locator("input[name=password]").fill(password);
  };
  const login = async (username: string, password: string) => {
    await fillLogin(username, password);
    // The form's first submit button ("Sign in" / "登录"); the text captcha adds a second one.
    await page.locator("form#login button[type=submit]").first().click();
  };
  const app: App = {
    page,
    jsEnabled,
    goto: async (path) => {
      await page.goto(path);
      await waitForHydration();
    },
    waitForHydration,
    fillLogin,
    login,
    loginFromScratch: async (username, password = PASSWORD) => {
      await app.goto("/login");
      await login(username, password);
      await expect(page).toHaveURL(/\/index$/);
      await expect(page.getByTestId("business-name")).toBeVisible();
      // /login has no script: /index is a new document, and clicks before hydration would escape Remix.
      await waitForHydration();
    },
    signIn: async (username, password = PASSWORD) => {
      const key = `${username}\n${password}`;
      const stored = storedSessions.get(key);
      if (stored) {
        await page.context().addCookies(stored);
        // Still alive? Another test may have ended it. A signed-in download answers without touching the
        // tab strip's cookie (a page would), and costs far less than a sign-in (a password hash).
        const check = await page.request.get("/index/schedule/export", { maxRedirects: 0 });
        if (check.status() === 200) return;
        storedSessions.delete(key);
        await page.context().clearCookies({ name: "ticket" });
      }
      const response = await page.request.post("/login", { form: { username, password }, maxRedirects: 0 });
      expect(response.status(), `sign-in of ${username}`).toBe(302);
      const tickets = (await page.context().cookies()).filter((c) => c.name === "ticket");
      expect(tickets.length, `ticket of ${username}`).toBeGreaterThan(0);
      storedSessions.set(key, tickets);
      // A test that logs out, switches booth or changes a password changes its session: it is not handed on.
      page.on("request", (request) => {
        if (request.method() === "POST" && SESSION_CHANGING_POSTS.test(new URL(request.url()).pathname)) storedSessions.delete(key);
      });
    },
    openUserMenu: async () => {
      const menu = page.locator("header details.shell-usermenu");
      if ((await menu.getAttribute("open")) === null) await menu.getByTestId("user-label").click();
      await expect(menu).toHaveAttribute("open", "");
      return menu;
    },
    logout: async () => {
      // A link followed before hydration loads a new document; the form must be enhanced before it posts.
      await waitForHydration();
      const menu = await app.openUserMenu();
      await menu.getByRole("button", { name: "Log out", exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
      await waitForHydration();
    },
    submit: async (trigger) => {
      const posted = page.waitForResponse((r) => r.request().method() === "POST");
      // A page without script (handle.hydrate false) posts as plain HTML even with JavaScript on.
      const enhanced = jsEnabled && (await page.evaluate(() => "__remixContext" in window));
      const loaded = enhanced ? null : page.waitForEvent("domcontentloaded");
      await trigger();
      await posted;
      if (loaded) await loaded;
      else {
        // The router idle is not yet React's render of it: the body loses aria-busy (root.tsx) only when that render is on screen.
        await page.waitForFunction(
          () =>
            (window as unknown as { __remixRouter?: { state: { navigation: { state: string } } } }).__remixRouter?.state.navigation.state === "idle" &&
            !document.body.hasAttribute("aria-busy"),
        );
      }
    },
  };
  return app;
}
