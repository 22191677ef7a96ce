import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { Database } from "../db/database";
import type { ObjectStore } from "../uploads/object-store";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_PREFIX,
  ARCHIVE_SUFFIX,
  type ArchivedFile,
  ArchiveWriter,
  archiveName,
  BackupRefusal,
  type BackupHeader,
  EXIT_BUSY,
  HEADER_ENTRY,
  writeRefusal,
} from "./archive";
import { dumpDatabase } from "./database-dump";
import { BACKUP_HEARTBEAT_SECONDS, deleteDeferredObjects, STALE_BACKUP_SECONDS } from "./deletion-hold";
import { isUniqueViolation } from "../db/unique-violation";

export type BackupDeps = { db: Database; store: ObjectStore; databaseKind: "pglite" | "postgres" };

export type BackupResult = {
  archive: string;
  bytes: number;
  snapshotAt: string;
  migration: string;
  rows: number;
  tables: number;
  files: number;
  fileBytes: number;
  missingFiles: string[];
};

/**
 * Takes one backup into `folder` (decision 058): marks itself running (one at a time, whichever
 * process), reads the database in one snapshot, then copies every stored object that snapshot names
 * (their deletions wait meanwhile, deletion-hold.ts), and writes the archive under its final name only
 * once it is whole. The run is logged in backup_runs either way.
 */
export async function takeBackup(
  deps: BackupDeps,
  folder: string,
  options: { trigger?: "command" | "schedule"; onSnapshot?: () => void } = {},
): Promise<BackupResult> {
  const runId = await startRun(deps.db, options.trigger ?? "command");
  const heartbeat = setInterval(() => {
    deps.db
      .updateTable("backup_runs")
      .set({ heartbeat_at: sql<Date>`now()` })
      .where("id", "=", runId)
      .execute()
      .catch(() => undefined);
  }, BACKUP_HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();
  let writer: ArchiveWriter | null = null;
  try {
    // A folder that cannot be written is a failed run too (the home shows it): a scheduled backup's disk may be gone.
    try {
      await fs.promises.mkdir(folder, { recursive: true });
      await fs.promises.access(folder, fs.constants.W_OK);
    } catch (error) {
      throw writeRefusal(folder, error);
    }
    writer = await openWriter(folder);
    const result = await writeArchive(deps, writer, options.onSnapshot);
    await deps.db
      .updateTable("backup_runs")
      .set({
        status: "done",
        finished_at: sql<Date>`now()`,
        archive: result.archive,
        archive_bytes: result.bytes,
        rows_count: result.rows,
        files_count: result.files,
        migration: result.migration,
        error: result.missingFiles.length ? `${result.missingFiles.length} stored file(s) were already missing from the store` : null,
      })
      .where("id", "=", runId)
      .execute();
    return result;
  } catch (error) {
    await writer?.abandon();
    const refusal = error instanceof BackupRefusal ? error : isWriteError(error) ? writeRefusal(folder, error) : error;
    await deps.db
      .updateTable("backup_runs")
      .set({ status: "failed", finished_at: sql<Date>`now()`, error: (refusal as Error).message.slice(0, 2000) })
      .where("id", "=", runId)
      .execute()
      .catch(() => undefined);
    throw refusal;
  } finally {
    clearInterval(heartbeat);
    await deleteDeferredObjects(deps.db, deps.store).catch(() => undefined);
  }
}

const isWriteError = (error: unknown) => ["ENOSPC", "EACCES", "EPERM", "EROFS", "EDQUOT", "EIO"].includes((error as NodeJS.ErrnoException)?.code ?? "");

async function openWriter(folder: string): Promise<ArchiveWriter> {
  // Two backups in one second (a retry) get distinct names.
  for (let attempt = 0; ; attempt++) {
    const at = new Date(Date.now() + attempt * 1000);
    const target = path.join(folder, archiveName(at));
    if (fs.existsSync(target) || fs.existsSync(`${target}.part`)) continue;
    try {
      return new ArchiveWriter(target);
    } catch (error) {
      throw writeRefusal(folder, error);
    }
  }
}

/** Marks a backup running, or refuses while another one runs (one left by a stopped process is taken over). */
async function startRun(db: Database, trigger: "command" | "schedule"): Promise<number> {
  await db
    .updateTable("backup_runs")
    .set({ status: "failed", finished_at: sql<Date>`now()`, error: "stopped before it finished (no sign of life)" })
    .where("status", "=", "running")
    .where("heartbeat_at", "<=", sql<Date>`now() - make_interval(secs => ${STALE_BACKUP_SECONDS})`)
    .execute();
  try {
    const row = await db.insertInto("backup_runs").values({ kind: "backup", trigger, status: "running" }).returning("id").executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const running = await db.selectFrom("backup_runs").select(["kind", "started_at"]).where("status", "=", "running").executeTakeFirst();
    const what = running?.kind === "restore" ? "A restore" : "Another backup";
    const since = running ? ` (started ${new Date(running.started_at).toISOString()})` : "";
    throw new BackupRefusal(`${what} is running${since}; try again when it has finished.`, EXIT_BUSY);
  }
}

async function writeArchive(deps: BackupDeps, writer: ArchiveWriter, onSnapshot?: () => void): Promise<BackupResult> {
  let header!: BackupHeader;
  const snapshot = await dumpDatabase(deps.db, {
    onSnapshot,
    begin: async ({ migration, snapshotAt, exhibitions }) => {
      header = {
        format: ARCHIVE_FORMAT,
        formatVersion: ARCHIVE_FORMAT_VERSION,
        migration,
        snapshotAt,
        database: deps.databaseKind,
        storage: deps.store.kind,
        exhibitions,
      };
      await writer.add(HEADER_ENTRY, Buffer.from(JSON.stringify(header, null, 1)));
    },
    part: (entry, bytes) => writer.add(entry, bytes),
  });

  const files: ArchivedFile[] = [];
  const missingFiles: string[] = [];
  let fileBytes = 0;
  for (const object of snapshot.objects) {
    const info = await deps.store.stat(object.key);
    if (!info) {
      missingFiles.push(object.key);
      continue;
    }
    const body = await deps.store.openRead(object.key);
    // Local storage: the bytes go into the archive. S3: the bucket keeps them; the archive keeps each
    // key's size and checksum, so that a restore can tell whether the bucket still has them.
    const entry = deps.store.kind === "local" ? `files/${object.key}` : undefined;
    const digest = entry ? await writer.addStream(entry, info.sizeBytes, body) : await hashStream(body);
    files.push({ key: object.key, bytes: info.sizeBytes, sha256: digest, contentType: object.contentType, entry });
    fileBytes += info.sizeBytes;
  }
  const { path: archive, bytes } = await writer.finish({ ...header, tables: snapshot.tables, sequences: snapshot.sequences, files, missingFiles });
  return {
    archive,
    bytes,
    snapshotAt: snapshot.snapshotAt,
    migration: snapshot.migration,
    rows: snapshot.tables.reduce((sum, t) => sum + t.rows, 0),
    tables: snapshot.tables.length,
    files: files.length,
    fileBytes,
    missingFiles,
  };
}

async function hashStream(body: AsyncIterable<Buffer>) {
  const hash = crypto.createHash("sha256");
  for await (const chunk of body) hash.update(chunk);
  return hash.digest("hex");
}

/** Keeps the newest `keep` archives in `folder` (by their names, which sort by time); answers the removed ones. */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
  const archives = (await fs.promises.readdir(folder))
    .filter((name) => name.startsWith(ARCHIVE_PREFIX) && name.endsWith(ARCHIVE_SUFFIX))
    .sort()
    .reverse();
  const removed = archives.slice(Math.max(keep, 1));
  for (const name of removed) await fs.promises.rm(path.join(folder, name), { force: true });
  return removed;
}

export function describeBackup(result: BackupResult): string {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const lines = [
    `Backup written: ${result.archive} (${mb(result.bytes)})`,
    `  database snapshot at ${result.snapshotAt}, migration ${result.migration}: ${result.rows} rows in ${result.tables} tables`,
    `  ${result.files} stored files (${mb(result.fileBytes)})`,
  ];
  if (result.missingFiles.length)
    lines.push(
      `  warning: ${result.missingFiles.length} file(s) the records name were already missing from the store: ${result.missingFiles.slice(0, 5).join(", ")}`,
    );
  return lines.join("\n");
}
