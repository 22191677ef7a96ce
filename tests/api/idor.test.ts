/// <reference types="vite/client" />
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageRoutes, serverRoutes } from "../support/inventory";
import { portalClient } from "../support/portal-client";
import { describeCaller, type RouteCall } from "../support/route-calls";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";
import { PNG } from "../support/sample-files";
import { sendFeedbackWithPicture } from "../support/uploads";
import { idorCast } from "../support/demo-cast";

/**
 * IDOR sweep: exhibitor B (raw01) holding exhibitor A's (std01) ids gets 403 or 404 and none of
 * A's data. The routes come from the running server and the Remix manifest; each must be listed,
 * below (the shell's) or in its domain's tests/api/idor/<domain>.ts, either with a probe (it takes an id of something someone owns) or with the reason it
 * takes none. A new route fails this test until someone decides which it is. A probe's test also fails
 * when, during its own run, the probe never sent its route a request as a non-owner (the server notes
 * each request's route and caller: tests/support/route-calls.ts); a probe listed for several routes
 * must call each of them.
 */

type Context = {
  api: TestApi;
  /** Tickets of the two exhibitors, the organizer and a carrier. */
  a: string;
  b: string;
  admin: string;
  carrier: string;
  aFileUrl: string;
  aBoothId: number;
};
type Probe = (ctx: Context) => Promise<void>;
type Entry = { probe: Probe } | { noOwnedId: string };

const REFERENCE_DATA = "reference data (countries, regions, halls), the same for every caller";
const OWN_SESSION = "acts on the caller's own session or account only; no id is read";
const EXHIBITION_WIDE = "exhibition-wide content or configuration, the same for every exhibitor of a role; no owned id";

async function apiCall(ctx: Context, ticket: string, path: string, form?: Record<string, string>) {
  const response = await fetch(`${ctx.api.baseUrl}/api${path}`, {
    method: form ? "POST" : "GET",
    headers: { ticket, "content-type": "application/x-www-form-urlencoded", "accept-language": "en" },
    body: form ? new URLSearchParams(form) : undefined,
  });
  return { status: response.status, text: await response.text() };
}

const fileProbe: Probe = async (ctx) => {
  const url = `${ctx.api.baseUrl}${ctx.aFileUrl}`;
  for (const ticket of [ctx.b, ctx.carrier]) {
    const response = await fetch(url, { headers: { ticket } });
    expect(response.status).toBe(404);
    expect(Buffer.from(await response.arrayBuffer()).includes(PNG)).toBe(false);
  }
  // The same through a signed-in browser (the portal's ticket cookie).
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const viaCookie = await browser.request(ctx.aFileUrl);
  expect(viaCookie.status).toBe(404);
  // Controls: the owner and the organizer do read it, so the 404s above are about ownership.
  expect((await fetch(url, { headers: { ticket: ctx.a } })).status).toBe(200);
  expect((await fetch(url, { headers: { ticket: ctx.admin } })).status).toBe(200);
};

const switchBoothProbe: Probe = async (ctx) => {
  const result = await apiCall(ctx, ctx.b, "/smeb/user/switchBooth", { boothId: String(ctx.aBoothId) });
  expect(result.status).toBe(403);
  expect(result.text).not.toContain("1A01");
  const info = await apiCall(ctx, ctx.b, "/smeb/permission/getInfo");
  expect(info.text).not.toContain("1A01");
};

const feedbackImageProbe: Probe = async (ctx) => {
  const count = async () => (await ctx.api.db.selectFrom("feedback").select("img_url").where("img_url", "=", ctx.aFileUrl).execute()).length;
  const before = await count();
  const result = await apiCall(ctx, ctx.b, "/smeb/feedback/save", { type: "1", content: "borrowing A's picture", imgUrl: ctx.aFileUrl });
  expect(result.status).toBe(404);
  expect(await count()).toBe(before);
};

const boothPageProbe: Probe = async (ctx) => {
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const response = await browser.request("/booth", { body: new URLSearchParams({ boothId: String(ctx.aBoothId), redirectTo: "/index" }) });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/401");
  const home = await (await browser.request("/index")).text();
  expect(home).not.toContain("1A01");
};

/** A's upload, not yet completed: B cannot complete (claim) it, through the API or the portal. */
const completeProbe: Probe = async (ctx) => {
  const signed = await apiCall(ctx, ctx.a, `/oss/signature/getSignature?timesp=${Date.now()}&folder=feedback&fileName=a.png`);
  const signature = JSON.parse(signed.text).data as { key: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [name, value] of Object.entries(signature.fields)) form.append(name, value);
  form.append("file", new File([new Uint8Array(PNG)], "a.png"));
  expect((await fetch(`${ctx.api.baseUrl}/storage`, { method: "POST", body: form })).status).toBe(200);

  const viaApi = await apiCall(ctx, ctx.b, "/oss/complete", { key: signature.key, name: "mine.png" });
  expect(viaApi.status).toBe(404);
  expect(viaApi.text).not.toContain("/files/");
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const viaPortal = await browser.request("/upload/complete", { body: new URLSearchParams({ key: signature.key, name: "mine.png" }) });
  expect(viaPortal.status).toBe(400);
  expect(await viaPortal.text()).not.toContain("/files/");
  // The owner still can: the refusals above were about ownership and left A's upload alone.
  const owner = await apiCall(ctx, ctx.a, "/oss/complete", { key: signature.key, name: "a.png" });
  expect(owner.status).toBe(200);
};

/**
 * Each domain's entries, found by their file: every `tests/api/idor/<domain>.ts` exports one
 * `<name>Sweep` (docs/decisions/063). A new domain adds its file and edits nothing here;
 * tests/unit/domain-registry.test.ts fails on a file without exactly one sweep, or a route two files list.
 */
const domainFiles = import.meta.glob<Record<string, Record<string, Entry>>>("./idor/*.ts", { eager: true });
const domainEntries = Object.values(domainFiles).flatMap((exports) =>
  Object.entries(exports).flatMap(([name, entries]) => (name.endsWith("Sweep") ? [entries] : [])),
);

/** Keys: "METHOD /path" for server routes, the Remix route id for pages. */
const sweep: Record<string, Entry> = {
  "GET /files/:id": { probe: fileProbe },
  "POST /api/smeb/user/switchBooth": { probe: switchBoothProbe },
  "POST /api/smeb/feedback/save": { probe: feedbackImageProbe },
  "routes/booth": { probe: boothPageProbe },
  "POST /api/oss/complete": { probe: completeProbe },
  "routes/upload.complete": { probe: completeProbe },
  "GET /api/oss/signature/getSignature": { noOwnedId: "signs a new key under the caller's own prefix; no id is read" },
  "routes/upload.signature": { noOwnedId: "signs a new key under the caller's own prefix; no id is read" },
  "POST /storage": { noOwnedId: "the storage host: what may be written is the signed policy (tests/api/uploads.test.ts), not a session" },

  "POST /api/login/login": { noOwnedId: "signs in by username and password; a wrong pair learns nothing (same message)" },
  "GET /api/login/vCode": { noOwnedId: "issues a new captcha challenge" },
  "GET /api/login/captchaRequired": { noOwnedId: "answers whether a username needs a captcha; no data of the account" },
  "GET /api/login/authTicket": { noOwnedId: OWN_SESSION },
  "GET /api/login/publicKey": { noOwnedId: "the API's public key, the same for everyone" },
  "POST /api/login/cancellation": { noOwnedId: OWN_SESSION },
  "POST /api/login/modifyPasswd": { noOwnedId: OWN_SESSION },
  "GET /api/vcode/readUsingImageReaderBigcH": { noOwnedId: "issues a new captcha challenge" },
  "POST /api/vcode/readUsingImageReaderBigcH": { noOwnedId: "issues a new captcha challenge" },
  "POST /api/vcode/verify": { noOwnedId: "a captcha id is a one-time random secret of whoever asked for it, not an account's record" },
  "GET /api/smeb/permission/getInfo": { noOwnedId: OWN_SESSION },
  "GET /api/smeb/permission/getButtonsByMenu": { noOwnedId: EXHIBITION_WIDE },
  "POST /api/translate": { noOwnedId: "translates the text it is sent" },
  "POST /api/smeb/user/skin": { noOwnedId: OWN_SESSION },
  "GET /api/smeb/user/skin": { noOwnedId: OWN_SESSION },
  "GET /api/wx/getContactWay": { noOwnedId: EXHIBITION_WIDE },
  "GET /api/smeb/content/page": { noOwnedId: EXHIBITION_WIDE },
  "GET /api/smeb/worksheet/worksheet": { noOwnedId: "the caller's own schedule, computed from the caller's session" },
  "GET /api/smeb/worksheet/export": { noOwnedId: "the caller's own schedule, computed from the caller's session" },
  "POST /api/smeb/worksheet/confirm": { noOwnedId: "mails the caller's own schedule to the caller's own address" },
  "POST /api/smeb/worksheet/extension": { noOwnedId: "schedule items are the exhibition's, the same for every exhibitor; the request is filed for the caller" },

  "GET /healthz": { noOwnedId: "liveness, no data" },
  "GET /readyz": { noOwnedId: "readiness, no data" },
  "GET /version.json": { noOwnedId: "the build's version, the same for everyone" },
  "GET /metrics": { noOwnedId: "operational figures without records, only with METRICS_TOKEN (tests/api/metrics.test.ts)" },
  "GET /favicon.ico": { noOwnedId: "a redirect to the public icon, the same for everyone" },

  "routes/$": { noOwnedId: "the not-found page" },
  "routes/401": { noOwnedId: "an error page" },
  "routes/404": { noOwnedId: "an error page" },
  "routes/_index": { noOwnedId: "a redirect" },
  "routes/login": { noOwnedId: "signing in" },
  "routes/logout": { noOwnedId: OWN_SESSION },
  "routes/language": { noOwnedId: OWN_SESSION },
  "routes/ui": { noOwnedId: "the caller's own sidebar and tab cookies" },
  "routes/wxBrowser": { noOwnedId: "a static notice" },
  "routes/_shell": { noOwnedId: OWN_SESSION },
  "routes/_shell.index": { noOwnedId: OWN_SESSION },
  // Area layouts: the sidebar from the caller's own menus; a bare area path redirects to its first page.
  "routes/_shell.exhibitorInfo": { noOwnedId: OWN_SESSION },
  "routes/_shell.exhibitorInfo._index": { noOwnedId: OWN_SESSION },
  "routes/_shell.bookingService": { noOwnedId: OWN_SESSION },
  "routes/_shell.bookingService._index": { noOwnedId: OWN_SESSION },
  "routes/_shell.invitation._index": { noOwnedId: OWN_SESSION },
  "routes/_shell.index._index": { noOwnedId: OWN_SESSION },
  "routes/_shell.index.schedule": { noOwnedId: "the caller's own schedule" },
  "routes/_shell.index.$slug": { noOwnedId: EXHIBITION_WIDE },
  "routes/index.schedule.export": { noOwnedId: "the caller's own schedule" },
  "routes/_shell.changePassword": { noOwnedId: OWN_SESSION },
  "routes/_shell.feedback": { noOwnedId: "files new feedback for the caller; an image arrives as a file, never as a reference" },
  "routes/regions": { noOwnedId: REFERENCE_DATA },
  "routes/_shell.skin": { noOwnedId: OWN_SESSION },
  "routes/_shell.contact": { noOwnedId: EXHIBITION_WIDE },
  ...Object.assign({}, ...domainEntries),
};

/** The address pickers are many routes of one kind. */
const patterns: [RegExp, Entry][] = [[/^(GET|POST) \/api\/(address\/|hall\/list$)/, { noOwnedId: REFERENCE_DATA }]];

let build: ServerBuild;
let ctx: Context;
beforeAll(async () => {
  build = await loadRemixBuild();
  const api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: build, recordRouteCalls: true });
  const cast = await idorCast(api);
  const saved = await sendFeedbackWithPicture(api, cast.a, { type: "1", content: "A's screenshot", fileName: "a.png" });
  const aFileUrl = ((await saved.json()) as { data: { imgUrl: string } }).data.imgUrl;
  const booth = await api.db.selectFrom("booths").select("id").where("booth_no", "=", "1A01").executeTakeFirstOrThrow();
  ctx = { ...cast, aFileUrl, aBoothId: booth.id };
});
afterAll(() => ctx?.api.close());

/**
 * Exhibitor A (std01, also through a contractor A entrusted) owns what the probes name, and the organizer
 * may read it: their calls are the probes' controls. B, the carrier, any other account and a signed-out
 * caller are who a probe is about.
 */
const isNonOwner = (call: RouteCall) => call.caller.kind === "signed out" || (call.caller.username !== "std01" && !call.caller.organizer);

/** The probe sent the route itself a request as a non-owner (a page's own API calls are the page's, not the API route's probe). */
function calledByNonOwner(calls: RouteCall[], key: string) {
  return calls.some((call) => call.key === key && call.via === "http" && isNonOwner(call));
}

function probeMissed(calls: RouteCall[], key: string) {
  const of = (selected: RouteCall[]) => [...new Set(selected.map((c) => `${c.key}${c.via === "in-process" ? " (in-process)" : ""}`))].join(", ");
  const same = calls.filter((c) => c.key === key);
  const byWhom = [...new Set(same.map((c) => `${describeCaller(c.caller)}${c.via === "in-process" ? " in-process" : ""}`))].join(", ");
  return [
    `${key}: its probe never called it as a non-owner (B, the carrier, another account, or signed out)`,
    same.length ? `it was called only by ${byWhom}` : "it was not called at all",
    `the probe's non-owner calls: ${of(calls.filter(isNonOwner)) || "none"}`,
  ].join("; ");
}

function entryFor(key: string) {
  return sweep[key] ?? patterns.find(([pattern]) => pattern.test(key))?.[1];
}

describe("IDOR sweep", () => {
  it("every server route and every page route is in the sweep", () => {
    const keys = [...serverRoutes(ctx.api.app).map((r) => r.key), ...pageRoutes(build).map((r) => r.id)];
    const unlisted = keys.filter((key) => !entryFor(key));
    expect(unlisted.join(", "), "new routes: add each to its domain's tests/api/idor/<domain>.ts with a probe or the reason it takes no owned id").toBe("");
    expect(keys.length).toBeGreaterThan(40);
  });

  it("no entry names a route that no longer exists", () => {
    const keys = new Set([...serverRoutes(ctx.api.app).map((r) => r.key), ...pageRoutes(build).map((r) => r.id)]);
    expect(Object.keys(sweep).filter((key) => !keys.has(key))).toEqual([]);
  });

  // Each distinct probe runs once and is checked against every route it is listed for (one probe is
  // often listed for a dozen routes of a domain; running it per route cost most of the sweep's time).
  const routesOfProbe = new Map<Probe, string[]>();
  for (const [key, entry] of Object.entries(sweep)) if ("probe" in entry) routesOfProbe.set(entry.probe, [...(routesOfProbe.get(entry.probe) ?? []), key]);
  for (const [probe, keys] of routesOfProbe) {
    const also = keys.length > 1 ? ` (and ${keys.length - 1} more route${keys.length > 2 ? "s" : ""} of its probe)` : "";
    it(`${keys[0]}${also}: exhibitor B with A's id gets 403/404 and none of A's data`, async () => {
      const recording = ctx.api.routeCalls!.start();
      let calls: RouteCall[];
      try {
        await probe(ctx);
      } finally {
        calls = await recording.stop();
      }
      const missed = keys.filter((key) => !calledByNonOwner(calls, key));
      expect(missed.map((key) => probeMissed(calls, key)).join("\n")).toBe("");
    });
  }
});
