// Point 3: two portal processes on one PostgreSQL behind one port. What one process writes
// (session, sign-in failure counter, captcha, per-user preference) must be seen by the other.
import { Browser, Stats } from "./client.mjs";

const DEMO = { username: "std01", password: "Expo#2026", businessName: "Shenzhen Galaxy Smart Technology" };
const TEXT = {
  wrongCredentials: "Incorrect username or password",
  locked: "Too many failed sign-in attempts",
  captchaWrong: "The security check was not passed",
  captchaExpired: "The security check has expired",
};

/** The same browser (same cookie jar) talking to another address. */
function sameBrowserAt(browser, baseUrl) {
  const other = new Browser({ baseUrl, ip: browser.ip, language: browser.language, javascript: browser.javascript, stats: browser.stats });
  other.cookies = browser.cookies;
  other.currentPath = browser.currentPath;
  return other;
}

async function apiJson(baseUrl, path, { ip, method = "GET", json } = {}) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { "x-forwarded-for": ip, "accept-language": "en", ...(json ? { "content-type": "application/json" } : {}) },
    body: json ? JSON.stringify(json) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: await res.json() };
}

async function captchaAnswer(db, captchaId) {
  const [row] = await db.query(`select answer from captchas where id = $1`, [captchaId]);
  if (!row) throw new Error(`captcha ${captchaId} is not in the database`);
  return typeof row.answer === "string" ? JSON.parse(row.answer) : row.answer;
}

/**
 * Runs the cross-process checks; returns [{ name, ok, detail }]. Each check catches its own
 * failure, so one broken check does not hide the others.
 */
export async function crossProcessChecks({ a, b, proxy, db, lockAccount, password }) {
  const results = [];
  const stats = new Stats();
  const run = async (name, fn) => {
    try {
      const detail = await fn();
      results.push({ name, ok: true, detail });
    } catch (error) {
      results.push({ name, ok: false, detail: error.message });
    }
  };

  await run("session made through A is seen by B (direct)", async () => {
    const viaA = new Browser({ baseUrl: a.baseUrl, ip: "10.60.0.1", stats });
    await viaA.signIn(DEMO.username, DEMO.password);
    const viaB = sameBrowserAt(viaA, b.baseUrl);
    await viaB.loadDocument("/index", DEMO.businessName);
    const data = await viaB.loadData("/skin", "routes/_shell.skin");
    if (!("skin" in data)) throw new Error("B's /skin data lacks the skin field");
    return "signed in on A; B served /index (same company name) and /skin data with that cookie";
  });

  await run("exhibitor data draft saved through A is seen by B", async () => {
    const viaA = new Browser({ baseUrl: a.baseUrl, ip: "10.60.0.4", stats });
    await viaA.signIn(DEMO.username, DEMO.password);
    const marker = `草稿-${Date.now().toString(36)}`;
    const form = new URLSearchParams({ step: "company", intent: "save", companyNameZh: marker }).toString();
    await viaA.request("post", "POST", "/exhibitorInfo/exhibitorData?step=company", {
      body: form,
      document: true,
      check: (res) => (res.status === 302 ? null : `expected a redirect after saving, got ${res.status}`),
    });
    const viaB = sameBrowserAt(viaA, b.baseUrl);
    await viaB.loadDocument("/exhibitorInfo/exhibitorData?step=company", marker);
    return "saved the company step on A; B's page shows the same draft";
  });

  await run("cart made through A is seen by B, and an order committed on B empties it on A", async () => {
    // Through the exhibition API, as the web app calls it: a ticket header.
    const api = async (server, path, { ticket, form } = {}) => {
      const res = await fetch(`${server.baseUrl}/api${path}`, {
        method: form ? "POST" : "GET",
        headers: { "x-forwarded-for": "10.60.0.5", ...(ticket ? { ticket } : {}), ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
        body: form ? new URLSearchParams(form) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      const body = await res.json();
      if (body.code !== 200) throw new Error(`${path} on ${server === a ? "A" : "B"}: ${body.code} ${body.message}`);
      return body.data;
    };
    const { ticket } = await api(a, "/login/login", { form: { username: DEMO.username, password: DEMO.password } });
    const catalogue = await api(a, "/smeb/service/service/list", { ticket });
    const service = catalogue.list.find((item) => item.orderOpen);
    if (!service) throw new Error("no service open for ordering in the demo catalogue");
    const before = await api(b, "/smeb/service/cart/list", { ticket });
    const had = before.lines.find((line) => line.serviceId === service.id)?.quantity ?? 0;
    await api(a, "/smeb/service/cart/add", { ticket, form: { serviceId: String(service.id), quantity: "2" } });
    const seen = await api(b, "/smeb/service/cart/list", { ticket });
    const line = seen.lines.find((l) => l.serviceId === service.id);
    if (line?.quantity !== had + 2) throw new Error(`B sees quantity ${line?.quantity ?? 0}, expected ${had + 2}`);
    const key = `load-${Date.now().toString(36)}`;
    const order = await api(b, "/smeb/service/order/commit", { ticket, form: { idempotencyKey: key } });
    const again = await api(a, "/smeb/service/order/commit", { ticket, form: { idempotencyKey: key } }).catch((error) => ({ error }));
    const after = await api(a, "/smeb/service/cart/list", { ticket });
    if (after.lines.length) throw new Error(`A still shows ${after.lines.length} cart line(s) after B committed`);
    if (again.error || again.orderNo !== order.orderNo)
      throw new Error(`the same idempotency key on A gave ${again.orderNo ?? again.error?.message}, not ${order.orderNo}`);
    return `+2 × ${service.code} on A → B shows ${line.quantity}; committed on B as ${order.orderNo}; A's cart is empty and the same key on A returns ${again.orderNo}`;
  });

  await run("session ended through B is refused by A", async () => {
    const viaA = new Browser({ baseUrl: a.baseUrl, ip: "10.60.0.2", stats });
    await viaA.signIn(DEMO.username, DEMO.password);
    const ticket = viaA.ticket;
    const viaB = sameBrowserAt(viaA, b.baseUrl);
    await viaB.request("post", "POST", "/logout", {
      body: "",
      document: true,
      check: (res) => (res.status === 302 ? null : "expected a redirect"),
    });
    const replay = new Browser({ baseUrl: a.baseUrl, ip: "10.60.0.2", stats: null });
    replay.cookies.set("ticket", ticket);
    const { res } = await replay.request("page", "GET", "/index", { document: true, check: () => null });
    const location = res.headers.get("location") ?? "";
    if (res.status !== 302 || !location.startsWith("/login")) throw new Error(`A still accepted the ended session (status ${res.status})`);
    return `old cookie on A → ${res.status} ${location}`;
  });

  await run("session through the proxy: signed-in pages served by both processes", async () => {
    const browser = new Browser({ baseUrl: proxy.baseUrl, ip: "10.60.0.3", stats });
    const backends = [];
    browser.onResponse = (res) => backends.push(res.headers.get("x-load-backend"));
    await browser.signIn(DEMO.username, DEMO.password);
    const signInBackend = backends[1];
    backends.length = 0;
    for (let i = 0; i < 4; i++) await browser.loadDocument("/index", DEMO.businessName);
    const seen = new Set(backends.filter(Boolean));
    if (!(seen.has("A") && seen.has("B"))) throw new Error(`signed-in pages came only from ${[...seen].join(", ")}`);
    return `signed in through ${signInBackend}, /index answered by ${backends.join(", ")}`;
  });

  await run("lockout counter shared: 10 failures spread over A and B lock the account on both", async () => {
    const targets = [a, b];
    const trail = [];
    for (let i = 1; i <= 10; i++) {
      const target = targets[i % 2];
      const issuer = targets[(i + 1) % 2];
      const ip = `10.61.0.${i}`;
      const browser = new Browser({ baseUrl: target.baseUrl, ip, stats });
      const fields = { username: lockAccount, password: `wrong-${i}`, redirectTo: "/index" };
      // From the fourth attempt a captcha is due; it is issued by the *other* process and answered here.
      if (i > 3) {
        const issuerBrowser = new Browser({ baseUrl: issuer.baseUrl, ip, stats });
        const html = await issuerBrowser.loadDocument("/login?captcha=text", 'name="captchaId"');
        const captchaId = html.match(/name="captchaId" value="([^"]+)"/)?.[1];
        if (!captchaId) throw new Error("no captcha id on the login page");
        fields.captchaId = captchaId;
        fields.vCode = (await captchaAnswer(db, captchaId)).text;
      }
      await browser.request("login", "POST", i > 3 ? "/login?captcha=text" : "/login", {
        body: new URLSearchParams(fields).toString(),
        document: true,
        check: (res, text) => (res.status === 400 && text.includes(TEXT.wrongCredentials) ? null : `attempt ${i}: expected "wrong credentials"`),
      });
      trail.push(`${target.name}${i > 3 ? "+captcha" : ""}`);
    }
    const [{ failures }] = await db.query(`select count(*)::int as failures from login_attempts where lower(username) = lower($1) and not succeeded`, [
      lockAccount,
    ]);
    if (failures !== 10) throw new Error(`expected 10 recorded failures, the database has ${failures}`);
    const refused = [];
    for (const [i, target] of [a, b].entries()) {
      const browser = new Browser({ baseUrl: target.baseUrl, ip: `10.61.1.${i + 1}`, stats });
      await browser.loadDocument("/login");
      await browser.request("login", "POST", "/login", {
        body: new URLSearchParams({ username: lockAccount, password, redirectTo: "/index" }).toString(),
        document: true,
        check: (res, text) => (res.status === 429 && text.includes(TEXT.locked) ? null : `the right password on ${target.name} was not refused with 429`),
      });
      const state = await apiJson(target.baseUrl, `/login/captchaRequired?username=${encodeURIComponent(lockAccount)}`, { ip: `10.61.1.${i + 1}` });
      if (state.body?.data?.locked !== true) throw new Error(`${target.name} /api/login/captchaRequired does not say locked`);
      refused.push(`${target.name}: 429`);
    }
    return `failures via ${trail.join(", ")}; 11th attempt (right password, new IP) ${refused.join(", ")}`;
  });

  await run("per-user preference (skin) saved through one process is seen by the other", async () => {
    const viaA = new Browser({ baseUrl: a.baseUrl, ip: "10.60.0.4", stats });
    await viaA.signIn(DEMO.username, DEMO.password);
    const viaB = sameBrowserAt(viaA, b.baseUrl);
    await viaA.loadDocument("/skin");
    await viaA.submitSkin("skin3");
    const seenByB = (await viaB.loadData("/skin", "routes/_shell.skin")).skin;
    if (seenByB !== "skin3") throw new Error(`saved skin3 through A, B shows ${seenByB}`);
    await viaB.submitSkin("skin2");
    const seenByA = (await viaA.loadData("/skin", "routes/_shell.skin")).skin;
    if (seenByA !== "skin2") throw new Error(`saved skin2 through B, A shows ${seenByA}`);
    return "skin3 via A → B shows skin3; skin2 via B → A shows skin2";
  });

  await run("captcha issued by A is known to and verified by B", async () => {
    const issued = await apiJson(a.baseUrl, "/vcode/readUsingImageReaderBigcH", { ip: "10.62.0.1" });
    const captchaId = issued.body?.data?.captchaId;
    if (!captchaId) throw new Error(`A gave no captcha (${issued.status})`);
    const answer = await captchaAnswer(db, captchaId);
    const wrong = await apiJson(b.baseUrl, "/vcode/verify", { ip: "10.62.0.1", method: "POST", json: { captchaId, points: [{ x: -500, y: -500 }] } });
    if (!String(wrong.body?.message).includes(TEXT.captchaWrong)) throw new Error(`a wrong click on B answered ${JSON.stringify(wrong.body)}`);
    const right = await apiJson(b.baseUrl, "/vcode/verify", { ip: "10.62.0.1", method: "POST", json: { captchaId, points: [{ x: answer.x, y: answer.y }] } });
    if (right.body?.data?.verified !== true) throw new Error(`the right click on B answered ${JSON.stringify(right.body)}`);
    const unknown = await apiJson(b.baseUrl, "/vcode/verify", {
      ip: "10.62.0.1",
      method: "POST",
      json: { captchaId: "no-such-captcha", points: [{ x: 1, y: 1 }] },
    });
    if (!String(unknown.body?.message).includes(TEXT.captchaExpired)) throw new Error(`an unknown captcha on B answered ${JSON.stringify(unknown.body)}`);
    return "B: wrong click → wrong, right click → verified (an unknown id → expired)";
  });

  return { results, stats };
}
