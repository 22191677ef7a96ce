import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/**
 * The review pages whose decision is one of two forms side by side (app/components/review/decision-pair.tsx):
 * without JavaScript a return without its required text comes back refused, in that form only, with the
 * record's id and version as the reviewer saw them, and nothing decided.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: await loadRemixBuild() });
});
afterAll(() => api?.close());

const same = { "sec-fetch-site": "same-origin" };

async function signedIn(username: string, password = "Expo#2026") {
  const browser = portalClient(api.baseUrl);
  browser.jar.set("lng", "zh");
  await browser.signIn(username, password);
  return browser;
}

describe("a two-form review decision without JavaScript", () => {
  it("Taiwan filings: the agent's page shows accept and return; a return without a comment is refused there", async () => {
    const filing = await api.db.selectFrom("tw_filings").select(["id", "version"]).where("status", "=", "submitted").orderBy("id").executeTakeFirstOrThrow();
    const admin = await signedIn("admin", "Admin#2026");
    const path = `/exhibitTL/twExhibitsReview?id=${filing.id}`;
    const page = await admin.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="tw-decide-accept"');
    expect(html).toContain('data-testid="tw-decide-return"');
    expect(html).toContain(`name="version" value="${filing.version}"`);

    const refused = await admin.request(path, {
      body: new URLSearchParams({ intent: "decide", id: String(filing.id), version: String(filing.version), decision: "return", comment: "" }),
      headers: same,
    });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    // The refusal is shown in the return form (its comment field is marked), and the filing is still waiting.
    expect(again).toMatch(/id="tw-decide-return-comment"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="tw-decide-return-comment"/);
    const after = await api.db.selectFrom("tw_filings").select("status").where("id", "=", filing.id).executeTakeFirstOrThrow();
    expect(after.status).toBe("submitted");
  });

  it("transport: the carrier's declaration page shows accept with the quoted amount and return", async () => {
    const declaration = await api.db
      .selectFrom("transport_declarations")
      .innerJoin("carrier_accounts", "carrier_accounts.carrier_id", "transport_declarations.carrier_id")
      .innerJoin("users", "users.id", "carrier_accounts.user_id")
      .select(["transport_declarations.id", "transport_declarations.version"])
      .where("transport_declarations.status", "=", "submitted")
      .where("users.username", "=", "carrier01")
      .executeTakeFirstOrThrow();
    const carrier = await signedIn("carrier01");
    const path = `/exhibitTL/review/${declaration.id}`;
    const html = await (await carrier.request(path)).text();
    expect(html).toContain('data-testid="decide-accept"');
    expect(html).toContain('data-testid="decide-return"');
    expect(html).toMatch(/name="amount"[^>]*value="\d+\.\d{2}"|value="\d+\.\d{2}"[^>]*name="amount"/);

    const refused = await carrier.request(path, {
      body: new URLSearchParams({ intent: "decide", id: String(declaration.id), version: String(declaration.version), decision: "return", reason: "" }),
      headers: same,
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/id="decide-return-reason"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="decide-return-reason"/);
  });
});
