import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import { callApi, type ProbeContext } from "../../support/idor-probe";
import { uploadAs } from "../../support/uploads";

/**
 * The data area (issue 41) in the IDOR sweep (tests/api/idor.test.ts): its files are the organizer's,
 * published to every exhibitor of the exhibition. Exhibitor B (raw01) holding the ids of a hidden
 * class and a hidden file reads neither (lists, download: 404) and changes nothing; the organizer's
 * endpoints answer B 403 and its page /401.
 */
type Ctx = ProbeContext;
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "隐藏资料-MARKER-5190";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

let prepared: Promise<{ classId: string; fileId: string }> | null = null;
/** A hidden class holding a hidden file, named with the marker; made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const made = await callApi(ctx, ctx.admin, "/smeb/dataArea/fileClass/save", { nameZh: MARKER, nameEn: MARKER, hidden: "1" });
    expect(made.status).toBe(200);
    const classId = String((JSON.parse(made.text) as { data: { id: number; nameZh: string }[] }).data.find((c) => c.nameZh === MARKER)!.id);
    const fileUrl = await uploadAs(ctx.api, ctx.admin, "data-file", "hidden.pdf", PDF);
    const file = await callApi(ctx, ctx.admin, "/smeb/dataArea/file/save", { classId, nameZh: MARKER, hidden: "1", fileUrl });
    expect(file.status).toBe(200);
    return { classId, fileId: String((JSON.parse(file.text) as { data: { id: number } }).data.id) };
  })();
  return prepared;
}

const state = async (ctx: Ctx) =>
  JSON.stringify({
    classes: await ctx.api.db.selectFrom("data_file_classes").selectAll().orderBy("id").execute(),
    files: await ctx.api.db.selectFrom("data_files").selectAll().orderBy("id").execute(),
  });

const apiProbe: Probe = async (ctx) => {
  const { classId, fileId } = await prepare(ctx);
  const before = await state(ctx);
  const reads = [
    await callApi(ctx, ctx.b, "/smeb/dataArea/fileClass/list"),
    await callApi(ctx, ctx.b, `/smeb/dataArea/file/listByClassIds?classIds=${classId}`),
    await callApi(ctx, ctx.b, `/smeb/dataArea/file/listByClassIds?keyword=${encodeURIComponent(MARKER)}`),
    await callApi(ctx, ctx.b, `/smeb/dataArea/file/download?id=${fileId}`),
  ];
  for (const answer of reads) expect(answer.text).not.toContain(MARKER);
  expect(reads.map((a) => a.status)).toEqual([200, 200, 200, 404]);
  const writes = [
    await callApi(ctx, ctx.b, "/smeb/dataArea/fileClass/save", { id: classId, nameZh: "B", nameEn: "B" }),
    await callApi(ctx, ctx.b, "/smeb/dataArea/fileClass/delete", { id: classId }),
    await callApi(ctx, ctx.b, "/smeb/dataArea/file/save", { id: fileId, classId, nameZh: "B" }),
    await callApi(ctx, ctx.b, "/smeb/dataArea/file/delete", { id: fileId }),
  ];
  expect(writes.map((a) => a.status)).toEqual([403, 403, 403, 403]);
  expect(await state(ctx)).toBe(before);
  // Control: the organizer reads it.
  expect((await callApi(ctx, ctx.admin, `/smeb/dataArea/file/listByClassIds?classIds=${classId}`)).text).toContain(MARKER);
};

const pageProbe: Probe = async (ctx) => {
  const { classId, fileId } = await prepare(ctx);
  const before = await state(ctx);
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  // A search for part of the name (the page echoes the search, never the file).
  const page = await browser.request(`/dataArea/index?classId=${classId}&keyword=${encodeURIComponent("隐藏资料")}`);
  expect(page.status).toBe(200);
  expect(await page.text()).not.toContain(MARKER);
  const download = await browser.request(`/dataArea/download/${fileId}`);
  expect(download.status).toBe(404);
  expect(await download.text()).not.toContain("%PDF");
  const admin = await browser.request(`/dataArea/files?file=${fileId}`);
  expect(admin.status).toBe(302);
  expect(admin.headers.get("location")).toBe("/401");
  const posted = await browser.request("/dataArea/files", {
    body: new URLSearchParams({ intent: "deleteFile", id: fileId }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(posted.status).toBe(302);
  expect(posted.headers.get("location")).toBe("/401");
  expect(await state(ctx)).toBe(before);
};

export const dataAreaSweep = {
  "GET /api/smeb/dataArea/fileClass/list": { probe: apiProbe },
  "GET /api/smeb/dataArea/file/listByClassIds": { probe: apiProbe },
  "GET /api/smeb/dataArea/file/download": { probe: apiProbe },
  "POST /api/smeb/dataArea/fileClass/save": { probe: apiProbe },
  "POST /api/smeb/dataArea/fileClass/delete": { probe: apiProbe },
  "POST /api/smeb/dataArea/file/save": { probe: apiProbe },
  "POST /api/smeb/dataArea/file/delete": { probe: apiProbe },
  "routes/_shell.dataArea": { noOwnedId: "the area's guard: acts on the caller's own session, reads no id" },
  "routes/_shell.dataArea._index": { noOwnedId: "a redirect to /dataArea/index; reads no id" },
  "routes/_shell.dataArea.index": { probe: pageProbe },
  "routes/_shell.dataArea.files": { probe: pageProbe },
  "routes/dataArea.download.$id": { probe: pageProbe },
};
