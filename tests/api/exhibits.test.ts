import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExhibitList, ExhibitView } from "../../app/contracts/promotion/api-types";
import { newExhibitor } from "../support/new-exhibitor";
import { type Form, postForm, storedFileRow } from "../support/promotion";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { uploadAs } from "../support/uploads";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

describe.each(backendsOf(import.meta.url))("exhibits (/smeb/invitation/exhibits) on %s", (backend) => {
  let api: TestApi;
  let raw01: string;
  let classId: number;

  beforeAll(async () => {
    api = await startTestApi(backend);
    raw01 = await api.login("raw01", "Expo#2026");
    const std = await api.db.selectFrom("users").select("exhibition_id").where("username", "=", "std01").executeTakeFirstOrThrow();
    classId = (await api.db.selectFrom("exhibit_classes").select("id").where("exhibition_id", "=", std.exhibition_id!).orderBy("id").executeTakeFirstOrThrow())
      .id;
    await api.db.deleteFrom("exhibits").execute();
  });
  afterAll(() => api?.close());

  /** An image uploaded the way the browser does by the holder of `ticket`, to `folder` (the exhibit folder unless named). */
  const image = (ticket: string, folder = "exhibits-img") => uploadAs(api, ticket, folder);
  const post = <T>(path: string, ticket: string, form: Form, lang = "en") => postForm<T>(api, path, ticket, form, lang);
  const list = async (ticket: string) => (await api.call<ExhibitList>("/smeb/invitation/exhibits/list", { ticket })).data;

  it("adds, lists in order, changes with the version seen, reorders and deletes the caller's exhibits", async () => {
    // A new exhibitor of its own: its first exhibit is sorted first, whatever other tests added.
    const me = (await newExhibitor(api)).ticket;
    const [i1, i2, i3] = [await image(me), await image(me), await image(me)];
    const first = await post<ExhibitView>("/smeb/invitation/exhibits/add", me, {
      nameZh: "智能机器人",
      nameEn: "Smart robot",
      classId: String(classId),
      imageUrls: [i1, i2],
    });
    expect(first.code, first.message).toBe(200);
    expect(first.data).toMatchObject({ nameZh: "智能机器人", nameEn: "Smart robot", classId, images: [{ url: i1 }, { url: i2 }], sort: 1, version: 1 });
    expect(first.data.className).toBeTruthy();
    const second = await post<ExhibitView>("/smeb/invitation/exhibits/add", me, { nameZh: "传感器", imageUrls: i3 });
    expect(second.code, second.message).toBe(200);
    expect((await list(me)).items.map((e) => e.id)).toEqual([first.data.id, second.data.id]);

    const changed = await post<ExhibitView>("/smeb/invitation/exhibits/update", me, {
      id: String(first.data.id),
      version: "1",
      nameZh: "智能机器人二代",
      imageUrls: [i2, i1],
    });
    expect(changed.code, changed.message).toBe(200);
    expect(changed.data).toMatchObject({ nameZh: "智能机器人二代", nameEn: "", classId: null, images: [{ url: i2 }, { url: i1 }], version: 2 });
    // A change made on the old version is refused and changes nothing.
    const stale = await post("/smeb/invitation/exhibits/update", me, { id: String(first.data.id), version: "1", nameZh: "旧", imageUrls: i1 });
    expect(stale.code).toBe(409);
    expect((await list(me)).items[0]!.nameZh).toBe("智能机器人二代");

    const reordered = await post<ExhibitList>("/smeb/invitation/exhibits/saveAll", me, { ids: `${second.data.id},${first.data.id}` });
    expect(reordered.code, reordered.message).toBe(200);
    expect(reordered.data.items.map((e) => e.id)).toEqual([second.data.id, first.data.id]);
    // An order that leaves one out, or names one twice, is refused.
    expect((await post("/smeb/invitation/exhibits/saveAll", me, { ids: String(first.data.id) })).code).toBe(400);
    expect((await post("/smeb/invitation/exhibits/saveAll", me, { ids: `${first.data.id},${first.data.id}` })).code).toBe(400);

    expect((await post("/smeb/invitation/exhibits/delete", me, { id: String(second.data.id) })).code).toBe(200);
    expect((await list(me)).items.map((e) => e.id)).toEqual([first.data.id]);
  });

  it("refuses bad input with the field's translated message and saves nothing", async () => {
    const me = await newExhibitor(api);
    const before = (await list(me.ticket)).items.length;
    const seven = await Promise.all(Array.from({ length: 7 }, () => image(me.ticket)));
    const cases: [Form, string, RegExp][] = [
      [{ nameZh: "展品", imageUrls: seven }, "imageUrls", /./],
      [{ nameZh: "展".repeat(101), imageUrls: seven[0]! }, "nameZh", /100/],
      [{ nameZh: "", imageUrls: seven[0]! }, "nameZh", /required|必填|请输入/i],
      [{ nameZh: "展品" }, "imageUrls", /./],
      [{ nameZh: "展品", imageUrls: await image(raw01) }, "imageUrls", /upload|上传/i],
      [{ nameZh: "展品", imageUrls: await image(me.ticket, "icon") }, "imageUrls", /upload|上传/i],
      [{ nameZh: "展品", imageUrls: await storedFileRow(api, me.username, "exhibits-img", "application/pdf") }, "imageUrls", /upload|上传/i],
      [{ nameZh: "展品", imageUrls: seven[0]!, classId: "999999" }, "classId", /categor|类别/i],
    ];
    for (const [form, fieldName, message] of cases) {
      const refused = await post("/smeb/invitation/exhibits/add", me.ticket, form);
      expect(refused.status, JSON.stringify(form).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(refused.data?.fields?.[fieldName], `${fieldName}: ${refused.message}`).toBeDefined();
      expect(refused.message).toMatch(message);
    }
    // The same in Chinese: a translated message.
    const zh = await post("/smeb/invitation/exhibits/add", me.ticket, { nameZh: "展品", imageUrls: await image(raw01) }, "zh-CN");
    expect(zh.message).toMatch(/[\u4e00-\u9fff]/);
    expect((await list(me.ticket)).items.length).toBe(before);
  });

  it("never shows or changes another exhibitor's exhibit: it answers like an unknown one", async () => {
    const me = (await newExhibitor(api)).ticket;
    const mine = await post<ExhibitView>("/smeb/invitation/exhibits/add", me, { nameZh: "A的展品", imageUrls: await image(me) });
    expect(mine.code).toBe(200);
    const id = String(mine.data.id);
    const unknown = await api.call("/smeb/invitation/exhibits/detail", { ticket: raw01, query: { id: "99999999" } });
    const foreign = await api.call("/smeb/invitation/exhibits/detail", { ticket: raw01, query: { id } });
    expect(foreign.code).toBe(404);
    expect(foreign.message).toBe(unknown.message);
    expect(JSON.stringify(foreign)).not.toContain("A的展品");
    expect((await post("/smeb/invitation/exhibits/update", raw01, { id, version: "1", nameZh: "改", imageUrls: await image(raw01) })).code).toBe(404);
    expect((await post("/smeb/invitation/exhibits/delete", raw01, { id })).code).toBe(404);
    expect((await post("/smeb/invitation/exhibits/saveAll", raw01, { ids: id })).code).toBe(400);
    expect((await list(raw01)).items.map((e) => e.id)).not.toContain(mine.data.id);
    expect((await api.call<ExhibitView>("/smeb/invitation/exhibits/detail", { ticket: me, query: { id } })).data.nameZh).toBe("A的展品");
  });

  it("asks who calls first: signed out is 401", async () => {
    expect((await api.call("/smeb/invitation/exhibits/list")).code).toBe(401);
    expect((await post("/smeb/invitation/exhibits/add", "no-ticket", {})).code).toBe(401);
  });
});
