import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";

/**
 * The organizer's checklist overview in the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01)
 * asking for the overview, an item's not-done list (which names other exhibitors and their contacts)
 * or its export gets 403 and no exhibitor's data; the organizer reads them (control).
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string };

async function get(ctx: Ctx, ticket: string, path: string) {
  const response = await fetch(`${ctx.api.baseUrl}/api${path}`, { headers: { ticket, "accept-language": "en" } });
  return { status: response.status, text: await response.text() };
}

const overviewProbe = async (ctx: Ctx) => {
  const control = await get(ctx, ctx.admin, "/smeb/worksheet/overview");
  expect(control.status).toBe(200);
  const itemId = (JSON.parse(control.text).data as { items: { id: number }[] }).items[0]!.id;
  expect((await get(ctx, ctx.admin, `/smeb/worksheet/notDone?itemId=${itemId}`)).status).toBe(200);
  for (const path of ["/smeb/worksheet/overview", `/smeb/worksheet/notDone?itemId=${itemId}`, `/smeb/worksheet/notDone/export?itemId=${itemId}`]) {
    const answer = await get(ctx, ctx.b, path);
    expect(answer.status, path).toBe(403);
    expect(answer.text, path).not.toContain("std01");
  }
};

/** The drill-down page and its export: B is sent to /401 and sees no exhibitor of the list. */
const notDonePageProbe = async (ctx: Ctx) => {
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  for (const path of ["/index/checklist/1", "/index/checklist/1/export"]) {
    const response = await browser.request(path);
    expect(response.status, path).toBe(302);
    expect(response.headers.get("location"), path).toMatch(/\/401/);
  }
};

export const homeOverviewSweep = {
  "routes/index.checklist.$itemId.export": { probe: notDonePageProbe },
  "GET /api/smeb/worksheet/overview": { probe: overviewProbe },
  "GET /api/smeb/worksheet/notDone": { probe: overviewProbe },
  "GET /api/smeb/worksheet/notDone/export": { probe: overviewProbe },
};
