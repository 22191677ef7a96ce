import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRemixBuild, startTestApi, type TestApi } from "../support/test-api";

/**
 * Issue 36 item 4: the invoice QR page is opened with its token in the URL; the access log (the
 * page's line, which names the API call the page makes in-process) must not keep it.
 */
describe("the access log keeps no token", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi("pglite", {}, { remixBuild: await loadRemixBuild() });
  });
  afterAll(() => api?.close());

  const TOKEN = `EPI2.1.0.9999999999.${"Qx7".repeat(7)}k`;
  const accessLines = () => api.logLines.filter((line) => (line.req as { url?: string } | undefined)?.url);

  async function linesFor(path: string, count: number) {
    // The line is written when the response has finished, which may be just after the body arrived.
    for (let i = 0; i < 50 && accessLines().filter((line) => (line.req as { url: string }).url.startsWith(path)).length < count; i++)
      await new Promise((r) => setTimeout(r, 20));
    return accessLines().filter((line) => (line.req as { url: string }).url.startsWith(path));
  }

  it("logs a QR page request and its data request, each naming its API call, with the token blanked", async () => {
    const page = await fetch(`${api.baseUrl}/invoiceArea/saveQrCode?token=${TOKEN}`);
    await page.text();
    const data = await fetch(`${api.baseUrl}/invoiceArea/saveQrCode?token=${TOKEN}&_data=routes%2FinvoiceArea.saveQrCode`);
    await data.text();

    const pageLines = await linesFor("/invoiceArea/saveQrCode", 2);
    expect(pageLines.map((line) => (line.req as { url: string }).url)).toEqual([
      "/invoiceArea/saveQrCode?token=[redacted]",
      "/invoiceArea/saveQrCode?token=[redacted]&_data=routes%2FinvoiceArea.saveQrCode",
    ]);
    // One line per request: the page's in-process API call is named in its line, not on a line of its own.
    expect(accessLines().filter((line) => (line.req as { url: string }).url.startsWith("/api/"))).toEqual([]);
    for (const line of pageLines) {
      expect(line.res).toEqual({ statusCode: expect.any(Number) });
      expect(line.api).toEqual([expect.objectContaining({ method: "GET", url: "/api/invoice/qr/info?token=[redacted]", status: expect.any(Number) })]);
    }
    expect(JSON.stringify(api.logLines)).not.toContain(TOKEN.split(".").at(-1));
  });
});
