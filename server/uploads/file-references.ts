import { sql } from "kysely";
import type { Database } from "../db/database";
import { containsPattern } from "../db/keyword-search";
import type { ObjectStore } from "./object-store";

/**
 * Completed uploads no record refers to (issue 50): an exhibitor could upload and never save, again
 * and again, until the disk was full. Such files are removed once they are UNREFERENCED_FILE_HOURS
 * old (the form they were uploaded for has long been saved or left).
 *
 * The columns that can refer to a stored file, by its id or its /files/<id> URL, in JSON too (a record's
 * history keeps the files it names), are each domain's: its domain.ts lists them (`fileColumns`), and
 * server/domains.ts gathers them as FILE_REFERENCES, which the callers pass in (docs/decisions/063). A
 * migration that adds such a column adds it there: tests/api/storage-quota.test.ts fails on a column
 * named like a file or holding JSON that is in neither list.
 */
export const UNREFERENCED_FILE_HOURS = 24;

/** Every column that may refer to a stored file. */
export type FileReferences = readonly (readonly [table: string, column: string])[];

/** The kernel's columns named like files, or holding JSON, that never refer to a stored file (the domains' are in their domain.ts). */
export const KERNEL_NOT_FILE_REFERENCES: FileReferences = [
  ["button_auths", "url"],
  ["exhibitions", "traffic_page_url_en"],
  ["file_grants", "file_id"],
  ["menus", "icon"],
  ["menus", "url"],
];

const BATCH = 200;

/** Which of `ids` some record refers to: each listed column read once per batch, as text. */
async function referencedFileIds(db: Database, references: FileReferences, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (!ids.length) return found;
  // LIKE's own characters in an id (base64url has `_`) match as themselves.
  const patterns = sql.join(ids.map((id) => sql`${containsPattern(id)}`));
  for (const [table, column] of references) {
    const rows = await sql<{
      value: string;
    }>`select ${sql.ref(column)}::text as value from ${sql.table(table)} where ${sql.ref(column)}::text like any (array[${patterns}])`.execute(db);
    for (const { value } of rows.rows) for (const id of ids) if (value.includes(id)) found.add(id);
  }
  return found;
}

/**
 * Removes completed files older than UNREFERENCED_FILE_HOURS at `now` that no column of `references` names: the
 * row (its grants go with it), then the bytes. Any process may run it at any time; it is idempotent.
 * `now` is the process's clock, as stored_files.created_at is the database's (housekeeping, not business time).
 */
export async function sweepUnreferencedFiles(db: Database, store: ObjectStore, references: FileReferences, now = new Date()) {
  const olderThan = new Date(now.getTime() - UNREFERENCED_FILE_HOURS * 3_600_000);
  let removed = 0;
  let bytes = 0;
  let after = "";
  for (;;) {
    const batch = await db
      .selectFrom("stored_files")
      .select(["id", "storage_key", "size_bytes"])
      .where("created_at", "<", olderThan)
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (!batch.length) break;
    after = batch.at(-1)!.id;
    const referenced = await referencedFileIds(
      db,
      references,
      batch.map((f) => f.id),
    );
    for (const file of batch) {
      if (referenced.has(file.id)) continue;
      try {
        await db.deleteFrom("stored_files").where("id", "=", file.id).execute();
      } catch {
        // A record took it meanwhile (its foreign key refused the delete): kept.
        continue;
      }
      await store.delete(file.storage_key).catch(() => {});
      removed++;
      bytes += Number(file.size_bytes);
    }
  }
  return { files: removed, bytes };
}
