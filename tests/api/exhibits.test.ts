import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExhibitList, ExhibitView } from "../../app/contracts/promotion/api-types";
import { type Form, postForm, storedFileRow } from "../support/promotion";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { uploadAs } from "../support/uploads";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

describe.each(backendsOf(import.meta.url))("exhibits (/smeb/invitation/exhibits) on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let raw01: string;
  let classId: number;

  beforeAll(async () => {
    api = await startTestApi(backend);
    [std01, raw01] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026")]);
    const std = await api.db.selectFrom("users").select("exhibition_id").where("username", "=", "std01").executeTakeFirstOrThrow();
    classId = (await api.db.selectFrom("exhibit_classes").select("id").where("exhibition_id", "=", std.exhibition_id!).orderBy("id").executeTakeFirstOrThrow())
      .id;
    await api.db.deleteFrom("exhibits").execute();
  });
  afterAll(() => api?.close());

  const ticketOf = (username: string) => (username === "std01" ? std01 : raw01);
  /** An image uploaded the way the browser does, to `folder` (the exhibit folder unless named). */
  const image = (username: string, folder = "exhibits-img") => uploadAs(api, ticketOf(username), folder);
  const post = <T>(path: string, ticket: string, form: Form, lang = "en") => postForm<T>(api, path, ticket, form, lang);
  const list = async (ticket: string) => (await api.call<ExhibitList>("/smeb/invitation/exhibits/list", { ticket })).data;

  it("adds, lists in order, changes with the version seen, reorders and deletes the caller's exhibits", async () => {
    const [i1, i2, i3] = [await image("std01"), await image("std01"), await image("std01")];
    const first = await post<ExhibitView>("/smeb/invitation/exhibits/add", std01, {
      nameZh: "智能机器人",
      nameEn: "Smart robot",
      classId: String(classId),
      imageUrls: [i1, i2],
    });
    expect(first.code, first.message).toBe(200);
    expect(first.data).toMatchObject({ nameZh: "智能机器人", nameEn: "Smart robot", classId, images: [{ url: i1 }, { url: i2 }], sort: 1, version: 1 });
    expect(first.data.className).toBeTruthy();
    const second = await post<ExhibitView>("/smeb/invitation/exhibits/add", std01, { nameZh: "传感器", imageUrls: i3 });
    expect(second.code, second.message).toBe(200);
    expect((await list(std01)).items.map((e) => e.id)).toEqual([first.data.id, second.data.id]);

    const changed = await post<ExhibitView>("/smeb/invitation/exhibits/update", std01, {
      id: String(first.data.id),
      version: "1",
      nameZh: "智能机器人二代",
      imageUrls: [i2, i1],
    });
    expect(changed.code, changed.message).toBe(200);
    expect(changed.data).toMatchObject({ nameZh: "智能机器人二代", nameEn: "", classId: null, images: [{ url: i2 }, { url: i1 }], version: 2 });
    // A change made on the old version is refused and changes nothing.
    const stale = await post("/smeb/invitation/exhibits/update", std01, { id: String(first.data.id), version: "1", nameZh: "旧", imageUrls: i1 });
    expect(stale.code).toBe(409);
    expect((await list(std01)).items[0]!.nameZh).toBe("智能机器人二代");

    const reordered = await post<ExhibitList>("/smeb/invitation/exhibits/saveAll", std01, { ids: `${second.data.id},${first.data.id}` });
    expect(reordered.code, reordered.message).toBe(200);
    expect(reordered.data.items.map((e) => e.id)).toEqual([second.data.id, first.data.id]);
    // An order that leaves one out, or names one twice, is refused.
    expect((await post("/smeb/invitation/exhibits/saveAll", std01, { ids: String(first.data.id) })).code).toBe(400);
    expect((await post("/smeb/invitation/exhibits/saveAll", std01, { ids: `${first.data.id},${first.data.id}` })).code).toBe(400);

    expect((await post("/smeb/invitation/exhibits/delete", std01, { id: String(second.data.id) })).code).toBe(200);
    expect((await list(std01)).items.map((e) => e.id)).toEqual([first.data.id]);
  });

  it("refuses bad input with the field's translated message and saves nothing", async () => {
    const before = (await list(std01)).items.length;
    const seven = await Promise.all(Array.from({ length: 7 }, () => image("std01")));
    const cases: [Form, string, RegExp][] = [
      [{ nameZh: "展品", imageUrls: seven }, "imageUrls", /./],
      [{ nameZh: "展".repeat(101), imageUrls: seven[0]! }, "nameZh", /100/],
      [{ nameZh: "", imageUrls: seven[0]! }, "nameZh", /required|必填|请输入/i],
      [{ nameZh: "展品" }, "imageUrls", /./],
      [{ nameZh: "展品", imageUrls: await image("raw01") }, "imageUrls", /upload|上传/i],
      [{ nameZh: "展品", imageUrls: await image("std01", "icon") }, "imageUrls", /upload|上传/i],
      [{ nameZh: "展品", imageUrls: await storedFileRow(api, "std01", "exhibits-img", "application/pdf") }, "imageUrls", /upload|上传/i],
      [{ nameZh: "展品", imageUrls: seven[0]!, classId: "999999" }, "classId", /categor|类别/i],
    ];
    for (const [form, fieldName, message] of cases) {
      const refused = await post("/smeb/invitation/exhibits/add", std01, form);
      expect(refused.status, JSON.stringify(form).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(refused.data?.fields?.[fieldName], `${fieldName}: ${refused.message}`).toBeDefined();
      expect(refused.message).toMatch(message);
    }
    // The same in Chinese: a translated message.
    const zh = await post("/smeb/invitation/exhibits/add", std01, { nameZh: "展品", imageUrls: await image("raw01") }, "zh-CN");
    expect(zh.message).toMatch(/[\u4e00-\u9fff]/);
    expect((await list(std01)).items.length).toBe(before);
  });

  it("never shows or changes another exhibitor's exhibit: it answers like an unknown one", async () => {
    const mine = await post<ExhibitView>("/smeb/invitation/exhibits/add", std01, { nameZh: "A的展品", imageUrls: await image("std01") });
    expect(mine.code).toBe(200);
    const id = String(mine.data.id);
    const unknown = await api.call("/smeb/invitation/exhibits/detail", { ticket: raw01, query: { id: "99999999" } });
    const foreign = await api.call("/smeb/invitation/exhibits/detail", { ticket: raw01, query: { id } });
    expect(foreign.code).toBe(404);
    expect(foreign.message).toBe(unknown.message);
    expect(JSON.stringify(foreign)).not.toContain("A的展品");
    expect((await post("/smeb/invitation/exhibits/update", raw01, { id, version: "1", nameZh: "改", imageUrls: await image("raw01") })).code).toBe(404);
    expect((await post("/smeb/invitation/exhibits/delete", raw01, { id })).code).toBe(404);
    expect((await post("/smeb/invitation/exhibits/saveAll", raw01, { ids: id })).code).toBe(400);
    expect((await list(raw01)).items.map((e) => e.id)).not.toContain(mine.data.id);
    expect((await api.call<ExhibitView>("/smeb/invitation/exhibits/detail", { ticket: std01, query: { id } })).data.nameZh).toBe("A的展品");
  });

  it("asks who calls first: signed out is 401", async () => {
    expect((await api.call("/smeb/invitation/exhibits/list")).code).toBe(401);
    expect((await post("/smeb/invitation/exhibits/add", "no-ticket", {})).code).toBe(401);
  });
});
