import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { backends, startTestApi, type TestApi } from "./test-api";

/** What an API probe of the IDOR sweep gets: the two exhibitors (A std01, B raw01), the organizer, carrier01. */
export type IdorContext = { api: TestApi; a: string; b: string; admin: string; carrier: string };
type Entry = { probe: (ctx: IdorContext) => Promise<void> } | { noOwnedId: string };

/**
 * The IDOR sweep (tests/api/idor.test.ts) runs on the embedded database only; a feature's test file
 * runs its own sweep entries on both databases with this, each on a server of its own (`apiOnly`: the
 * API routes' entries only).
 */
export function idorProbesOnBothDatabases(title: string, sweep: Record<string, Entry>, options: { apiOnly?: boolean } = {}) {
  describe.each(backends)(`${title} IDOR probes on %s`, (backend) => {
    let ctx: IdorContext;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-idor-"));
      const api = await startTestApi(backend, { DATA_DIR: dataDir });
      const [a, b, admin, carrier] = await Promise.all([
        api.login("std01", "Expo#2026"),
        api.login("raw01", "Expo#2026"),
        api.login("admin", "Admin#2026"),
        api.login("carrier01", "Expo#2026"),
      ]);
      ctx = { api, a, b, admin, carrier };
    });
    afterAll(async () => {
      await ctx?.api.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    // Page probes need the Remix build, which the sweep itself loads.
    for (const [route, entry] of Object.entries(sweep))
      if ("probe" in entry && (!options.apiOnly || route.includes(" /api/"))) it(route, () => entry.probe(ctx));
  });
}
