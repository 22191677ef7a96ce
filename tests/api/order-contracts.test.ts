import crypto from "node:crypto";
import { deflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { signInDemo } from "../support/demo-cast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UploadedFile } from "../../app/contracts/uploads/schema";
import type { OrderView } from "../../server/orders/orders";
import { pageText } from "../support/pdf-text";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";
import { demoName } from "../support/test-clock";
import { insertStoredFile } from "../support/stored-files";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The contract files of a service order: the PDF the server renders at commit and on
 * regeneration, the stamped images/PDFs combined into one PDF at upload, and the download.
 */

// Tiny images made here (no image library): a grey RGB PNG and a 16×8 baseline JPEG.
function crc32(bytes: Buffer) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
function pngChunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function makePng(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk("IHDR", header), pngChunk("IDAT", pixels), pngChunk("IEND", Buffer.alloc(0))]);
}
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAAIABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDjq+sKKK4sH9r5H1HEn/Lr/t79D//Z",
  "base64",
);
/** Well-formed PNG chunks that the upload's type check accepts, but pixel data that does not inflate. */
const CORRUPT_PNG = (() => {
  const good = makePng(4, 4);
  return Buffer.concat([good.subarray(0, 33), pngChunk("IDAT", Buffer.from("not zlib data at all, just text")), pngChunk("IEND", Buffer.alloc(0))]);
})();
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

describe.each(backendsOf(import.meta.url))("service order contracts on %s", (backend) => {
  let api: TempDirTestApi;
  let std01: string;
  let raw01: string;
  let admin: string;
  let std01Id: number;
  let chairId: string;

  const call = <T>(path: string, ticket: string, init: { form?: Record<string, string>; json?: unknown; query?: Record<string, string>; lang?: string } = {}) =>
    api.call<T>(`/smeb/service/${path}`, { ticket, ...init });
  async function newOrder(lang = "en") {
    expect((await call("cart/add", std01, { form: { serviceId: chairId, quantity: "2" } })).code).toBe(200);
    const result = await call<OrderView>("order/commit", std01, {
      form: { idempotencyKey: `k-${crypto.randomUUID()}`, contractorCompany: "华南搭建", contractorContact: "赵六" },
      lang,
    });
    expect(result.code, result.message).toBe(200);
    return result.data;
  }
  /** The browser's way: signed form, POST to the storage host, complete. */
  async function upload(ticket: string, bytes: Buffer, name: string) {
    const signed = await api.call<{ fields: Record<string, string>; key: string }>("/oss/signature/getSignature", {
      ticket,
      query: { timesp: String(Date.now()), folder: "invoice", fileName: name },
    });
    expect(signed.code, signed.message).toBe(200);
    const form = new FormData();
    for (const [field, value] of Object.entries(signed.data.fields)) form.append(field, value);
    form.append("file", new File([new Uint8Array(bytes)], name));
    expect((await fetch(`${api.baseUrl}/storage`, { method: "POST", body: form })).status).toBe(200);
    const done = await api.call<UploadedFile>("/oss/complete", { ticket, form: { key: signed.data.key, name } });
    expect(done.code, done.message).toBe(200);
    return done.data.url;
  }
  const readFile = async (url: string, ticket: string) => {
    const response = await fetch(`${api.baseUrl}${url}`, { headers: { ticket } });
    return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
  };
  const download = async (ticket: string, orderNo: string, which?: string, lang = "en") => {
    const url = new URL(`${api.baseUrl}/api/smeb/service/order/downloadContract`);
    url.searchParams.set("orderNo", orderNo);
    if (which) url.searchParams.set("which", which);
    const response = await fetch(url, { headers: { ticket, "accept-language": lang } });
    return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
  };
  const fileRow = (url: string) => api.db.selectFrom("stored_files").selectAll().where("id", "=", url.slice("/files/".length)).executeTakeFirst();
  const orderRow = (orderNo: string) => api.db.selectFrom("service_orders").selectAll().where("order_no", "=", orderNo).executeTakeFirstOrThrow();

  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "portal-contracts-");
    ({ std01, raw01, admin } = await signInDemo(api, ["std01", "raw01", "admin"]));
    std01Id = (await api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow()).id;
    chairId = String((await api.db.selectFrom("services").select("id").where("code", "=", "furn-folding-chair").executeTakeFirstOrThrow()).id);
  });
  afterAll(() => api?.close());

  it("renders the contract at commit in the request's language, as the exhibitor's stored file", async () => {
    for (const [lang, title, company, exhibition] of [
      ["en", "On-site service order contract", "Shenzhen Galaxy Smart Technology Co., Ltd.", demoName.en],
      ["zh", "现场服务订购合同", "深圳星河智能科技有限公司", demoName.zh],
    ] as const) {
      const order = await newOrder(lang);
      expect(order).toMatchObject({ contractVersion: 0, contractPdfKind: "generated", contractPdfUrl: expect.stringMatching(/^\/files\//) });
      expect(order.generatedContractPdfUrl).toBe(order.contractPdfUrl);
      expect(await fileRow(order.contractPdfUrl!)).toMatchObject({
        owner_user_id: std01Id,
        folder: "service-contract",
        content_type: "application/pdf",
        original_name: `contract-${order.orderNo}-v0.pdf`,
      });

      const file = await readFile(order.contractPdfUrl!, std01);
      expect(file.status).toBe(200);
      const pdf = await PDFDocument.load(file.bytes);
      expect(pdf.getTitle()).toBe(`${title} ${order.orderNo} v0`);
      const text = pdf.getPages().map(pageText).join("\n");
      for (const expected of [title, order.orderNo, company, exhibition, "1A01", "华南搭建", "60.00"]) expect(text, `${lang}: ${expected}`).toContain(expected);
    }
  });

  it("regenerates a new version as a new file, keeps the old one, and refuses after the upload", async () => {
    const order = await newOrder();
    const regenerated = await call<OrderView>("order/regenerateContract", std01, { form: { orderNo: order.orderNo }, lang: "zh" });
    expect(regenerated.data).toMatchObject({ contractVersion: 1, contractPdfKind: "generated" });
    const v1 = regenerated.data.contractPdfUrl!;
    expect(v1).not.toBe(order.contractPdfUrl);
    expect((await PDFDocument.load((await readFile(v1, std01)).bytes)).getTitle()).toBe(`现场服务订购合同 ${order.orderNo} v1`);
    // The earlier version stays readable, for the audit trail.
    expect(await fileRow(order.contractPdfUrl!)).toBeDefined();
    expect((await readFile(order.contractPdfUrl!, std01)).status).toBe(200);
    expect(regenerated.data.history.at(-1)!.details).toMatchObject({
      contractVersion: 1,
      language: "zh",
      contractPdfUrl: v1,
      previousContractPdfUrl: order.contractPdfUrl,
    });

    const page = await upload(std01, makePng(20, 30), "page.png");
    expect((await call("order/uploadContract", std01, { form: { orderNo: order.orderNo, rulesAccepted: "on", contractUrls: page } })).code).toBe(200);
    const filesBefore = (await api.db.selectFrom("stored_files").select("id").execute()).length;
    expect(await call("order/regenerateContract", std01, { form: { orderNo: order.orderNo } })).toMatchObject({
      code: 409,
      message: "The contract has been uploaded; the order can no longer be changed",
    });
    expect((await api.db.selectFrom("stored_files").select("id").execute()).length).toBe(filesBefore);
  });

  it("combines 2 PNGs and a JPEG into one 3-page stamped PDF with the status change", async () => {
    const order = await newOrder();
    const pages = [await upload(std01, makePng(40, 60), "p1.png"), await upload(std01, makePng(60, 40), "p2.png"), await upload(std01, JPEG, "p3.jpg")];
    const uploaded = await call<OrderView>("order/uploadContract", std01, { json: { orderNo: order.orderNo, rulesAccepted: true, contractUrls: pages } });
    expect(uploaded.code, uploaded.message).toBe(200);
    expect(uploaded.data).toMatchObject({
      status: "contract_uploaded",
      contractUrls: pages,
      contractPdfKind: "stamped",
      generatedContractPdfUrl: order.contractPdfUrl,
    });
    const stamped = uploaded.data.contractPdfUrl!;
    expect(stamped).not.toBe(order.contractPdfUrl);
    expect(await fileRow(stamped)).toMatchObject({
      owner_user_id: std01Id,
      folder: "service-contract-stamped",
      original_name: `contract-${order.orderNo}-v0-stamped.pdf`,
    });
    expect((await PDFDocument.load((await readFile(stamped, std01)).bytes)).getPageCount()).toBe(3);
    // The organizer reads both; another exhibitor neither.
    for (const url of [stamped, order.contractPdfUrl!]) {
      expect((await readFile(url, admin)).status).toBe(200);
      expect((await readFile(url, raw01)).status).toBe(404);
    }
  });

  it("changes nothing when the files cannot be combined, with a translated 400", async () => {
    const order = await newOrder();
    const before = await orderRow(order.orderNo);
    const stampedFiles = async () => (await api.db.selectFrom("stored_files").select("id").where("folder", "=", "service-contract-stamped").execute()).length;
    const stampedBefore = await stampedFiles();
    const good = await upload(std01, makePng(10, 10), "ok.png");
    const corrupt = await upload(std01, CORRUPT_PNG, "scan-2.png");
    const form = { orderNo: order.orderNo, rulesAccepted: "on" };

    const unreadable = await call("order/uploadContract", std01, { json: { ...form, contractUrls: [good, corrupt] } });
    expect(unreadable).toMatchObject({
      status: 400,
      message: "scan-2.png could not be read as an image or PDF; please upload it again",
      data: { fields: { contractUrls: ["orders.errors.contractUnreadable"] } },
    });
    expect((await call("order/uploadContract", std01, { json: { ...form, contractUrls: [corrupt] }, lang: "zh" })).message).toBe(
      "scan-2.png 无法读取为图片或 PDF，请重新上传",
    );
    const gif = await upload(std01, GIF, "stamp.gif");
    expect(await call("order/uploadContract", std01, { json: { ...form, contractUrls: [good, gif] } })).toMatchObject({
      status: 400,
      message: "stamp.gif: the stamped contract must be JPG, PNG or PDF files",
    });

    // Two files that claim 30 MB each: refused by the library's 50 MB limit before anything is read.
    const huge = await Promise.all(
      [1, 2].map(async (n) => {
        const storageKey = `stored/invoice/${std01Id}/2026-11/${crypto.randomBytes(8).toString("hex")}-${Date.now()}.png`;
        return (await insertStoredFile(api.db, { ownerUserId: std01Id, folder: "invoice", name: `big-${n}.png`, sizeBytes: 30 * 1024 * 1024, storageKey })).url;
      }),
    );
    expect(await call("order/uploadContract", std01, { json: { ...form, contractUrls: huge }, lang: "zh" })).toMatchObject({
      status: 400,
      message: "盖章合同文件合计不能超过 50 MB",
    });

    const after = await orderRow(order.orderNo);
    expect(after).toMatchObject({ status: "submitted", version: before.version, contract_pdf_url: before.contract_pdf_url, contract_urls: null });
    expect(await stampedFiles()).toBe(stampedBefore);
  });

  it("downloads the contract as an attachment: the owner and the organizer, nobody else", async () => {
    const order = await newOrder();
    const owner = await download(std01, order.orderNo);
    expect(owner.status).toBe(200);
    expect(owner.headers.get("content-type")).toBe("application/pdf");
    expect(owner.headers.get("content-disposition")).toContain(`attachment; filename="contract-${order.orderNo}-v0.pdf"`);
    expect(owner.headers.get("x-contract-kind")).toBe("generated");
    expect((await PDFDocument.load(owner.bytes)).getTitle()).toContain(order.orderNo);

    const stranger = await download(raw01, order.orderNo);
    expect(stranger.status).toBe(404);
    expect(Buffer.from(stranger.bytes).toString()).not.toContain("%PDF");
    expect((await download(admin, order.orderNo)).status).toBe(200);
    expect((await download("", order.orderNo)).status).toBe(401);
    expect((await download(std01, order.orderNo, "stamped")).status).toBe(404);
    expect((await download(std01, order.orderNo, "signed")).status).toBe(400);
    expect((await download(std01, "SO20261120-ZZZZZZ")).status).toBe(404);

    const pages = [await upload(std01, makePng(30, 40), "a.png"), await upload(std01, JPEG, "b.jpg")];
    await call("order/uploadContract", std01, { form: { orderNo: order.orderNo, rulesAccepted: "on", contractUrls: pages[0]! } });
    const stamped = await download(admin, order.orderNo);
    expect(stamped.headers.get("x-contract-kind")).toBe("stamped");
    expect(stamped.headers.get("content-disposition")).toContain(`filename="contract-${order.orderNo}-v0-stamped.pdf"`);
    expect((await PDFDocument.load(stamped.bytes)).getPageCount()).toBe(1);
    const generated = await download(std01, order.orderNo, "generated");
    expect(generated.headers.get("x-contract-kind")).toBe("generated");
    expect(Buffer.from(generated.bytes).equals(Buffer.from(owner.bytes))).toBe(true);
    expect((await download(raw01, order.orderNo, "generated")).status).toBe(404);
  });

  it("makes the missing contract of an older order on its first download", async () => {
    const order = await newOrder();
    await api.db.updateTable("service_orders").set({ contract_pdf_url: null }).where("order_no", "=", order.orderNo).execute();
    const first = await download(std01, order.orderNo, undefined, "zh");
    expect(first.status).toBe(200);
    expect((await PDFDocument.load(first.bytes)).getTitle()).toBe(`现场服务订购合同 ${order.orderNo} v0`);
    const row = await orderRow(order.orderNo);
    expect(row.contract_pdf_url).toMatch(/^\/files\//);
    expect(Buffer.from((await download(std01, order.orderNo)).bytes).equals(Buffer.from(first.bytes))).toBe(true);
  });
});
