import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll } from "vitest";
import { portalClient, type PortalClient } from "./portal-client";
import { DEFAULT_BACKEND, loadRemixBuild, startTestApi, type TestApi } from "./test-api";

/**
 * For the file (or describe block) it is called in: the whole portal, pages and API on the production
 * build, on the default backend; started before the tests and closed after them. Its `build` and `api`
 * are there from the first hook on.
 */
export function pagesPortal() {
  const portal = {} as { build: ServerBuild; api: TestApi };
  beforeAll(async () => {
    portal.build = await loadRemixBuild();
    portal.api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: portal.build });
  });
  afterAll(() => portal.api?.close());
  return portal;
}

/** The same, with a portal client (`client`) signed in as `username`. */
export function signedInPortal(username: string, password: string) {
  const portal = pagesPortal() as ReturnType<typeof pagesPortal> & { client: PortalClient };
  beforeAll(async () => {
    portal.client = portalClient(portal.api.baseUrl);
    await portal.client.signIn(username, password);
  });
  return portal;
}
