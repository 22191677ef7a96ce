import http from "node:http";
import type { AddressInfo } from "node:net";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setTicket } from "../../app/lib/cookies.server";
import { getShellUser, requireShellUser } from "../../app/lib/permissions.server";
import type { PermissionInfo } from "../../app/contracts/permission/api-types";

/** A fake exhibition API answering /smeb/permission/getInfo with whatever the test sets. */
type Envelope = { code: number; message: string; data: unknown };
let reply: Envelope;
/** What /login/authTicket answers: a live ticket and its session's state unless the test says otherwise. */
let ticketState: Envelope;
let calls: number;
let server: http.Server;
let context: AppLoadContext;
/** The server makes one load context per HTTP request: each simulated request gets its own. */
const newRequestContext = (): AppLoadContext => ({ ...context });

const info: PermissionInfo = {
  infoVO: {
    id: 7,
    username: "std01",
    roleId: 2,
    skin: "skin1",
    businessName: "星河",
    businessNameEn: "Galaxy",
    boothId: 1,
    boothNo: "1A01",
    boothArea: 9,
    boothType: 1,
    sysCurrentTime: 0,
    exhibitName: "Fair",
    booths: [],
  },
  menuAuths: [
    {
      id: 30,
      pid: 0,
      route: "/boothConstruction",
      name: "展位搭建",
      nameEn: "Booth construction",
      icon: null,
      isMenu: 1,
      hidden: false,
      remark: null,
      url: null,
      list: [
        {
          id: 31,
          pid: 30,
          route: "/boothConstruction/standardConstruction",
          name: "标摊",
          nameEn: "Standard",
          icon: null,
          isMenu: 1,
          hidden: false,
          remark: null,
          url: null,
          list: [],
        },
        {
          id: 32,
          pid: 30,
          route: "/boothConstruction/insurancePurchase",
          name: "保险",
          nameEn: "Insurance",
          icon: null,
          isMenu: 1,
          hidden: false,
          remark: null,
          url: null,
          list: [],
        },
      ],
    },
  ],
  auths: [],
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url?.startsWith("/login/authTicket")) return res.end(JSON.stringify(ticketState));
    calls++;
    res.end(JSON.stringify(reply));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  context = {
    apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sessionSecrets: ["unit-test-secret-123456"],
    secureCookies: false,
    pages: [
      { path: "/boothConstruction/standardConstruction", hasPage: true, handle: { boothTypes: [1] } },
      { path: "/boothConstruction/insurancePurchase", hasPage: true, handle: { boothTypes: [2] } },
      { path: "/changePassword", hasPage: true, handle: { personal: "account" } },
    ],
    requestId: "t",
    clientIp: "127.0.0.1",
  } as AppLoadContext;
});
afterAll(() => server?.close());
// Each test starts from a live ticket and no permission answer, whatever the one before it set.
beforeEach(() => {
  reply = { code: 200, message: "", data: null };
  ticketState = { code: 200, message: "", data: { stateVersion: "1.0.2" } };
  calls = 0;
});

async function requestWith(path: string, ticket: string, extraCookie = "") {
  const cookie = (await setTicket(context, ticket)).split(";")[0]!;
  return new Request(`http://portal.test${path}`, { headers: { cookie: [cookie, "lng=zh", extraCookie].filter(Boolean).join("; ") } });
}

describe("the shell's permission guard", () => {
  it("filters the menus (standard booth: no insurance) and guards typed URLs", async () => {
    reply = { code: 200, message: "", data: info };
    const user = await getShellUser(await requestWith("/changePassword", "T-filter"), newRequestContext());
    expect(user!.allowed.has("/boothConstruction/standardConstruction")).toBe(true);
    expect(user!.allowed.has("/boothConstruction/insurancePurchase")).toBe(false);
    const denied = await requireShellUser(await requestWith("/boothConstruction/insurancePurchase", "T-filter"), newRequestContext()).catch((e) => e);
    expect(denied.headers.get("location")).toBe("/401");
  });

  it("caches permission info per ticket and session state: a booth switch (new state) loads it again", async () => {
    reply = { code: 200, message: "", data: info };
    const request = await requestWith("/changePassword", "T-cache");
    // One page's loaders share their request's load context (and its one lookup).
    const page = newRequestContext();
    await Promise.all([getShellUser(request, page), getShellUser(request, page)]);
    await getShellUser(await requestWith("/changePassword", "T-cache"), newRequestContext());
    expect(calls).toBe(1);
    // A skin chosen meanwhile comes with the session's state: shown at once, the menus stay cached.
    ticketState = { code: 200, message: "", data: { stateVersion: "1.0.2", skin: "skin3" } };
    const reskinned = await getShellUser(await requestWith("/changePassword", "T-cache"), newRequestContext());
    expect(reskinned!.skin).toBe("skin3");
    expect(calls).toBe(1);
    // A backend whose state does not name a skin: the permission info's is shown.
    ticketState = { code: 200, message: "", data: { stateVersion: "1.0.2" } };
    const fromInfo = await getShellUser(await requestWith("/changePassword", "T-cache"), newRequestContext());
    expect(fromInfo!.skin).toBe("skin1");
    ticketState = { code: 200, message: "", data: { stateVersion: "3.0.2" } };
    await getShellUser(await requestWith("/changePassword", "T-cache"), newRequestContext());
    expect(calls).toBe(2);
  });

  it("ends the shell at once when the ticket died elsewhere, cache or not", async () => {
    reply = { code: 200, message: "", data: info };
    await getShellUser(await requestWith("/changePassword", "T-ended"), newRequestContext());
    ticketState = { code: 401, message: "expired", data: null };
    const response = await getShellUser(await requestWith("/changePassword", "T-ended"), newRequestContext()).catch((e) => e);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2FchangePassword");
  });

  it("sends a signed-out visitor to /login with the return path", async () => {
    const response = await requireShellUser(new Request("http://portal.test/changePassword"), newRequestContext()).catch((e) => e);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2FchangePassword");
  });

  it("on an expired ticket (401) clears the session and goes to /login with the notice", async () => {
    reply = { code: 401, message: "expired", data: null };
    ticketState = { code: 401, message: "expired", data: null };
    const response = await getShellUser(await requestWith("/changePassword", "T-expired"), newRequestContext()).catch((e) => e);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2FchangePassword");
    expect(response.headers.get("set-cookie")).toMatch(/notice=session\.expired/);
  });

  it("logs a failed load and still renders, with no menus and only personal pages allowed", async () => {
    reply = { code: 500, message: "System error", data: null };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const user = await requireShellUser(await requestWith("/changePassword", "T-broken"), newRequestContext());
    expect(user.menus).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("permission info failed to load"));
    const denied = await requireShellUser(await requestWith("/boothConstruction/standardConstruction", "T-broken"), newRequestContext()).catch((e) => e);
    expect(denied.headers.get("location")).toBe("/401");
  });
});
