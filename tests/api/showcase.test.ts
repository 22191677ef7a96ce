import jsQR from "jsqr";
import { PNG as PngReader } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExhibitView } from "../../app/contracts/promotion/api-types";
import type { ShowcaseAdminRow, ShowcaseMine, ShowcasePublic, ShowcaseQr } from "../../app/contracts/showcase/api-types";
import { trackingCodeOf } from "../../server/promotion/tracking";
import { newExhibitor } from "../support/new-exhibitor";
import { type Form, postForm } from "../support/promotion";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { uploadAs } from "../support/uploads";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The custom mini-program as a public showcase page (issue 40, decision 036): 1 to 3 of the
 * exhibitor's own exhibits with images, in order; the QR code of the public page; the public page
 * shows only approved profile data, counts a view, and answers 404 when switched off or hidden.
 */
const PUBLIC_URL = "https://expo.example.test";
const BROWSER = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

describe.each(backendsOf(import.meta.url))("showcase on %s", (backend) => {
  let api: TestApi;
  let raw01: string;
  let admin: string;
  let exhibitionId: number;

  const post = <T>(path: string, ticket: string, form: Form, lang = "en") => postForm<T>(api, path, ticket, form, lang);
  const addExhibit = async (ticket: string, nameZh: string, nameEn: string) => {
    const made = await post<ExhibitView>("/smeb/invitation/exhibits/add", ticket, { nameZh, nameEn, imageUrls: await uploadAs(api, ticket, "exhibits-img") });
    expect(made.code, made.message).toBe(200);
    return made.data.id;
  };
  const save = (ids: number[], ticket: string, lang = "en") => post<ShowcaseMine>("/smeb/showcase/save", ticket, { exhibitIds: ids.map(String) }, lang);
  const publicPage = (code: string, lang = "en") =>
    fetch(`${api.baseUrl}/api/showcase/public/info?code=${encodeURIComponent(code)}`, { headers: { "accept-language": lang, "user-agent": BROWSER } }).then(
      async (r) => ({ status: r.status, ...((await r.json()) as { code: number; message: string; data: ShowcasePublic }) }),
    );
  const codeOf = async (userId: number) =>
    (await api.db.selectFrom("showcases").select("public_code").where("user_id", "=", userId).executeTakeFirstOrThrow()).public_code;

  /** A new exhibitor (a standard booth, no showcase yet) with four exhibits of its own, with images, in this order. */
  async function exhibitorWithExhibits() {
    const exhibitor = await newExhibitor(api);
    const names: [string, string][] = [
      ["智能机器人", "Smart robot"],
      ["激光切割机", "Laser cutter"],
      ["工业相机", "Industrial camera"],
      ["传感器", "Sensor"],
    ];
    const mine: number[] = [];
    for (const [zh, en] of names) mine.push(await addExhibit(exhibitor.ticket, zh, en));
    return { ...exhibitor, mine };
  }
  /** As `exhibitorWithExhibits`, with a showcase of its 2nd, 1st and 3rd exhibits; its public code. */
  async function exhibitorWithShowcase() {
    const exhibitor = await exhibitorWithExhibits();
    const { mine } = exhibitor;
    const saved = await save([mine[1]!, mine[0]!, mine[2]!], exhibitor.ticket);
    expect(saved.code, saved.message).toBe(200);
    return { ...exhibitor, code: await codeOf(exhibitor.userId) };
  }

  beforeAll(async () => {
    api = await startTestApi(backend, { PUBLIC_URL });
    [raw01, admin] = await Promise.all([api.login("raw01", "Expo#2026"), api.login("admin", "Admin#2026")]);
    const std = await api.db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
    exhibitionId = std.exhibition_id!;
  });
  afterAll(() => api?.close());

  it("refuses 0, 4, repeated, another exhibitor's and image-less exhibits with a translated message", async () => {
    const me = await exhibitorWithExhibits();
    const { mine } = me;
    const theirs = await addExhibit((await newExhibitor(api, { boothType: 2 })).ticket, "乙的展品", "B's exhibit");
    for (const ids of [[], mine.slice(0, 4), [mine[0]!, mine[0]!]]) {
      const refused = await save(ids, me.ticket);
      expect(refused.status, JSON.stringify(ids)).toBe(400);
      expect(refused.message).toMatch(/1 to 3 exhibits|once/);
    }
    const zh = await save([], me.ticket, "zh-CN");
    expect(zh.message).toBe("请选择1至3个展品");

    const foreign = await save([mine[0]!, theirs], me.ticket);
    expect(foreign.status).toBe(400);
    expect(foreign.message).toBe("Please choose your own exhibits");
    expect(foreign.data.fields).toHaveProperty("exhibitIds");

    await api.db.updateTable("exhibits").set({ image_file_ids: "[]" }).where("id", "=", mine[3]!).execute();
    const noImage = await save([mine[3]!], me.ticket);
    expect(noImage.status).toBe(400);
    expect(noImage.message).toBe("Exhibit “传感器” has no image; please add one first");
    // Nothing was made by the refusals.
    expect(await api.db.selectFrom("showcases").select("id").where("user_id", "=", me.userId).execute()).toEqual([]);
  });

  it("saves 3 exhibits in the chosen order and gives the QR code of the public page", async () => {
    const me = await exhibitorWithExhibits();
    const { mine } = me;
    const before = await api.call<ShowcaseMine>("/smeb/showcase/mine", { ticket: me.ticket });
    expect(before.data.publicUrl).toBeNull();
    expect((await post("/wx/getMiniQrCode", me.ticket, {})).code).toBe(400);

    const saved = await save([mine[2]!, mine[0]!, mine[1]!], me.ticket);
    expect(saved.code, saved.message).toBe(200);
    expect(saved.data.selected).toEqual([mine[2], mine[0], mine[1]]);
    const code = await codeOf(me.userId);
    expect(code).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(saved.data.publicUrl).toBe(`${PUBLIC_URL}/ex/${code}`);

    const qr = await post<ShowcaseQr>("/wx/getMiniQrCode", me.ticket, {});
    expect(qr.code).toBe(200);
    expect(qr.data.url).toBe(`${PUBLIC_URL}/ex/${code}`);
    const png = PngReader.sync.read(Buffer.from(qr.data.png.replace(/^data:image\/png;base64,/, ""), "base64"));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(`${PUBLIC_URL}/ex/${code}`);

    // A new selection replaces the old one; the code stays.
    const again = await save([mine[1]!, mine[0]!, mine[2]!], me.ticket);
    expect(again.data.selected).toEqual([mine[1], mine[0], mine[2]]);
    expect(await codeOf(me.userId)).toBe(code);
  });

  it("shows only the approved profile, the booth and the exhibits in both languages, and counts a view", async () => {
    // An exhibitor whose showcase shows its 2nd, 1st and 3rd exhibits.
    const me = await exhibitorWithShowcase();
    const approved = { companyNameZh: "星河审核版", companyNameEn: "Galaxy Approved", introZh: "审核通过的简介", introEn: "Approved introduction" };
    const draft = { ...approved, introEn: "DRAFT introduction not yet submitted", companyNameEn: "Galaxy DRAFT" };
    await api.db
      .insertInto("exhibitor_profiles")
      .values({
        user_id: me.userId,
        exhibition_id: exhibitionId,
        unique_id: `showcase-test-${me.tag}`,
        status: "draft",
        draft: JSON.stringify(draft),
        submitted: JSON.stringify(approved),
        approved: JSON.stringify(approved),
        approved_at: new Date(),
      })
      .execute();
    const code = me.code;
    const tracking = await trackingCodeOf(api.db, { userId: me.userId, exhibitionId });
    const views = async () => (await api.db.selectFrom("promotion_views").select("visitor_key").where("code", "=", tracking).execute()).length;
    const viewsBefore = await views();

    const en = await publicPage(code);
    expect(en.code, en.message).toBe(200);
    expect(en.data.company).toBe("Galaxy Approved");
    expect(en.data.introduction).toBe("Approved introduction");
    expect(JSON.stringify(en.data)).not.toContain("DRAFT");
    expect(en.data.booths.map((b) => b.boothNo)).toContain(me.boothNo);
    expect(en.data.exhibits.map((e) => e.name)).toEqual(["Laser cutter", "Smart robot", "Industrial camera"]);
    expect(en.data.registerPath).toBe(`/visit/${tracking}`);
    expect(en.data.video).toBeNull();
    expect(await views()).toBe(viewsBefore + 1);

    const zh = await publicPage(code, "zh-CN");
    expect(zh.data.company).toBe("星河审核版");
    expect(zh.data.exhibits[0]!.name).toBe("激光切割机");

    // Submitted again and under review: the page keeps what was approved until the change is approved.
    await api.db
      .updateTable("exhibitor_profiles")
      .set({ status: "under_review", submitted: JSON.stringify(draft) })
      .where("user_id", "=", me.userId)
      .execute();
    const pending = await publicPage(code);
    expect(JSON.stringify(pending.data)).not.toContain("DRAFT");
    expect(pending.data.introduction).toBe("Approved introduction");

    // The pictures: the exhibit at a position; no logo in the approved profile.
    const picture = await fetch(`${api.baseUrl}/api/showcase/public/image?code=${code}&slot=1`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect((await fetch(`${api.baseUrl}/api/showcase/public/image?code=${code}&slot=logo`)).status).toBe(404);
  });

  it("answers 404 with a translated message for an unknown, switched-off or hidden page", async () => {
    const me = await exhibitorWithShowcase();
    const code = me.code;
    for (const unknown of ["doesNotExist1", "x"]) {
      const missing = await publicPage(unknown, "zh-CN");
      expect(missing.code).toBe(404);
      expect(missing.message).toBe("该展示页不存在或暂不可用");
    }
    const off = await post<ShowcaseMine>("/smeb/showcase/enable", me.ticket, { enabled: "false" });
    expect(off.code, off.message).toBe(200);
    expect(off.data.enabled).toBe(false);
    const closed = await publicPage(code);
    expect(closed.code).toBe(404);
    expect(closed.message).toBe("This showcase page does not exist or is not available");
    expect((await fetch(`${api.baseUrl}/api/showcase/public/image?code=${code}&slot=1`)).status).toBe(404);
    await post("/smeb/showcase/enable", me.ticket, { enabled: "true" });
    expect((await publicPage(code)).code).toBe(200);

    // The organizer's list and hide switch; an exhibitor gets neither.
    expect((await api.call("/smeb/showcase/list", { ticket: raw01 })).status).toBe(403);
    const list = await api.call<ShowcaseAdminRow[]>("/smeb/showcase/list", { ticket: admin });
    const row = list.data.find((r) => r.code === code)!;
    expect(row).toMatchObject({ enabled: true, hidden: false, exhibits: 3, username: me.username });
    expect((await post("/smeb/showcase/hide", raw01, { id: String(row.id), hidden: "true" })).status).toBe(403);
    const hidden = await post<ShowcaseAdminRow[]>("/smeb/showcase/hide", admin, { id: String(row.id), hidden: "true" });
    expect(hidden.data.find((r) => r.id === row.id)!.hidden).toBe(true);
    expect((await publicPage(code)).code).toBe(404);
    const seen = await api.call<ShowcaseMine>("/smeb/showcase/mine", { ticket: me.ticket });
    expect(seen.data.hiddenByOrganizer).toBe(true);
    await post("/smeb/showcase/hide", admin, { id: String(row.id), hidden: "false" });
    expect((await publicPage(code)).code).toBe(200);
  });

  it("never lets one exhibitor (as raw01) change another's (as std01's) showcase", async () => {
    // A: a standard-booth exhibitor with a showcase; B: a raw-space exhibitor with an exhibit and no showcase yet.
    const a = await exhibitorWithShowcase();
    const b = await newExhibitor(api, { boothType: 2 });
    const bExhibit = await addExhibit(b.ticket, "乙的展品", "B's exhibit");
    const before = await api.db.selectFrom("showcase_exhibits").selectAll().orderBy("position").execute();
    const borrowed = await save([a.mine[0]!], b.ticket);
    expect(borrowed.status).toBe(400);
    expect(borrowed.message).toBe("Please choose your own exhibits");
    // B has no showcase: its switch changes nothing of A's.
    expect((await post("/smeb/showcase/enable", b.ticket, { enabled: "false" })).status).toBe(400);
    expect(await api.db.selectFrom("showcase_exhibits").selectAll().orderBy("position").execute()).toEqual(before);
    const aShowcase = await api.db.selectFrom("showcases").select(["enabled", "hidden_by_organizer"]).where("user_id", "=", a.userId).executeTakeFirstOrThrow();
    expect(aShowcase).toEqual({ enabled: true, hidden_by_organizer: false });
    // B's own showcase is its own, under its own code.
    const own = await save([bExhibit], b.ticket);
    expect(own.code).toBe(200);
    expect(own.data.publicUrl).not.toContain(a.code);
  });
});
