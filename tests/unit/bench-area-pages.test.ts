import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crawlAreaPages, pageShape } from "../../scripts/bench/pages.mjs";

describe("the bench's area page sweep", () => {
  it("measures one page per shape: detail ids and later list pages collapse, a form's step does not", () => {
    expect(pageShape("/exhibitTL/review/12")).toBe(pageShape("/exhibitTL/review/13"));
    expect(pageShape("/bookingService/myOrder/EO20261101001")).toBe("/bookingService/myOrder/:id");
    expect(pageShape("/invoiceArea/financeDesk?page=2")).toBe(pageShape("/invoiceArea/financeDesk"));
    expect(pageShape("/exhibitorInfo/exhibitorData?step=company")).not.toBe(pageShape("/exhibitorInfo/exhibitorData?step=contacts"));
  });

  // A stand-in portal: /index links to two area pages, an export, a page outside the areas and a redirect.
  const pages: Record<string, { type: string; status?: number; body: string }> = {
    "/index": {
      type: "text/html",
      body: `<a href="/exhibitTL/review">review</a><a href="/changePassword">password</a><a href="/exhibitTL/truckReview/export">xlsx</a>
             <a href="/invoiceArea/financeDesk?page=1&amp;q=a">desk</a><a href="/boothConstruction/constructionReview">gone</a>`,
    },
    "/exhibitTL/review": { type: "text/html", body: `<a href="/exhibitTL/review/1">1</a><a href="/exhibitTL/review/2">2</a>` },
    "/exhibitTL/review/1": { type: "text/html", body: "detail" },
    "/exhibitTL/truckReview/export": { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body: "xlsx" },
    "/invoiceArea/financeDesk?page=1&q=a": { type: "text/html", body: "desk" },
    "/boothConstruction/constructionReview": { type: "text/html", status: 302, body: "" },
  };
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url!);
    const page = pages[req.url!];
    res.writeHead(page?.status ?? (page ? 200 : 404), { "content-type": page?.type ?? "text/plain" });
    res.end(page?.body ?? "");
  });
  let baseUrl = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("follows only area links, keeps the HTML pages that answer 200, and opens one detail page per list", async () => {
    const found = await crawlAreaPages(baseUrl, {});
    expect(found).toEqual(["/exhibitTL/review", "/invoiceArea/financeDesk?page=1&q=a", "/exhibitTL/review/1"]);
    expect(asked).not.toContain("/changePassword");
    expect(asked).not.toContain("/exhibitTL/review/2");
  });
});
