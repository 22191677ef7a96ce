import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createObjectStore } from "../../server/uploads";
import { sweepUnreferencedFiles, UNREFERENCED_FILE_HOURS } from "../../server/uploads/file-references";
import { FILE_REFERENCES, NOT_FILE_REFERENCES } from "../../server/domains";
import { storedFileIdOf } from "../../server/uploads/files";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const MB = 1024 * 1024;
/** A PDF of exactly `size` bytes (what the upload check reads is its start). */
const pdfOf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  Buffer.from("%PDF-1.4\n").copy(bytes);
  Buffer.from("\n%%EOF\n").copy(bytes, size - 7);
  return bytes;
};

/**
 * Issue 50, point 5: an exhibitor filled the disk with completed uploads no record used. Each account
 * now has a storage quota (UPLOAD_QUOTA_MB, or the organizer's own for it on the invitation page), and
 * completed files no record refers to are swept after UNREFERENCED_FILE_HOURS.
 */
describe.each(backendsOf(import.meta.url))("storage per account on %s", (backend) => {
  let api: TestApi;
  let raw01: string;
  let admin: string;
  let raw01Id: number;
  /** Files this file's tests uploaded (all others are the demo's, which records use). */
  const uploadedHere = new Set<string>();

  const usedBytes = async () =>
    Number(
      (
        await api.db
          .selectFrom("stored_files")
          .select(sql<number>`coalesce(sum(size_bytes), 0)::float8`.as("bytes"))
          .where("owner_user_id", "=", raw01Id)
          .executeTakeFirstOrThrow()
      ).bytes,
    );

  /** The browser's three steps; answers where it stopped and the API's message. */
  async function upload(bytes: Buffer, lang = "en") {
    const name = "scan.pdf";
    const signed = await api.call<{ key: string; fields: Record<string, string> }>("/oss/signature/getSignature", {
      ticket: raw01,
      lang,
      query: { timesp: String(Date.now()), folder: "invoice", fileName: name },
    });
    if (signed.code !== 200) return { step: "signature", code: signed.code, message: signed.message, url: null };
    const form = new FormData();
    for (const [k, v] of Object.entries(signed.data.fields)) form.append(k, v);
    form.append("file", new File([new Uint8Array(bytes)], name));
    expect((await fetch(`${api.baseUrl}/storage`, { method: "POST", body: form })).status).toBe(200);
    const done = await api.call<{ url: string }>("/oss/complete", { ticket: raw01, lang, form: { key: signed.data.key, name } });
    if (done.code === 200) uploadedHere.add(storedFileIdOf(done.data.url)!);
    return { step: "complete", code: done.code, message: done.message, url: done.code === 200 ? done.data.url : null };
  }

  beforeAll(async () => {
    api = await startTestApi(backend, { UPLOAD_QUOTA_MB: "1" });
    [raw01, admin] = await Promise.all([api.login("raw01", "Expo#2026"), api.login("admin", "Admin#2026")]);
    raw01Id = (await api.db.selectFrom("users").select("id").where("username", "=", "raw01").executeTakeFirstOrThrow()).id;
  });
  afterAll(() => api?.close());

  it("refuses the upload that would pass the quota (nothing stored), then any signature once full; the organizer's own quota makes room", async () => {
    const before = await usedBytes();
    expect((await upload(pdfOf(700_000))).code).toBe(200);

    const over = await upload(pdfOf(400_000));
    expect(over).toMatchObject({ step: "complete", code: 400 });
    expect(over.message).toMatch(/^Storage quota reached/);
    expect(await usedBytes()).toBe(before + 700_000);
    const zh = await upload(pdfOf(400_000), "zh");
    expect(zh.message).toMatch(/^存储空间已满/);

    // Exactly full is allowed; after that no form is signed at all.
    expect((await upload(pdfOf(MB - before - 700_000))).code).toBe(200);
    expect(await usedBytes()).toBe(MB);
    const full = await upload(pdfOf(1000));
    expect(full).toMatchObject({ step: "signature", code: 400 });
    expect(full.message).toMatch(/^Storage quota reached/);

    // The organizer gives raw01 2 MB of its own; an exhibitor may not.
    const refused = await api.call("/smeb/exhibitors/storage-quota", { ticket: raw01, method: "POST", form: { username: "raw01", quotaMb: "2" } });
    expect(refused.code).toBe(403);
    const unknown = await api.call("/smeb/exhibitors/storage-quota", { ticket: admin, method: "POST", form: { username: "nobody", quotaMb: "2" } });
    expect(unknown.message).toBe("There is no exhibitor account nobody in this exhibition");
    const set = await api.call<{ quotaMb: number; usedBytes: number; ownQuota: boolean }>("/smeb/exhibitors/storage-quota", {
      ticket: admin,
      method: "POST",
      form: { username: "RAW01", quotaMb: "2" },
    });
    expect(set.data).toMatchObject({ quotaMb: 2, usedBytes: MB, ownQuota: true });
    expect((await upload(pdfOf(1000))).code).toBe(200);
    const list = await api.call<{ rows: { username: string; storage: unknown }[] }>("/smeb/exhibitors/invitations", {
      ticket: admin,
      query: { filter: "all" },
    });
    expect(list.data.rows.find((r) => r.username === "raw01")?.storage).toEqual({ usedBytes: MB + 1000, quotaMb: 2, ownQuota: true });
    // Empty: back to the default.
    const reset = await api.call<{ quotaMb: number; ownQuota: boolean }>("/smeb/exhibitors/storage-quota", {
      ticket: admin,
      method: "POST",
      form: { username: "raw01", quotaMb: "" },
    });
    expect(reset.data).toMatchObject({ quotaMb: 1, ownQuota: false });
    await api.db.updateTable("users").set({ upload_quota_mb: 100 }).where("id", "=", raw01Id).execute();
  });

  it("sweeps a completed file no record refers to once it is old enough, and keeps one a record uses", async () => {
    const store = createObjectStore(api.config, api.db);
    const unused = (await upload(pdfOf(2000))).url!;
    const feedbackPicture = (await upload(pdfOf(3000))).url!;
    const used = await api.db
      .insertInto("feedback")
      .values({ user_id: raw01Id, type: 1, content: "a picture", img_url: feedbackPicture })
      .returning("id")
      .executeTakeFirst();
    expect(used).toBeTruthy();
    // One named inside a JSON column.
    const groupPicture = (await upload(pdfOf(1500))).url!;
    await api.db.deleteFrom("group_info").where("user_id", "=", raw01Id).execute();
    await api.db
      .insertInto("group_info")
      .values({ user_id: raw01Id, data: JSON.stringify({ members: [{ name: "甲", photo: groupPicture }] }) })
      .execute();
    const row = (url: string) => api.db.selectFrom("stored_files").selectAll().where("id", "=", storedFileIdOf(url)!).executeTakeFirst();
    const unusedRow = (await row(unused))!;
    const uploadedAt = new Date(unusedRow.created_at as unknown as string).getTime();

    // Within the grace period nothing goes.
    await sweepUnreferencedFiles(api.db, store, FILE_REFERENCES, new Date(uploadedAt + (UNREFERENCED_FILE_HOURS - 1) * 3_600_000));
    expect(await row(unused)).toBeTruthy();
    expect(await store.stat(unusedRow.storage_key)).toBeTruthy();

    // After it, the unused file goes, row and bytes; the feedback's picture, the one in JSON and every demo file stay.
    const demoFiles = (await api.db.selectFrom("stored_files").select("id").execute()).map((f) => f.id).filter((id) => !uploadedHere.has(id));
    const swept = await sweepUnreferencedFiles(api.db, store, FILE_REFERENCES, new Date(uploadedAt + (UNREFERENCED_FILE_HOURS + 1) * 3_600_000));
    expect(await row(unused)).toBeUndefined();
    expect(await store.stat(unusedRow.storage_key)).toBeNull();
    expect(await row(feedbackPicture)).toBeTruthy();
    expect(await row(groupPicture)).toBeTruthy();
    const left = new Set((await api.db.selectFrom("stored_files").select("id").execute()).map((f) => f.id));
    expect(demoFiles.filter((id) => !left.has(id))).toEqual([]);
    expect(swept.files).toBeGreaterThanOrEqual(1);
  });

  it("knows every column that can refer to a stored file: a new one named like a file, or holding JSON, must be listed", async () => {
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public'
        and table_name not in ('stored_files', 'upload_grants')
        and (data_type in ('json', 'jsonb')
          or column_name ~ '(url|file|image|img|photo|picture|logo|icon|banner|cover|poster|video|scan|drawing|pdf|doc|attach|voucher|licen|avatar|thumb)')`.execute(
      api.db,
    );
    const listed = new Set([...FILE_REFERENCES, ...NOT_FILE_REFERENCES].map(([table, column]) => `${table}.${column}`));
    const unlisted = columns.rows.map((c) => `${c.table_name}.${c.column_name}`).filter((name) => !listed.has(name));
    expect(unlisted).toEqual([]);
    // And every listed column exists (a rename would otherwise go unnoticed); some are not named like a
    // file (exhibition_settings.value holds the contact code picture's id among plain texts).
    const all = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns where table_schema = 'public'`.execute(api.db);
    const present = new Set(all.rows.map((c) => `${c.table_name}.${c.column_name}`));
    expect(FILE_REFERENCES.map(([table, column]) => `${table}.${column}`).filter((name) => !present.has(name))).toEqual([]);
  });
});
