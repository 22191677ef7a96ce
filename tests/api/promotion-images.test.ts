import jsQR from "jsqr";
import { PDFDocument } from "pdf-lib";
import { PNG as PngReader } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExhibitView, InvitationTemplateView, InvitationView } from "../../app/contracts/promotion/api-types";
import { type Form, postForm } from "../support/promotion";
import { portalClient } from "../support/portal-client";
import { backendsOf, loadRemixBuild, postgresSkipReason, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";
import { uploadAs } from "../support/uploads";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The promotion images (/smeb/invitation/image and /poster, decision 031): the caller's own
 * invitation and posters as 750 × 1334 PNGs (or a PDF page of one), kept in promotion_images until
 * what they show changes. Renders are few on purpose: the first costs about 2 s (the font).
 */
const PUBLIC_URL = "https://expo.example.test";

describe.each(backendsOf(import.meta.url))("promotion images on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let raw01: string;
  let admin: string;
  let invitationId: string;

  beforeAll(async () => {
    api = await startTestApi(backend, { PUBLIC_URL });
    [std01, raw01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026"), api.login("admin", "Admin#2026")]);
    const exhibit = await post<ExhibitView>("/smeb/invitation/exhibits/add", std01, {
      nameZh: "智能机器人😀𠀀",
      nameEn: "Smart robot",
      imageUrls: await uploadAs(api, std01, "exhibits-img"),
    });
    expect(exhibit.code, exhibit.message).toBe(200);
    const [template] = (await api.call<InvitationTemplateView[]>("/smeb/invitation/templates", { ticket: std01 })).data;
    const made = await post<InvitationView>("/smeb/invitation/save", std01, {
      name: "春季邀请",
      companyName: "星河智能",
      templateId: String(template!.id),
      exhibitIds: String(exhibit.data.id),
    });
    expect(made.code, made.message).toBe(200);
    invitationId = String(made.data.id);
  });
  afterAll(() => api?.close());

  const post = <T>(path: string, ticket: string, form: Form) => postForm<T>(api, path, ticket, form);
  const get = (path: string, ticket: string, lang = "en") => fetch(`${api.baseUrl}/api${path}`, { headers: { ticket, "accept-language": lang } });
  const userId = async (username: string) => (await api.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
  const rowOf = async (username: string, kind: string, format: "png" | "pdf" = "png") =>
    api.db
      .selectFrom("promotion_images")
      .selectAll()
      .where("user_id", "=", await userId(username))
      .where("kind", "=", kind)
      .where("format", "=", format)
      .executeTakeFirst();
  const decode = (bytes: Buffer) => PngReader.sync.read(bytes);

  it("renders the caller's own invitation once, then serves it from the cache until the invitation changes", async () => {
    const first = await get(`/smeb/invitation/image?id=${invitationId}`, std01);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("content-disposition")).toMatch(/^inline;/);
    const bytes = Buffer.from(await first.arrayBuffer());
    const png = decode(bytes);
    expect([png.width, png.height]).toEqual([750, 1334]);
    // The QR code carries the caller's tracking link and names the invitation (the registration keeps where it came from).
    const code = await api.db
      .selectFrom("promotion_codes")
      .select("code")
      .where("user_id", "=", await userId("std01"))
      .executeTakeFirstOrThrow();
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(`${PUBLIC_URL}/visit/${code.code}?inv=${invitationId}`);
    const cached = await rowOf("std01", `invitation:${invitationId}`);
    expect(cached).toBeTruthy();

    // The same inputs: the stored file, not a new render.
    const again = await get(`/smeb/invitation/image?id=${invitationId}&download=1`, std01, "zh-CN");
    expect(again.status).toBe(200);
    expect(again.headers.get("content-disposition")).toMatch(/^attachment;.*filename\*=UTF-8''%E9%82%80%E8%AF%B7%E5%87%BD/);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await rowOf("std01", `invitation:${invitationId}`)).toEqual(cached);

    // A PDF page of it.
    const pdf = await get(`/smeb/invitation/image?id=${invitationId}&format=pdf`, std01);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const pdfBytes = Buffer.from(await pdf.arrayBuffer());
    expect(pdfBytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
    expect((await PDFDocument.load(pdfBytes)).getPageCount()).toBe(1);
    expect((await rowOf("std01", `invitation:${invitationId}`, "pdf"))?.input_hash).toBe(cached!.input_hash);

    // A change of the invitation: another hash, a new file, the old one removed.
    const [template] = (await api.call<InvitationTemplateView[]>("/smeb/invitation/templates", { ticket: std01 })).data;
    const exhibitId = (
      await api.db
        .selectFrom("exhibits")
        .select("id")
        .where("user_id", "=", await userId("std01"))
        .executeTakeFirstOrThrow()
    ).id;
    const changed = await post("/smeb/invitation/update", std01, {
      id: invitationId,
      version: "1",
      name: "春季邀请",
      companyName: "星河智能科技有限公司",
      templateId: String(template!.id),
      exhibitIds: String(exhibitId),
    });
    expect(changed.code, changed.message).toBe(200);
    expect((await get(`/smeb/invitation/image?id=${invitationId}`, std01)).status).toBe(200);
    const renewed = await rowOf("std01", `invitation:${invitationId}`);
    expect(renewed!.input_hash).not.toBe(cached!.input_hash);
    expect(renewed!.file_id).not.toBe(cached!.file_id);
    expect(await api.db.selectFrom("stored_files").select("id").where("id", "=", cached!.file_id).executeTakeFirst()).toBeUndefined();
  });

  it("answers another exhibitor's invitation like an unknown one, and makes nothing for it", async () => {
    const response = await get(`/smeb/invitation/image?id=${invitationId}`, raw01);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("星河");
    expect(await rowOf("raw01", `invitation:${invitationId}`)).toBeUndefined();
    expect((await get("/smeb/invitation/image?id=999999", std01)).status).toBe(404);
    expect((await get(`/smeb/invitation/image?id=${invitationId}&format=gif`, std01)).status).toBe(400);
  });

  it("renders the three posters of the caller's booth; the organizer, without a booth, gets none", async () => {
    for (const kind of ["micro", "zh", "en"]) {
      const response = await get(`/smeb/invitation/poster?kind=${kind}`, std01);
      expect(response.status, kind).toBe(200);
      const png = decode(Buffer.from(await response.arrayBuffer()));
      expect([png.width, png.height]).toEqual([750, 1334]);
      expect(await rowOf("std01", `poster:${kind}`)).toBeTruthy();
    }
    expect((await get("/smeb/invitation/poster?kind=big", std01)).status).toBe(400);
    const organizer = await get("/smeb/invitation/poster?kind=micro", admin);
    expect(organizer.status).toBe(400);
    expect(
      await api.db
        .selectFrom("promotion_codes")
        .select("code")
        .where("user_id", "=", await userId("admin"))
        .executeTakeFirst(),
    ).toBeUndefined();
    expect((await fetch(`${api.baseUrl}/api/smeb/invitation/poster?kind=micro`)).status).toBe(401);
  });
});

/** The poster pages (/index/poster, posterCn, posterEn) in the portal: the exhibitor's own poster above the text, with plain download links. */
describe("poster pages", () => {
  let portal: TestApi;
  beforeAll(async () => {
    portal = await startTestApi(DEFAULT_BACKEND, { PUBLIC_URL }, { remixBuild: await loadRemixBuild() });
  });
  afterAll(() => portal?.close());

  it("show the signed-in exhibitor's poster, a note to the organizer, and a sign-in link when signed out", async () => {
    const exhibitor = portalClient(portal.baseUrl);
    await exhibitor.signIn("std01", "Expo#2026");
    const html = await (await exhibitor.request("/index/posterEn")).text();
    expect(html).toContain('data-testid="poster-image"');
    expect(html).toMatch(/<img[^>]+src="\/index\/poster-image\/en"[^>]+alt="English invitation poster of [^"]+"/);
    expect(html).toContain('href="/index/poster-image/en?format=pdf&amp;download=1"');
    const image = await exhibitor.request("/index/poster-image/en?format=png&download=1");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("content-disposition")).toMatch(/^attachment;/);

    const organizer = portalClient(portal.baseUrl);
    await organizer.signIn("admin", "Admin#2026");
    const organizerHtml = await (await organizer.request("/index/poster")).text();
    expect(organizerHtml).toContain('data-testid="poster-note"');
    expect(organizerHtml).not.toContain("/index/poster-image/");

    const signedOut = await (await portalClient(portal.baseUrl).request("/index/posterCn")).text();
    expect(signedOut).toContain('href="/login?redirectTo=%2Findex%2FposterCn"');
    expect(signedOut).not.toContain("/index/poster-image/");
  });
});
