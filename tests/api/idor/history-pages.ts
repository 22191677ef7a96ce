import { expect } from "vitest";
import { recordHistory } from "../../../server/team/history-record";
import { portalClient } from "../../support/portal-client";
import type { ProbeContext } from "../../support/idor-probe";

/**
 * The organizer's history log pages (/index/history and its workbook, docs/decisions/069) in the IDOR
 * sweep (tests/api/idor.test.ts): exhibitor B (raw01), a carrier and exhibitor A (std01), signed in to
 * the portal and searching for an entry of A's, are sent to /401 from the page and from its export and
 * read none of it. The organizer finds it (control). A record's History section is swept with its
 * record's page (badge-pages.ts) and its API route (team.ts).
 */
type Probe = (ctx: ProbeContext) => Promise<void>;

const MARKER = "history-marker-6969";

let prepared: Promise<void> | null = null;
/** An entry of A's, named by the marker; made once per sweep. */
function prepare(ctx: ProbeContext) {
  prepared ??= (async () => {
    const a = await ctx.api.db.selectFrom("users").select(["id", "exhibition_id", "business_name"]).where("username", "=", "std01").executeTakeFirstOrThrow();
    await recordHistory(ctx.api.db, {
      exhibitionId: a.exhibition_id,
      actor: { userId: a.id, label: "std01", company: a.business_name, role: "owner", onBehalfOf: null },
      companyUserId: a.id,
      area: "badges",
      kind: "update",
      action: "/smeb/pass/ticket/update",
      summary: MARKER,
    });
  })();
  return prepared;
}

const SEARCH = `?person=std01&kind=update`;

const pagesProbe: Probe = async (ctx) => {
  await prepare(ctx);
  for (const username of ["raw01", "carrier01", "std01"]) {
    const browser = portalClient(ctx.api.baseUrl);
    await browser.signIn(username, "Expo#2026");
    for (const path of [`/index/history${SEARCH}`, `/index/history/export${SEARCH}`]) {
      const response = await browser.request(path);
      expect(response.status, `${username} ${path}`).toBe(302);
      expect(response.headers.get("location")).toBe("/401");
      expect(await response.text()).not.toContain(MARKER);
    }
  }
  // Control: the organizer reads the entry on the page and gets the workbook.
  const organizer = portalClient(ctx.api.baseUrl);
  await organizer.signIn("admin", "Admin#2026");
  const page = await organizer.request(`/index/history${SEARCH}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(MARKER);
  const file = await organizer.request(`/index/history/export${SEARCH}`);
  expect(file.status).toBe(200);
  expect(file.headers.get("content-type")).toContain("spreadsheetml");
};

export const historyPagesSweep = {
  "routes/_shell.index.history": { probe: pagesProbe },
  "routes/index.history.export": { probe: pagesProbe },
};
