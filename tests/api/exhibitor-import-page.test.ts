import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";
import { importFile, importRow } from "./exhibitor-import-files";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The organizer's page /exhibitorInfo/exhibitorImport as a browser without JavaScript uses it: plain
 * multipart and form posts. A bad file lists every row's errors and saves nothing; a good one shows
 * the preview and a confirmation, which saves it and comes back with a toast of the counts.
 */
describe("the exhibitor import page, without JavaScript", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: await loadRemixBuild() });
  });
  afterAll(() => api?.close());

  const upload = (bytes: Buffer) => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(bytes)], "exhibitors.xlsx", { type: XLSX }));
    return form;
  };
  const sameOrigin = { "sec-fetch-site": "same-origin" };

  it("previews a bad file with its errors, then a good one, confirms it and shows the counts", async () => {
    const browser = portalClient(api.baseUrl);
    await browser.signIn("admin", "Admin#2026");
    const page = await browser.request("/exhibitorInfo/exhibitorImport");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Import exhibitors and booths");
    expect(html).toContain('href="/exhibitorInfo/exhibitorImport/template"');
    // What each column takes, in the page itself (a native <details>, no script).
    expect(html).toContain("The template&#x27;s columns");
    expect(html).toContain("Required when there is no mobile: the invitation goes there.");
    const template = await browser.request("/exhibitorInfo/exhibitorImport/template");
    expect(template.status).toBe(200);
    expect(template.headers.get("content-type")).toContain(XLSX);

    const bad = await browser.request("/exhibitorInfo/exhibitorImport?preview", {
      body: upload(await importFile([importRow(71, "3T01"), importRow(72, "1A01"), importRow(73, "3T02", { area: "abc" })])),
      headers: sameOrigin,
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("2 rows have errors: correct the file and upload it again. Nothing has been saved.");
    expect(badHtml).toContain("Booth 1A01 belongs to another exhibitor (std01)");
    expect(badHtml).toContain("K (Booth area (m²))");
    expect(await api.db.selectFrom("users").select("id").where("username", "=", "IMP0071").executeTakeFirst()).toBeUndefined();

    const good = await browser.request("/exhibitorInfo/exhibitorImport?preview", {
      body: upload(await importFile([importRow(71, "3T01"), importRow(71, "3T02")])),
      headers: sameOrigin,
    });
    expect(good.status).toBe(200);
    const goodHtml = await good.text();
    expect(goodHtml).toContain("2 rows are ready: 1 new and 0 updated exhibitors, 2 new and 0 updated booths.");
    expect(goodHtml).toContain(">3 × 3</td>");
    const stageId = /name="stageId" value="([^"]+)"/.exec(goodHtml)?.[1];
    expect(stageId).toBeTruthy();

    const confirmed = await browser.request("/exhibitorInfo/exhibitorImport?confirm", {
      body: new URLSearchParams({ stageId: stageId! }),
      headers: sameOrigin,
    });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/exhibitorInfo/exhibitorImport");
    const after = await (await browser.request("/exhibitorInfo/exhibitorImport")).text();
    expect(after).toContain("Imported: 1 new and 0 updated exhibitors, 2 new and 0 updated booths");
    const account = await api.db.selectFrom("users").select("id").where("username", "=", "IMP0071").executeTakeFirstOrThrow();
    expect(
      (await api.db.selectFrom("booths").select("booth_no").where("user_id", "=", account.id).orderBy("booth_no").execute()).map((b) => b.booth_no),
    ).toEqual(["3T01", "3T02"]);
  });
});
