import { afterAll, beforeAll, describe, it } from "vitest";
import { idorCast } from "./demo-cast";
import { backends, startTestApiInTempDir, type TestApi } from "./test-api";

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
    beforeAll(async () => {
      ctx = await idorCast(await startTestApiInTempDir(backend, "portal-idor-"));
    });
    afterAll(() => ctx?.api.close());
    // Page probes need the Remix build, which the sweep itself loads.
    for (const [route, entry] of Object.entries(sweep))
      if ("probe" in entry && (!options.apiOnly || route.includes(" /api/"))) it(route, () => entry.probe(ctx));
  });
}
