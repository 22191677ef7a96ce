// A scripted browser: one cookie jar, one client address (X-Forwarded-For), the headers a browser
// sends, and either plain document requests (JavaScript off) or Remix data requests (JavaScript on).
// Every request is timed and judged: a network error, a timeout, any 5xx or any status other than
// the expected one is an error.

const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 portal-load-suite";

/** The leaf route of each page a user browses (for data requests with JavaScript on). */
export const PAGES = {
  "/index": "routes/_shell.index._index",
  "/index/schedule": "routes/_shell.index.schedule",
  "/index/promote": "routes/_shell.index.$slug",
  "/changePassword": "routes/_shell.changePassword",
  "/feedback": "routes/_shell.feedback",
  "/skin": "routes/_shell.skin",
  "/contact": "routes/_shell.contact",
};

/**
 * The paths of the tabs a browser opens without asking the frame: those the frame sent with what it
 * shows on them (decision 073). A build whose tabs carry no such facts asks the frame on every navigation.
 */
function openTabsOf(tabs) {
  return Array.isArray(tabs) && tabs.every((tab) => typeof tab.floating === "boolean") ? new Set(tabs.map((tab) => tab.path)) : null;
}

/** The open tabs (see openTabsOf) in a document's loader data, or null. */
function tabsInDocument(html) {
  const tabs = html.match(/"tabs":(\[[^\]]*\])/)?.[1];
  try {
    return tabs ? openTabsOf(JSON.parse(tabs)) : null;
  } catch {
    return null;
  }
}

/**
 * The name of the feedback form's file input, read from the page (a browser sends what the form
 * has): null until a /feedback document was loaded, or when the form has no file input.
 */
let feedbackFileField = null;
export const feedbackImageField = () => feedbackFileField;

function fileInputName(html) {
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    if (/\btype="file"/.test(tag)) return tag.match(/\bname="([^"]+)"/)?.[1] ?? null;
  }
  return null;
}

export class RequestError extends Error {
  constructor(message, details) {
    super(message);
    this.details = details;
  }
}

/** Counts, latencies and error samples of one phase. */
export class Stats {
  constructor() {
    this.durations = [];
    this.byKind = new Map();
    this.errors = 0;
    this.errorSamples = [];
    this.errorReasons = new Map();
  }
  record(kind, ms, error) {
    this.durations.push(ms);
    const entry = this.byKind.get(kind) ?? { count: 0, errors: 0, durations: [] };
    entry.count++;
    entry.durations.push(ms);
    if (error) entry.errors++;
    this.byKind.set(kind, entry);
    if (error) {
      this.errors++;
      const reason = error.reason ?? "error";
      this.errorReasons.set(reason, (this.errorReasons.get(reason) ?? 0) + 1);
      if (this.errorSamples.length < 15) this.errorSamples.push(error);
    }
  }
  get requests() {
    return this.durations.length;
  }
}

export class Browser {
  /**
   * @param {{ baseUrl: string, ip: string, language?: "en"|"zh", javascript?: boolean, stats: Stats,
   *           timeoutMs?: number, fetchAssets?: boolean }} options
   */
  constructor({ baseUrl, ip, language = "en", javascript = false, stats, timeoutMs = 60_000, fetchAssets = false }) {
    this.baseUrl = baseUrl;
    this.origin = new URL(baseUrl).origin;
    this.ip = ip;
    this.language = language;
    this.javascript = javascript;
    this.stats = stats;
    this.timeoutMs = timeoutMs;
    this.fetchAssets = fetchAssets;
    this.cookies = new Map();
    this.assetsLoaded = false;
    this.currentPath = null;
    /** The paths of the frame's tabs, when this browser can open them without asking the frame (JS on). */
    this.openTabs = null;
    /** Set once the process is killed on purpose: failures are then expected, not errors. */
    this.inFlight = 0;
  }

  get ticket() {
    return this.cookies.get("ticket") ?? this.cookies.get("__Host-ticket") ?? null;
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  storeCookies(res) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  headers({ document, post }) {
    const headers = {
      "user-agent": USER_AGENT,
      "accept-language": this.language === "zh" ? "zh-CN,zh;q=0.9,en;q=0.8" : "en-US,en;q=0.9",
      "accept-encoding": "gzip, deflate, br",
      "x-forwarded-for": this.ip,
      accept: document ? "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" : "*/*",
      "sec-fetch-site": this.currentPath || post ? "same-origin" : "none",
      "sec-fetch-mode": document ? "navigate" : "cors",
      "sec-fetch-dest": document ? "document" : "empty",
    };
    if (post) headers.origin = this.origin;
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    return headers;
  }

  /**
   * One request. `check(res, body)` returns null when the answer is the expected one, else why not.
   * Returns { res, body, ms }; throws RequestError (already recorded in the stats) otherwise.
   */
  async request(kind, method, pathname, { body, document = false, check, binary = false, extraHeaders = {}, busyAnswer = false } = {}) {
    const url = new URL(pathname, this.baseUrl);
    const post = method !== "GET";
    const headers = { ...this.headers({ document, post }), ...extraHeaders };
    if (typeof body === "string") headers["content-type"] = "application/x-www-form-urlencoded";
    const started = performance.now();
    const current = { method, path: pathname, startedAt: started, done: false };
    this.lastRequest = current; // the load's progress line names the oldest request still waiting
    this.inFlight++;
    let res;
    let text;
    try {
      res = await fetch(url, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(this.timeoutMs) });
      text = binary ? Buffer.from(await res.arrayBuffer()) : await res.text();
    } catch (error) {
      const ms = performance.now() - started;
      const cause = error.cause?.code ?? error.cause?.message ?? error.name;
      const failure = new RequestError(`${method} ${url.pathname}${url.search}: ${error.name === "TimeoutError" ? "timeout" : "network error"} (${cause})`, {
        reason: error.name === "TimeoutError" ? "timeout" : "network",
      });
      failure.reason = failure.details.reason;
      failure.network = true;
      this.stats?.record(kind, ms, failure);
      throw failure;
    } finally {
      this.inFlight--;
      current.done = true;
    }
    const ms = performance.now() - started;
    this.storeCookies(res);
    this.onResponse?.(res);
    // A sign-in the server asks to repeat later (503 with Retry-After: too many sign-ins wait for a password check).
    if (busyAnswer && res.status === 503 && (res.headers.get("retry-after") || (!binary && text.includes('name="username"')))) {
      this.stats?.record(`${kind} (busy: try again)`, ms, null);
      return { res, body: text, ms, retryAfterSeconds: Number(res.headers.get("retry-after")) || 5 };
    }
    const problem = res.status >= 500 ? `server error ${res.status}` : check ? check(res, text) : null;
    if (problem) {
      const snippet = binary ? "" : text.replace(/\s+/g, " ").slice(0, 300);
      const location = res.headers.get("location") ?? res.headers.get("x-remix-redirect");
      const failure = new RequestError(
        `${method} ${url.pathname}${url.search} as ${this.ip}: ${problem} (status ${res.status}${location ? ` → ${location}` : ""}) ${snippet}`,
        { status: res.status },
      );
      failure.reason = res.status >= 500 ? "5xx" : `unexpected ${res.status}`;
      failure.status = res.status;
      this.stats?.record(kind, ms, failure);
      throw failure;
    }
    this.stats?.record(kind, ms, null);
    return { res, body: text, ms };
  }

  /** A full page load (document), plus its CSS/JS once per browser like a browser cache. */
  async loadDocument(pathname, expectText) {
    const { body } = await this.request("page", "GET", pathname, {
      document: true,
      check: (res, text) => {
        if (res.status !== 200) return "expected 200";
        if (!/text\/html/.test(res.headers.get("content-type") ?? "")) return "expected HTML";
        if (expectText && !text.includes(expectText)) return `page lacks ${JSON.stringify(expectText)}`;
        return null;
      },
    });
    this.currentPath = pathname;
    if (this.javascript) this.openTabs = tabsInDocument(body);
    if (pathname === "/feedback") feedbackFileField ??= fileInputName(body);
    if (this.fetchAssets && !this.assetsLoaded) {
      this.assetsLoaded = true;
      const assets = [...new Set([...body.matchAll(/(?:href|src)="(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))];
      // Six at a time, as a browser does per origin.
      for (let i = 0; i < assets.length; i += 6) {
        await Promise.all(
          assets
            .slice(i, i + 6)
            .map((asset) => this.request("asset", "GET", asset, { binary: true, check: (res) => (res.status === 200 ? null : "expected 200") })),
        );
      }
    }
    return body;
  }

  /** Loader data for one route (what a JavaScript-enabled browser fetches when navigating). */
  async loadData(pathname, routeId) {
    const { body } = await this.request("data", "GET", `${pathname}?_data=${encodeURIComponent(routeId)}`, {
      check: (res) => {
        if (res.headers.get("x-remix-redirect")) return "redirected";
        if (res.status !== 200) return "expected 200";
        if (!/application\/json/.test(res.headers.get("content-type") ?? "")) return "expected JSON";
        return null;
      },
    });
    const data = JSON.parse(body);
    if (routeId === "routes/_shell") this.openTabs = openTabsOf(data.tabs);
    return data;
  }

  /**
   * Navigates to a page the way this browser does (JS on: data requests once the app is loaded; the
   * frame's too unless the page is an open tab, app/lib/frame-revalidation.ts).
   */
  async visit(pathname) {
    if (this.javascript && this.currentPath) {
      const leaving = this.currentPath;
      this.currentPath = pathname;
      const loads = [];
      if (!this.openTabs?.has(pathname)) loads.push(this.loadData(pathname, "routes/_shell"));
      if (pathname.startsWith("/index") && !leaving.startsWith("/index")) loads.push(this.loadData(pathname, "routes/_shell.index"));
      loads.push(this.loadData(pathname, PAGES[pathname]));
      const [data] = (await Promise.all(loads)).slice(-1);
      return data;
    }
    return this.loadDocument(pathname);
  }

  /**
   * After an action a JavaScript-enabled browser reloads every loader of the page, but the frame's
   * when the action's answer says the frame is unchanged (app/lib/frame-revalidation.ts).
   */
  async revalidate(pathname, { frameUnchanged = false } = {}) {
    const routes = frameUnchanged ? ["root"] : ["root", "routes/_shell"];
    if (pathname.startsWith("/index")) routes.push("routes/_shell.index");
    routes.push(PAGES[pathname]);
    await Promise.all(routes.map((route) => this.loadData(pathname, route)));
  }

  /** Signs in through the portal's form; expects the redirect to `redirectTo` with a ticket cookie. */
  async signIn(username, password, { redirectTo = "/index", gate = (post) => post() } = {}) {
    await this.loadDocument("/login", 'name="username"');
    const body = new URLSearchParams({ username, password, redirectTo }).toString();
    // As a person does when the page says "try again in N seconds": waits that long, then signs in again.
    const untilAccepted = async (post) => {
      for (let attempt = 1; ; attempt++) {
        const answer = await post();
        if (!answer.retryAfterSeconds) return answer;
        if (attempt >= 5) {
          const failure = new RequestError(`POST /login as ${this.ip}: still told to try again after ${attempt} tries`, { status: 503 });
          failure.reason = "busy";
          this.stats?.record("login", answer.ms, failure);
          throw failure;
        }
        await new Promise((resolve) => setTimeout(resolve, answer.retryAfterSeconds * 1000));
      }
    };
    if (this.javascript) {
      await gate(() =>
        untilAccepted(() =>
          this.request("login", "POST", `/login?_data=${encodeURIComponent("routes/login")}`, {
            busyAnswer: true,
            body,
            check: (res) => {
              if (res.status !== 204 || res.headers.get("x-remix-redirect") !== redirectTo) return `expected a redirect to ${redirectTo}`;
              return this.ticket ? null : "no ticket cookie";
            },
          }),
        ),
      );
      this.currentPath = redirectTo;
      await this.revalidate(redirectTo);
    } else {
      await gate(() =>
        untilAccepted(() =>
          this.request("login", "POST", "/login", {
            busyAnswer: true,
            body,
            document: true,
            check: (res) => {
              if (res.status !== 302 || res.headers.get("location") !== redirectTo) return `expected a redirect to ${redirectTo}`;
              return this.ticket ? null : "no ticket cookie";
            },
          }),
        ),
      );
      await this.loadDocument(redirectTo);
    }
  }

  /** Posts a form to the current page's action and checks the success the page reports. */
  async submit(pathname, body, onAck) {
    if (this.javascript) {
      const { body: text } = await this.request("post", "POST", `${pathname}?_data=${encodeURIComponent(PAGES[pathname])}`, {
        body,
        check: (res, text) => {
          if (res.status !== 200) return "expected 200";
          try {
            return JSON.parse(text).success === true ? null : "no success flag";
          } catch {
            return "expected JSON";
          }
        },
      });
      // Acknowledged: the action answered success (what follows is only the page's reload).
      onAck?.();
      await this.revalidate(pathname, { frameUnchanged: JSON.parse(text).frameUnchanged === true });
      return text;
    }
    const { body: html } = await this.request("post", "POST", pathname, {
      body,
      document: true,
      check: (res, text) => {
        if (res.status !== 200) return "expected 200";
        // The success toast (app/components/toast.tsx).
        return text.includes('data-kind="success"') ? null : "page shows no success message";
      },
    });
    onAck?.();
    return html;
  }

  /**
   * The feedback form, multipart as the page's form is: type 1-5, content, and the file input (its
   * name read from the page) with a PNG or, like a browser with nothing chosen, an empty part.
   * Callers attach an image only when feedbackImageField() is known.
   */
  submitFeedback({ type, content, image }, onAck) {
    const form = new FormData();
    form.set("type", String(type));
    form.set("content", content);
    const field = feedbackFileField;
    if (field && image) form.set(field, new Blob([image.bytes], { type: "image/png" }), image.name);
    else if (field) form.set(field, new Blob([], { type: "application/octet-stream" }), "");
    return this.submit("/feedback", form, onAck);
  }

  submitSkin(skin, onAck) {
    return this.submit("/skin", new URLSearchParams({ skin }).toString(), onAck);
  }
}
