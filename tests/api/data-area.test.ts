import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataClass, DataFile, DataFileList } from "../../app/contracts/data-area/api-types";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { PNG } from "../support/sample-files";
import { uploadAs } from "../support/uploads";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The data area (issue 41): the organizer's classes and files; every exhibitor browses what is shown
 * by class and keyword and downloads it (counted); hidden classes and files are the organizer's only;
 * a class holding files is not deleted; a file must be the organizer's own upload to the data area.
 */
describe.each(backendsOf(import.meta.url))("data area on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let raw01: string;
  let admin: string;

  const post = <T>(path: string, ticket: string, form: Record<string, string>, lang = "en") => api.call<T>(path, { ticket, form, lang });
  const classes = (ticket: string) => api.call<DataClass[]>("/smeb/dataArea/fileClass/list", { ticket });
  const files = (ticket: string, query: Record<string, string> = {}) => api.call<DataFileList>("/smeb/dataArea/file/listByClassIds", { ticket, query });
  const download = (ticket: string, id: number, lang = "en") =>
    fetch(`${api.baseUrl}/api/smeb/dataArea/file/download?id=${id}`, { headers: { ticket, "accept-language": lang } });
  const saveClass = (form: Record<string, string>, ticket = admin) => post<DataClass[]>("/smeb/dataArea/fileClass/save", ticket, form);
  const saveFile = (form: Record<string, string>, ticket = admin, lang = "en") => post<DataFile>("/smeb/dataArea/file/save", ticket, form, lang);

  beforeAll(async () => {
    api = await startTestApi(backend);
    [std01, raw01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026"), api.login("admin", "Admin#2026")]);
  });
  afterAll(() => api?.close());

  /**
   * A shown class of the test's own (the list of every class that saving answers, and the class). The
   * tests after the first delete what they add, so that the first one sees the data area as it made it.
   */
  async function newClass() {
    const tag = crypto.randomBytes(4).toString("hex");
    const saved = await saveClass({ nameZh: `手册${tag}`, nameEn: `Manuals ${tag}`, sort: "9" });
    expect(saved.code, saved.message).toBe(200);
    return saved.data.find((c) => c.nameEn === `Manuals ${tag}`)!;
  }

  it("the organizer publishes classes and files; exhibitors browse by class and keyword and download, counted; hidden stays the organizer's", async () => {
    expect((await saveClass({ nameZh: "参展手册", nameEn: "Manuals", sort: "1" })).code).toBe(200);
    expect((await saveClass({ nameZh: "标志及横幅", nameEn: "Logos and banners", sort: "2", banner: "1" })).code).toBe(200);
    const made = await saveClass({ nameZh: "内部", nameEn: "Internal", sort: "3", hidden: "1" });
    const [manuals, banners, internal] = made.data;
    expect(made.data.map((c) => [c.nameEn, c.banner, c.hidden])).toEqual([
      ["Manuals", false, false],
      ["Logos and banners", true, false],
      ["Internal", false, true],
    ]);

    const manual = await saveFile({
      classId: String(manuals!.id),
      nameZh: "参展商手册",
      nameEn: "Exhibitor manual",
      descriptionEn: "Build-up and safety",
      language: "all",
      fileUrl: await uploadAs(api, admin, "data-file", "manual.pdf", PDF),
    });
    expect(manual.code, manual.message).toBe(200);
    expect(manual.data).toMatchObject({ nameEn: "Exhibitor manual", fileName: "manual.pdf", contentType: "application/pdf", downloads: 0 });
    const logo = await saveFile({
      classId: String(banners!.id),
      nameZh: "展会标志",
      language: "zh",
      fileUrl: await uploadAs(api, admin, "data-file", "logo.png", PNG),
    });
    const secret = await saveFile({ classId: String(internal!.id), nameZh: "内部文件", fileUrl: await uploadAs(api, admin, "data-file", "secret.pdf", PDF) });
    const hiddenFile = await saveFile({
      classId: String(manuals!.id),
      nameZh: "草稿",
      hidden: "1",
      fileUrl: await uploadAs(api, admin, "data-file", "draft.pdf", PDF),
    });
    for (const f of [logo, secret, hiddenFile]) expect(f.code, f.message).toBe(200);

    // The exhibitor sees the shown classes with what it may see in them.
    const seen = await classes(std01);
    expect(seen.data.map((c) => [c.nameEn, c.fileCount])).toEqual([
      ["Manuals", 1],
      ["Logos and banners", 1],
    ]);
    expect((await files(std01)).data.items.map((f) => f.nameZh)).toEqual(["参展商手册", "展会标志"]);
    expect((await files(std01, { classIds: String(banners!.id) })).data.items.map((f) => f.nameZh)).toEqual(["展会标志"]);
    expect((await files(std01, { banner: "1" })).data.items.map((f) => f.nameZh)).toEqual(["展会标志"]);
    expect((await files(std01, { keyword: "safety" })).data.items.map((f) => f.nameZh)).toEqual(["参展商手册"]);
    expect((await files(std01, { keyword: "100%_" })).data.total).toBe(0);
    expect((await files(std01, { classIds: String(internal!.id) })).data.total).toBe(0);
    const paged = await files(std01, { pageSize: "10", page: "2" });
    expect(paged.data).toMatchObject({ total: 2, page: 2, items: [] });
    // The organizer sees everything.
    expect((await files(admin)).data.total).toBe(4);

    // A download: the bytes, a name in the caller's language, counted; hidden ones answer 404 to exhibitors.
    const got = await download(std01, manual.data.id);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/pdf");
    expect(got.headers.get("content-disposition")).toContain(encodeURIComponent("Exhibitor manual.pdf"));
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await download(raw01, manual.data.id, "zh")).headers.get("content-disposition")).toContain(encodeURIComponent("参展商手册.pdf"));
    expect((await files(std01, { keyword: "manual" })).data.items[0]!.downloads).toBe(2);
    for (const id of [secret.data.id, hiddenFile.data.id]) {
      const refused = await download(std01, id);
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { message: string }).message).toBe("This file does not exist");
    }
    expect((await download(admin, hiddenFile.data.id)).status).toBe(200);
  });

  it("refuses bad input with translated answers and keeps what it had: a class with files, another user's upload, a missing name or file", async () => {
    // A class of its own with two files, one of them downloaded twice.
    const manuals = await newClass();
    const manual = await saveFile({
      classId: String(manuals.id),
      nameZh: "参展商手册",
      nameEn: "Exhibitor manual",
      language: "all",
      fileUrl: await uploadAs(api, admin, "data-file", "manual.pdf", PDF),
    });
    const draft = await saveFile({
      classId: String(manuals.id),
      nameZh: "草稿",
      hidden: "1",
      fileUrl: await uploadAs(api, admin, "data-file", "draft.pdf", PDF),
    });
    for (const f of [manual, draft]) expect(f.code, f.message).toBe(200);
    for (const ticket of [std01, raw01]) expect((await download(ticket, manual.data.id)).status).toBe(200);

    const list = (await classes(admin)).data;
    const deleting = await post("/smeb/dataArea/fileClass/delete", admin, { id: String(manuals.id) }, "zh");
    expect(deleting.status).toBe(409);
    expect(deleting.message).toBe("该分类下还有 2 个文件，请先移动或删除");
    expect((await classes(admin)).data).toHaveLength(list.length);

    const stranger = await saveFile({ classId: String(manuals.id), nameZh: "别人的", fileUrl: await uploadAs(api, std01, "exhibits-img") });
    expect(stranger.status).toBe(400);
    expect(stranger.data).toMatchObject({ fields: { fileUrl: ["dataArea.errors.notYourFile"] } });
    const noName = await saveFile({ classId: String(manuals.id), nameZh: " ", fileUrl: await uploadAs(api, admin, "data-file", "a.pdf", PDF) }, admin, "zh");
    expect(noName.status).toBe(400);
    expect(noName.message).toBe("名称（中文）不能为空");
    const noFile = await saveFile({ classId: String(manuals.id), nameZh: "无文件" });
    expect(noFile.status).toBe(400);
    const unknownClass = await saveFile({ classId: "999999", nameZh: "x", fileUrl: await uploadAs(api, admin, "data-file", "b.pdf", PDF) });
    expect(unknownClass.status).toBe(404);
    expect((await files(admin, { classIds: String(manuals.id) })).data.total).toBe(2);

    // A file replaced keeps its downloads; the class is deleted once empty.
    const [first, second] = (await files(admin, { classIds: String(manuals.id) })).data.items;
    const replaced = await saveFile({
      id: String(first!.id),
      classId: String(manuals.id),
      nameZh: first!.nameZh,
      nameEn: "Exhibitor manual 2",
      fileUrl: await uploadAs(api, admin, "data-file", "manual-2.pdf", PDF),
    });
    expect(replaced.data).toMatchObject({ fileName: "manual-2.pdf", downloads: first!.downloads, nameEn: "Exhibitor manual 2" });
    for (const f of [first!, second!]) expect((await post("/smeb/dataArea/file/delete", admin, { id: String(f.id) })).code).toBe(200);
    expect((await post("/smeb/dataArea/fileClass/delete", admin, { id: String(manuals.id) })).code).toBe(200);
    expect((await classes(admin)).data.map((c) => c.nameEn)).not.toContain(manuals.nameEn);
  });

  it("keeps the organizer's endpoints to roleId 1", async () => {
    const anyClass = await newClass();
    const answers = [
      await saveClass({ nameZh: "甲", nameEn: "A" }, std01),
      await post("/smeb/dataArea/fileClass/delete", std01, { id: String(anyClass.id) }),
      await saveFile({ classId: String(anyClass.id), nameZh: "甲", fileUrl: await uploadAs(api, std01, "data-file", "x.pdf", PDF) }, std01),
      await post("/smeb/dataArea/file/delete", std01, { id: "1" }),
    ];
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);
    expect((await classes(admin)).data.map((c) => c.id)).toContain(anyClass.id);
    expect((await post("/smeb/dataArea/fileClass/delete", admin, { id: String(anyClass.id) })).code).toBe(200);
  });
});
