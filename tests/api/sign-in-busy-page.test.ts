import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whileHashQueueFull } from "../support/hash-queue";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/**
 * Issue 42 (decision 041): when too many sign-ins wait for the password hash thread, the sign-in page
 * says so at once, without JavaScript, with how long to wait, and keeps the username.
 */
describe("the sign-in page when the hash queue is full", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: await loadRemixBuild() });
  });
  afterAll(() => api?.close());

  it("answers 503 with Retry-After and the wait in the page, keeping the username; later the same sign-in works", async () => {
    const client = portalClient(api.baseUrl);
    const page = await whileHashQueueFull(async () => {
      const answer = await client.request("/login", { body: new URLSearchParams({ username: "std01", password: "Expo#2026" }) });
      return Object.assign(answer, { html: await answer.text() });
    });
    expect(page.status).toBe(503);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const html = page.html;
    expect(html).toMatch(/Many people are signing in right now\. Please try again in \d+ seconds\./);
    expect(html).toMatch(/name="username"[^>]*value="std01"|value="std01"[^>]*name="username"/);
    expect(html).not.toContain("Expo#2026");
    expect((await client.signIn("std01", "Expo#2026")).status).toBe(302);
  });
});
