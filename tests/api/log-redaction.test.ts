import { describe, expect, it } from "vitest";
import { secretPathPatterns } from "../../app/contracts/permission/page-rules";
import { pageRoutesOf } from "../../server/app";
import { fillPath, serverRoutes } from "../support/inventory";
import { until } from "../support/until";
import { pagesPortal } from "../support/pages-portal";

/**
 * Issue 36 item 4: the invoice QR page is opened with its token in the URL; the access log (the
 * page's line, which names the API call the page makes in-process) must not keep it.
 * Issue 50 item 3: the access line kept "/setPassword/<token>", and a token read from the log set an
 * account's password. Every route with a dynamic segment says in its handle whether the segment is
 * a secret (pathParams); the access log blanks the secret ones, found from the same handles.
 */
describe("the access log keeps no token", () => {
  const portal = pagesPortal();

  const TOKEN = `EPI2.1.0.9999999999.${"Qx7".repeat(7)}k`;
  const accessLines = () => portal.api.logLines.filter((line) => (line.req as { url?: string } | undefined)?.url);
  const urlOf = (line: Record<string, unknown>) => (line.req as { url: string }).url;

  /** The access lines of requests with this id (the line is written when the answer has finished: waited for, up to the test's timeout). */
  async function linesOf(requestIds: string[]) {
    const mine = () => accessLines().filter((line) => requestIds.includes((line.req as { id: string }).id));
    await until(() => mine().length >= requestIds.length);
    return mine();
  }

  async function linesFor(path: string, count: number) {
    // The line is written when the response has finished, which may be just after the body arrived.
    const lines = () => accessLines().filter((line) => urlOf(line).startsWith(path));
    return until(() => lines().length >= count && lines());
  }

  let requestSerial = 0;
  async function get(url: string) {
    const id = `redaction-${++requestSerial}`;
    const response = await fetch(`${portal.api.baseUrl}${url}`, { headers: { "x-request-id": id }, redirect: "manual" });
    await response.arrayBuffer();
    return id;
  }

  it("logs a QR page request and its data request, each naming its API call, with the token blanked", async () => {
    const page = await fetch(`${portal.api.baseUrl}/invoiceArea/saveQrCode?token=${TOKEN}`);
    await page.text();
    const data = await fetch(`${portal.api.baseUrl}/invoiceArea/saveQrCode?token=${TOKEN}&_data=routes%2FinvoiceArea.saveQrCode`);
    await data.text();

    const pageLines = await linesFor("/invoiceArea/saveQrCode", 2);
    expect(pageLines.map(urlOf)).toEqual([
      "/invoiceArea/saveQrCode?token=[redacted]",
      "/invoiceArea/saveQrCode?token=[redacted]&_data=routes%2FinvoiceArea.saveQrCode",
    ]);
    // One line per request: the page's in-process API call is named in its line, not on a line of its own.
    expect(accessLines().filter((line) => urlOf(line).startsWith("/api/"))).toEqual([]);
    for (const line of pageLines) {
      expect(line.res).toEqual({ statusCode: expect.any(Number) });
      expect(line.api).toEqual([expect.objectContaining({ method: "GET", url: "/api/invoice/qr/info?token=[redacted]", status: expect.any(Number) })]);
    }
    expect(JSON.stringify(portal.api.logLines)).not.toContain(TOKEN.split(".").at(-1));
  });

  it("every route with a dynamic segment says whether it is a secret; the Express routes' are ids and share codes", () => {
    const dynamic = pageRoutesOf(portal.build).filter((route) => /[:*]/.test(route.path));
    expect(dynamic.length).toBeGreaterThan(10);
    const undeclared = dynamic.filter((route) => route.handle.pathParams !== "secret" && route.handle.pathParams !== "public").map((route) => route.path);
    expect(undeclared).toEqual([]);
    expect(secretPathPatterns(pageRoutesOf(portal.build))).toContain("/setPassword/:token");
    // Outside the Remix build: a stored file's id (access checked on every request) and a video's public code.
    const express = serverRoutes(portal.api.app)
      .filter((route) => !route.path.startsWith("/api/") && route.path.includes(":"))
      .map((route) => route.key);
    expect(express.sort()).toEqual(["GET /files/:id", "GET /v/:file"]);
  });

  it("blanks the secret segment of every token route, however the path is written, and keeps the public ones", async () => {
    const secrets = secretPathPatterns(pageRoutesOf(portal.build));
    expect(secrets.length).toBeGreaterThan(0);
    const marker = "k7Secret0Token0Marker0Z9";
    for (const pattern of secrets) {
      const path = fillPath(pattern, Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map((m) => [m[1]!, marker])));
      const variants = [path, path.toUpperCase().replace(marker.toUpperCase(), marker), `${path}/more`, `${path}?_data=x`, path.replace(/^\//, "//")];
      const ids = [];
      for (const url of variants) ids.push(await get(url));
      const lines = await linesOf(ids);
      expect(lines).toHaveLength(variants.length);
      for (const line of lines) {
        expect(urlOf(line), pattern).not.toContain(marker);
        expect(urlOf(line), pattern).toContain("[redacted]");
      }
    }
    expect(JSON.stringify(portal.api.logLines)).not.toContain(marker);

    const shareCode = "SHARE0CODE";
    const lines = await linesOf([await get(`/visit/${shareCode}`)]);
    expect(urlOf(lines[0]!)).toBe(`/visit/${shareCode}`);
  });
});
