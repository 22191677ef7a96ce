import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/**
 * A page whose loader fails shows the error page inside the shell: its document title is still the
 * page's, in the user's language (issue 51: "every tab has its page's title in the user's language"),
 * not the English word its meta used to fall back to.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: await loadRemixBuild() });
});
afterAll(() => api?.close());

async function titleOf(path: string) {
  const client = portalClient(api.baseUrl);
  await client.signIn("std01", "Expo#2026");
  const response = await client.request(path, { headers: { "accept-language": "zh", cookie: `${client.cookieHeader()}; lng=zh` } });
  const html = await response.text();
  return { status: response.status, title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "" };
}

describe("error pages keep a Chinese title", () => {
  // Each with the English word its page named itself by before.
  it.each([
    ["/bookingService/myOrder/SO00000000", /Order/],
    ["/exhibitTL/carriage/999999", /Exhibit carriage/],
  ])("%s: a refused or missing record", async (path, english) => {
    const { status, title } = await titleOf(path);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(title).toMatch(/[\u4e00-\u9fff]/);
    expect(title).not.toMatch(english);
  });
});
