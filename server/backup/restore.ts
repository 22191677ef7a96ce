import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { Migrator } from "kysely";
import type { Database } from "../db/database";
import { migrationProvider } from "../db/migrations";
import type { ObjectStore } from "../uploads/object-store";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  type BackupHeader,
  BackupRefusal,
  EXIT_DAMAGED_ARCHIVE,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  type Manifest,
  readAll,
  readArchive,
  sha256,
} from "./archive";
import { loadDatabase, migrationLevel, rowsInPortalTables } from "./database-dump";

/** The migrations this build knows, in order. */
async function knownMigrations(): Promise<string[]> {
  return Object.keys(await migrationProvider.getMigrations()).sort();
}

const damaged = (archive: string, what: string) =>
  new BackupRefusal(`The archive ${archive} is damaged: ${what}. It cannot be restored.`, EXIT_DAMAGED_ARCHIVE);

function parseHeader(archive: string, bytes: Buffer): BackupHeader {
  let header: BackupHeader;
  try {
    header = JSON.parse(bytes.toString("utf8")) as BackupHeader;
  } catch {
    throw damaged(archive, `its ${HEADER_ENTRY} is not readable`);
  }
  if (header.format !== ARCHIVE_FORMAT) throw new BackupRefusal(`${archive} is not a portal backup.`, EXIT_DAMAGED_ARCHIVE);
  if (header.formatVersion > ARCHIVE_FORMAT_VERSION)
    throw new BackupRefusal(
      `${archive} was written by a newer portal (archive format ${header.formatVersion}); restore it with that version.`,
      EXIT_DAMAGED_ARCHIVE,
    );
  return header;
}

/** Refuses an archive whose database is at a migration this build does not have (a newer portal made it). */
async function checkLevel(archive: string, header: BackupHeader) {
  const known = await knownMigrations();
  if (!known.includes(header.migration)) {
    const newest = known.at(-1);
    throw new BackupRefusal(
      `${archive} comes from a newer portal: its database is at migration ${header.migration}, and this portal knows migrations up to ${newest}. Restore it with the portal version that made it (or a newer one).`,
      EXIT_DAMAGED_ARCHIVE,
    );
  }
}

export type VerifiedArchive = { manifest: Manifest; rows: number; fileBytes: number };

/**
 * Reads the whole archive and checks it without restoring: its header, every entry's size and SHA-256
 * against the manifest, each table part's row count, and the migration level against this portal's.
 */
export async function verifyArchive(archive: string): Promise<VerifiedArchive> {
  const seen = new Map<string, { bytes: number; sha256: string; lines: number }>();
  let header: BackupHeader | null = null;
  let manifest: Manifest | null = null;
  for await (const entry of readArchive(archive)) {
    if (!header) {
      if (entry.name !== HEADER_ENTRY)
        throw new BackupRefusal(`${archive} is not a portal backup (it does not start with ${HEADER_ENTRY}).`, EXIT_DAMAGED_ARCHIVE);
      const bytes = await readAll(entry.body);
      header = parseHeader(archive, bytes);
      await checkLevel(archive, header);
      seen.set(entry.name, { bytes: bytes.length, sha256: sha256(bytes), lines: 0 });
      continue;
    }
    if (entry.name === MANIFEST_ENTRY) {
      try {
        manifest = JSON.parse((await readAll(entry.body)).toString("utf8")) as Manifest;
      } catch {
        throw damaged(archive, `its ${MANIFEST_ENTRY} is not readable`);
      }
      continue;
    }
    if (manifest) throw damaged(archive, `an entry (${entry.name}) follows the manifest`);
    const hash = crypto.createHash("sha256");
    let bytes = 0;
    let lines = 0;
    for await (const chunk of entry.body) {
      hash.update(chunk);
      bytes += chunk.length;
      if (entry.name.startsWith("db/")) for (const byte of chunk) if (byte === 10) lines++;
    }
    seen.set(entry.name, { bytes, sha256: hash.digest("hex"), lines });
  }
  if (!header) throw new BackupRefusal(`${archive} is not a portal backup.`, EXIT_DAMAGED_ARCHIVE);
  if (!manifest) throw damaged(archive, "it ends before its manifest (cut short?)");
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const found = seen.get(name);
    if (!found) throw damaged(archive, `${name} is missing`);
    if (found.bytes !== expected.bytes || found.sha256 !== expected.sha256) throw damaged(archive, `${name} does not match its checksum`);
  }
  for (const name of seen.keys()) if (!manifest.entries[name]) throw damaged(archive, `${name} is not in its manifest`);
  for (const table of manifest.tables)
    for (const part of table.parts) if (seen.get(part.entry)?.lines !== part.rows) throw damaged(archive, `${part.entry} does not hold ${part.rows} rows`);
  if (manifest.migration !== header.migration) throw damaged(archive, "its header and manifest disagree");
  return {
    manifest,
    rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
    fileBytes: manifest.files.reduce((sum, f) => sum + f.bytes, 0),
  };
}

export function describeArchive(archive: string, verified: VerifiedArchive): string {
  const { manifest } = verified;
  const names = manifest.exhibitions.map((e) => `${e.nameZh} / ${e.nameEn} (${e.code})`).join(", ") || "no exhibition";
  const held = manifest.files.filter((f) => f.entry).length;
  return [
    `${archive}: a whole, readable portal backup.`,
    `  exhibitions: ${names}`,
    `  database snapshot at ${manifest.snapshotAt} (${manifest.database}), migration ${manifest.migration}: ${verified.rows} rows in ${manifest.tables.length} tables`,
    `  ${manifest.files.length} stored files (${(verified.fileBytes / 1024 / 1024).toFixed(1)} MB), ${held === manifest.files.length ? "all of their bytes in the archive" : `${held} with their bytes in the archive, the others kept in the S3 bucket (checksums listed)`}`,
    ...(manifest.missingFiles.length ? [`  ${manifest.missingFiles.length} file(s) were already missing from the store when it was made`] : []),
  ].join("\n");
}

export type RestoreTarget = {
  db: Database;
  store: ObjectStore;
  /** The local store's folder: it must hold no file before a restore. */
  uploadsDir?: string;
  /** How the target is named in messages ("the data directory ./data", "the database at …"). */
  description: string;
  migrationTableSchema?: string;
};

export type RestoreResult = { rows: number; files: number; filesNotInStore: string[]; migratedTo: string };

/**
 * Restores a verified archive into an empty target: refuses one that holds any row or stored file; the
 * stored files first (removed again if anything fails), then every row in one transaction at the
 * archive's migration level, then the migrations since. Nothing half-restored is left to look good.
 */
export async function restoreArchive(archive: string, target: RestoreTarget, alreadyVerified?: VerifiedArchive): Promise<RestoreResult> {
  // The command verifies before it opens the target (a damaged archive leaves no new directory): not read twice.
  const verified = alreadyVerified ?? (await verifyArchive(archive));
  const { manifest } = verified;
  await refuseNonEmpty(target, manifest);

  const migrator = new Migrator({ db: target.db, provider: migrationProvider, migrationTableSchema: target.migrationTableSchema });
  const atLevel = await migrator.migrateTo(manifest.migration);
  if (atLevel.error) throw atLevel.error;

  const written: string[] = [];
  const filesNotInStore: string[] = [];
  try {
    for await (const entry of readArchive(archive)) {
      if (!entry.name.startsWith("files/")) continue;
      const key = entry.name.slice("files/".length);
      const file = manifest.files.find((f) => f.entry === entry.name);
      await target.store.put(key, Readable.from(entry.body), { contentType: file?.contentType ?? "application/octet-stream", maxBytes: entry.size });
      written.push(key);
    }
    for (const file of manifest.files) {
      if (file.entry) continue;
      const info = await target.store.stat(file.key);
      if (!info || info.sizeBytes !== file.bytes) filesNotInStore.push(file.key);
    }
    await loadDatabase(target.db, databaseParts(archive), manifest.sequences);
  } catch (error) {
    for (const key of written) await target.store.delete(key).catch(() => undefined);
    throw error;
  }
  const latest = await migrator.migrateToLatest();
  if (latest.error) throw latest.error;
  const migratedTo = (await migrationLevel(target.db)) ?? manifest.migration;
  await target.db
    .insertInto("backup_runs")
    .values({
      kind: "restore",
      trigger: "command",
      status: "done",
      finished_at: new Date(),
      archive,
      rows_count: verified.rows,
      files_count: written.length,
      migration: migratedTo,
    })
    .execute();
  return { rows: verified.rows, files: written.length, filesNotInStore, migratedTo };
}

async function* databaseParts(archive: string): AsyncGenerator<{ table: string; jsonl: Buffer }> {
  for await (const entry of readArchive(archive)) {
    if (entry.name.startsWith("files/") || entry.name === MANIFEST_ENTRY) return;
    if (!entry.name.startsWith("db/")) continue;
    yield { table: entry.name.split("/")[1]!, jsonl: await readAll(entry.body) };
  }
}

async function refuseNonEmpty(target: RestoreTarget, manifest: Manifest) {
  const from = manifest.exhibitions.map((e) => e.code).join(", ") || "no exhibition";
  const level = await migrationLevel(target.db);
  if (level) {
    const rows = await rowsInPortalTables(target.db);
    if (rows) {
      const exhibitions = await target.db
        .selectFrom("exhibitions")
        .select("code")
        .execute()
        .catch(() => []);
      const holds = exhibitions.length ? `the exhibition(s) ${exhibitions.map((e) => e.code).join(", ")}` : `${rows.rows} row(s) in ${rows.table}`;
      throw new BackupRefusal(
        `${target.description} is not empty: it holds ${holds}. A restore (of ${from}) goes only into an empty one: use a new DATA_DIR or an empty PostgreSQL database.`,
      );
    }
    if (level > manifest.migration)
      throw new BackupRefusal(
        `${target.description} is already at migration ${level}, newer than the archive's ${manifest.migration}: restore into a new, empty one (the portal migrates it once restored).`,
      );
  }
  if (target.uploadsDir && hasFiles(target.uploadsDir))
    throw new BackupRefusal(`${target.description} is not empty: ${target.uploadsDir} holds stored files. A restore goes only into an empty one.`);
}

function hasFiles(folder: string): boolean {
  if (!fs.existsSync(folder)) return false;
  return fs.readdirSync(folder, { withFileTypes: true }).some((entry) => (entry.isDirectory() ? hasFiles(path.join(folder, entry.name)) : true));
}

export function describeRestore(archive: string, result: RestoreResult): string {
  const lines = [`Restored ${archive}: ${result.rows} rows and ${result.files} stored files; the database is now at migration ${result.migratedTo}.`];
  if (result.filesNotInStore.length)
    lines.push(
      `warning: ${result.filesNotInStore.length} file(s) the archive lists (kept in the S3 bucket, not in the archive) are not in this store: ${result.filesNotInStore.slice(0, 5).join(", ")}`,
    );
  return lines.join("\n");
}
