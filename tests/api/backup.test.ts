import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { sql } from "kysely";
import tar from "tar-stream";
import { afterAll, describe, expect, it } from "vitest";
import {
  ArchiveWriter,
  archiveName,
  BackupRefusal,
  EXIT_BUSY,
  EXIT_CANNOT_WRITE,
  EXIT_DAMAGED_ARCHIVE,
  readAll,
  readArchive,
} from "../../server/backup/archive";
import { pruneBackups, takeBackup } from "../../server/backup/backup";
import { portalTables } from "../../server/backup/database-dump";
import { backupRunning, deleteDeferredObjects, holdDeletionsDuringBackups } from "../../server/backup/deletion-hold";
import { NOT_OBJECT_KEYS, STORED_OBJECT_KEYS } from "../../server/backup/object-keys";
import { restoreArchive, verifyArchive } from "../../server/backup/restore";
import { type Database, type DatabaseHandle, openDatabase } from "../../server/db/database";
import { createLocalStore } from "../../server/uploads/local-store";
import type { ObjectStore } from "../../server/uploads/object-store";
import { adminQuery, databaseUrlFor } from "../support/postgres-template";
import { type Backend, backends, backendsOf, loadRemixBuild, openTestDatabase, postgresSkipReason, postgresUrl, startTestApi } from "../support/test-api";
import { portalClient } from "../support/portal-client";
import type { ChecklistOverview } from "../../app/contracts/home/overview-types";
import { BACKUP_QUEUE, backupJobs } from "../../server/backup/jobs";
import { startJobQueue } from "../../server/jobs/queue";
import { createLogger } from "../../server/logger";
import { until } from "../support/until";
import { storeFile as putStoredFile } from "../support/stored-files";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * Backups and restores (issue 53, decision 058) in this process: an archive of the seeded exhibition
 * and its files restores into an empty database of either kind with every row, sequence and byte; a
 * damaged, foreign or too new archive, a non-empty target, a second backup at once, a folder that
 * cannot be written are each refused with their message, and nothing half-written is left. The drill
 * with real processes and writes going on is in the load suite (scripts/load/backup-drill.mjs).
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "portal-backup-"));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

let folders = 0;
const newFolder = (name: string) => {
  const dir = path.join(root, `${name}-${++folders}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};

function localStore(dataDir: string, db: Database): ObjectStore {
  return holdDeletionsDuringBackups(createLocalStore({ dataDir, secrets: async () => ["backup-test-secret-0123456789"] }), db);
}

/** A source: the seeded exhibition on `backend`, with stored files of its own. */
async function source(backend: Backend) {
  const database = await openTestDatabase(backend);
  cleanups.push(() => database.close());
  const dataDir = newFolder(`source-${backend}`);
  const store = localStore(dataDir, database.db);
  const files: { id: string; key: string; bytes: Buffer }[] = [];
  for (let i = 0; i < 3; i++) files.push(await storeFile(database.db, store, crypto.randomBytes(1000 + i * 7000)));
  return { database, store, dataDir, files };
}

async function storeFile(db: Database, store: ObjectStore, bytes: Buffer) {
  const key = `stored/feedback/1/${new Date().toISOString().slice(0, 7)}/${crypto.randomBytes(8).toString("hex")}-${String(Date.now()).padStart(13, "0")}.png`;
  const { id } = await putStoredFile(db, store, { ownerUserId: null, folder: "feedback", name: "a.png", storageKey: key }, bytes);
  return { id, key, bytes };
}

/** An empty target of `kind`: a new embedded data directory, or a new PostgreSQL database. */
async function emptyTarget(kind: Backend) {
  const dataDir = newFolder(`target-${kind}`);
  let database: DatabaseHandle;
  if (kind === "pglite") database = await openDatabase({ dataDir });
  else {
    const name = `portal_restore_${crypto.randomBytes(5).toString("hex")}`;
    await adminQuery(postgresUrl!, `CREATE DATABASE ${name}`);
    database = await openDatabase({ databaseUrl: databaseUrlFor(postgresUrl!, name), poolSize: 2 });
    cleanups.push(() => adminQuery(postgresUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
  cleanups.push(() => database.close());
  const store = localStore(dataDir, database.db);
  return { database, db: database.db, store, dataDir, uploadsDir: path.join(dataDir, "uploads"), description: `the ${kind} target` };
}

/** Each portal table's row count and a digest of its rows, and each sequence's value. */
async function contents(db: Database) {
  const result: Record<string, string> = {};
  for (const table of await portalTables(db)) {
    const { rows } = await sql<{ n: number; digest: string }>`select count(*)::int as n,
        md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.table(table)} t`.execute(db);
    result[table] = `${rows[0]!.n} ${rows[0]!.digest}`;
  }
  const { rows } = await sql<{ name: string; value: string }>`select sequencename as name, last_value::text as value from pg_sequences
    where schemaname = current_schema() and sequencename <> 'backup_runs_id_seq'`.execute(db);
  for (const row of rows) result[`sequence ${row.name}`] = row.value;
  return result;
}

const refusalOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "expected a refusal").toBeInstanceOf(BackupRefusal);
  return error as BackupRefusal;
};

const archivesIn = (folder: string) => fs.readdirSync(folder).filter((name) => !name.startsWith("."));

describe.each(backendsOf(import.meta.url))("a backup of the %s database", (backend) => {
  it("restores into an empty database of either kind with every row, sequence and file, and the copy is logged", async () => {
    const from = await source(backend);
    const folder = newFolder("archives");
    const result = await takeBackup({ db: from.database.db, store: from.store, databaseKind: backend }, folder);
    expect(archivesIn(folder)).toEqual([path.basename(result.archive)]);
    expect(result.files).toBeGreaterThanOrEqual(from.files.length);
    expect(result.missingFiles).toEqual([]);
    const logged = await from.database.db.selectFrom("backup_runs").selectAll().where("status", "=", "done").execute();
    expect(logged.map((r) => [r.kind, r.archive, Number(r.rows_count)])).toEqual([["backup", result.archive, result.rows]]);

    const verified = await verifyArchive(result.archive);
    expect(verified.rows).toBe(result.rows);
    const before = await contents(from.database.db);
    for (const kind of backends) {
      const target = await emptyTarget(kind);
      const restored = await restoreArchive(result.archive, target);
      expect(restored.rows).toBe(result.rows);
      expect(await contents(target.database.db), `restored into ${kind}`).toEqual(before);
      for (const file of from.files) {
        const copy = await readAll(await target.store.openRead(file.key));
        expect(copy.equals(file.bytes), `${file.key} restored into ${kind}`).toBe(true);
      }
      const runs = await target.database.db.selectFrom("backup_runs").select(["kind", "archive"]).execute();
      expect(runs).toEqual([{ kind: "restore", archive: result.archive }]);
      // A second restore into the same target is refused: it is not empty any more.
      const again = await refusalOf(restoreArchive(result.archive, target));
      expect(again.message).toContain("is not empty: it holds the exhibition(s) PITF2026");
    }
  });

  it("copies a file the snapshot names even when a record drops it meanwhile: its deletion waits for the backup", async () => {
    const from = await source(backend);
    const folder = newFolder("archives");
    const dropped = from.files[0]!;
    const result = await takeBackup({ db: from.database.db, store: from.store, databaseKind: backend }, folder, {
      onSnapshot: () => {
        // After the snapshot: the row goes and the bytes are deleted, as the sweep does.
        void (async () => {
          await from.database.db.deleteFrom("stored_files").where("id", "=", dropped.id).execute();
          await from.store.delete(dropped.key);
        })();
      },
    });
    expect(result.missingFiles).toEqual([]);
    const target = await emptyTarget(backend);
    await restoreArchive(result.archive, target);
    expect((await readAll(await target.store.openRead(dropped.key))).equals(dropped.bytes)).toBe(true);
    // Once the backup has finished, the deletion it held has happened.
    await until(async () => (await from.store.stat(dropped.key)) === null);
    expect(await from.database.db.selectFrom("deferred_object_deletions").selectAll().execute()).toEqual([]);
  });

  it("refuses a second backup while one runs, and takes over from one whose process stopped", async () => {
    const from = await source(backend);
    const folder = newFolder("archives");
    const deps = { db: from.database.db, store: from.store, databaseKind: backend };
    let second: Promise<unknown> | null = null;
    const first = takeBackup(deps, folder, {
      onSnapshot: () => {
        second = takeBackup(deps, folder);
        second.catch(() => undefined);
      },
    });
    await first;
    const refusal = await refusalOf(second!);
    expect(refusal.exitCode).toBe(EXIT_BUSY);
    expect(refusal.message).toMatch(/^Another backup is running \(started .+\); try again when it has finished\.$/);
    expect(archivesIn(folder)).toHaveLength(1);

    // A run whose process died (no heartbeat for minutes) no longer blocks, nor holds deletions.
    await from.database.db
      .insertInto("backup_runs")
      .values({ kind: "backup", trigger: "command", status: "running", heartbeat_at: sql<Date>`now() - interval '10 minutes'` })
      .execute();
    expect(await backupRunning(from.database.db)).toBe(false);
    await takeBackup(deps, folder);
    const stale = await from.database.db
      .selectFrom("backup_runs")
      .select(["status", "error"])
      .where("heartbeat_at", "<", sql<Date>`now() - interval '5 minutes'`)
      .execute();
    expect(stale).toEqual([{ status: "failed", error: "stopped before it finished (no sign of life)" }]);
  });

  it("refuses a folder it cannot write, and a failed backup leaves no archive and is logged as failed", async () => {
    const from = await source(backend);
    const deps = { db: from.database.db, store: from.store, databaseKind: backend };
    const file = path.join(newFolder("plain"), "not-a-folder");
    fs.writeFileSync(file, "x");
    const refusal = await refusalOf(takeBackup(deps, path.join(file, "backups")));
    expect(refusal.exitCode).toBe(EXIT_CANNOT_WRITE);
    expect(refusal.message).toContain("a part of the path is a file, not a folder");

    // The store fails mid-copy: the archive being written is removed, the run is logged as failed.
    const folder = newFolder("archives");
    const failing: ObjectStore = {
      ...from.store,
      openRead: async () =>
        Readable.from(
          (async function* () {
            yield Buffer.alloc(10);
            throw new Error("the store went away");
          })(),
        ),
    };
    await expect(takeBackup({ ...deps, store: failing }, folder)).rejects.toThrow("the store went away");
    expect(fs.readdirSync(folder)).toEqual([]);
    const failed = await from.database.db.selectFrom("backup_runs").select(["status", "error"]).where("status", "=", "failed").orderBy("id").execute();
    expect(failed).toEqual([
      { status: "failed", error: refusal.message },
      { status: "failed", error: "the store went away" },
    ]);
    expect(await backupRunning(from.database.db)).toBe(false);
  });
});

describe("backup archives", () => {
  let archive: string;
  const withArchive = async () => {
    if (archive) return archive;
    const from = await source("pglite");
    archive = (await takeBackup({ db: from.database.db, store: from.store, databaseKind: "pglite" }, newFolder("archives"))).archive;
    return archive;
  };

  /** A copy of the archive with one entry's bytes changed by `change` (the manifest left as it was). */
  async function rewritten(name: string, change: (entry: string, bytes: Buffer) => Buffer | null) {
    const pack = tar.pack();
    const target = path.join(newFolder("rewritten"), name);
    const written = new Promise<void>((resolve, reject) => {
      pack.pipe(zlib.createGzip()).pipe(fs.createWriteStream(target)).on("finish", resolve).on("error", reject);
    });
    for await (const entry of readArchive(await withArchive())) {
      const bytes = change(entry.name, await readAll(entry.body));
      if (bytes) pack.entry({ name: entry.name, size: bytes.length }, bytes);
    }
    pack.finalize();
    await written;
    return target;
  }

  it("is refused when cut short, when an entry's bytes changed, when an entry is gone, or when it is not a backup", async () => {
    const whole = await withArchive();
    const cut = path.join(newFolder("cut"), "cut.tar.gz");
    fs.writeFileSync(cut, fs.readFileSync(whole).subarray(0, Math.floor(fs.statSync(whole).size / 2)));
    const cutRefusal = await refusalOf(verifyArchive(cut));
    expect(cutRefusal.exitCode).toBe(EXIT_DAMAGED_ARCHIVE);
    expect(cutRefusal.message).toContain("is damaged");

    const changed = await rewritten("changed.tar.gz", (name, bytes) =>
      name.startsWith("db/users/") ? Buffer.from(bytes.toString().replace("std01", "std99")) : bytes,
    );
    expect((await refusalOf(verifyArchive(changed))).message).toMatch(/is damaged: db\/users\/00001\.jsonl does not match its checksum/);

    const noFiles = await rewritten("nofiles.tar.gz", (name, bytes) => (name.startsWith("files/") ? null : bytes));
    expect((await refusalOf(verifyArchive(noFiles))).message).toMatch(/is damaged: files\/.+ is missing/);

    const noManifest = await rewritten("nomanifest.tar.gz", (name, bytes) => (name === "manifest.json" ? null : bytes));
    expect((await refusalOf(verifyArchive(noManifest))).message).toContain("it ends before its manifest (cut short?)");

    const other = path.join(newFolder("other"), "other.tar.gz");
    fs.writeFileSync(other, zlib.gzipSync(Buffer.from("not a tar file at all, but long enough to be read as one".repeat(20))));
    expect((await refusalOf(verifyArchive(other))).exitCode).toBe(EXIT_DAMAGED_ARCHIVE);

    // The damaged archive is refused before the target is touched.
    const target = await emptyTarget("pglite");
    await refusalOf(restoreArchive(changed, target));
    expect(await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = current_schema()`.execute(target.database.db)).toMatchObject({
      rows: [{ n: 0 }],
    });
  });

  it("from a newer portal (a migration this one does not know) is refused, naming both levels", async () => {
    const future = await rewritten("future.tar.gz", (name, bytes) => {
      if (name !== "backup.json") return bytes;
      return Buffer.from(JSON.stringify({ ...JSON.parse(bytes.toString()), migration: "9999-from-the-future" }));
    });
    const refusal = await refusalOf(verifyArchive(future));
    expect(refusal.message).toMatch(
      /comes from a newer portal: its database is at migration 9999-from-the-future, and this portal knows migrations up to \d{4}-/,
    );
  });

  it("keeps the newest archives when pruned, and leaves other files alone", async () => {
    const folder = newFolder("prune");
    const day = 24 * 3_600_000;
    const names = [0, 1, 2].map((i) => archiveName(new Date(Date.now() - (2 - i) * day))).concat("notes.txt");
    for (const name of names) fs.writeFileSync(path.join(folder, name), "x");
    expect(await pruneBackups(folder, 2)).toEqual([names[0]]);
    expect(fs.readdirSync(folder).sort()).toEqual(names.slice(1).sort());
  });
});

describe("what a backup copies", () => {
  it("knows every column that holds an object store key", async () => {
    const database = await openTestDatabase("pglite");
    try {
      const { rows } = await sql<{ table: string; column: string }>`select table_name as table, column_name as column from information_schema.columns
        where table_schema = current_schema() and column_name like '%\\_key' order by 1, 2`.execute(database.db);
      const listed = new Set([...STORED_OBJECT_KEYS.map((k) => `${k.table}.${k.column}`), ...NOT_OBJECT_KEYS.map(([t, c]) => `${t}.${c}`)]);
      const found = rows.map((r) => `${r.table}.${r.column}`);
      expect(
        found.filter((name) => !listed.has(name)),
        "columns in neither list",
      ).toEqual([]);
      expect(
        [...listed].filter((name) => !found.includes(name)),
        "listed columns that do not exist",
      ).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("defers no deletion when no backup runs, and deletes the deferred ones once none runs", async () => {
    const database = await openTestDatabase("pglite");
    cleanups.push(() => database.close());
    const dataDir = newFolder("hold");
    const store = localStore(dataDir, database.db);
    const now = await storeFile(database.db, store, Buffer.from("deleted at once"));
    await store.delete(now.key);
    expect(await store.stat(now.key)).toBeNull();

    const held = await storeFile(database.db, store, Buffer.from("deleted later"));
    const run = await database.db
      .insertInto("backup_runs")
      .values({ kind: "backup", trigger: "command", status: "running" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await store.delete(held.key);
    expect(await store.stat(held.key)).not.toBeNull();
    expect(await deleteDeferredObjects(database.db, store)).toBe(0);
    await database.db.updateTable("backup_runs").set({ status: "done" }).where("id", "=", run.id).execute();
    expect(await deleteDeferredObjects(database.db, store)).toBe(1);
    expect(await store.stat(held.key)).toBeNull();
  });
});

it("an archive being written is never under its final name until it is whole", async () => {
  const folder = newFolder("writer");
  const writer = new ArchiveWriter(path.join(folder, "portal-backup-x.tar.gz"));
  await writer.add("backup.json", Buffer.from("{}"));
  // The file is opened asynchronously: wait for it, then see its name.
  await until(() => fs.readdirSync(folder).length > 0);
  expect(fs.readdirSync(folder)).toEqual(["portal-backup-x.tar.gz.part"]);
  await writer.abandon();
  expect(fs.readdirSync(folder)).toEqual([]);
});

describe("the organizer's home and the schedule", () => {
  it("the home says when the last good backup was made, a failure since, and whether a schedule is set, in both languages", async () => {
    const api = await startTestApi("pglite", { BACKUP_SCHEDULE: "30 2 * * *" }, { remixBuild: await loadRemixBuild() });
    cleanups.push(() => api.close());
    const admin = await api.login("admin", "Admin#2026");
    const state = async () => (await api.call<ChecklistOverview>("/smeb/worksheet/overview", { ticket: admin })).data.backup;
    expect(await state()).toEqual({ lastGoodAt: null, lastGoodBytes: null, failedSince: null, scheduled: true });

    const store = localStore(newFolder("home"), api.db);
    const result = await takeBackup({ db: api.db, store, databaseKind: "pglite" }, newFolder("archives"));
    const afterGood = await state();
    expect(afterGood.lastGoodBytes).toBe(result.bytes);
    expect(afterGood.failedSince).toBeNull();
    const notAFolder = path.join(newFolder("home-file"), "file");
    fs.writeFileSync(notAFolder, "x");
    await refusalOf(takeBackup({ db: api.db, store, databaseKind: "pglite" }, path.join(notAFolder, "backups")));
    expect((await state()).failedSince?.error).toContain("a part of the path is a file, not a folder");

    const browser = portalClient(api.baseUrl);
    await browser.signIn("admin", "Admin#2026");
    for (const [language, words] of [
      ["en", ["Last good backup:", "A backup failed at", "Backups run on a schedule."]],
      ["zh", ["最近一次成功备份：", "的备份失败：Could not write the backup", "已设置定时备份。"]],
    ] as const) {
      browser.jar.set("lng", language);
      const html = await (await browser.request("/index")).text();
      for (const word of words) expect(html, language).toContain(word);
    }
  });

  it("a scheduled backup is queued by its cron, written by the queue's worker, and only the newest BACKUP_KEEP are kept", async () => {
    const database = await openTestDatabase("pglite");
    cleanups.push(() => database.close());
    const folder = newFolder("scheduled");
    const store = localStore(newFolder("scheduled-store"), database.db);
    const logger = createLogger("silent");
    const queue = await startJobQueue(
      { database, logger },
      [backupJobs({ db: database.db, store, logger, databaseKind: "pglite", schedule: "30 2 * * *", folder, keep: 1 })],
      {
        pollingSeconds: 0.5,
      },
    );
    cleanups.push(() => queue.stop());
    const { rows } = await sql<{ cron: string }>`select cron from pgboss.schedule where name = ${BACKUP_QUEUE}`.execute(database.db);
    expect(rows).toEqual([{ cron: "30 2 * * *" }]);

    const scheduledRuns = () =>
      database.db.selectFrom("backup_runs").select("archive").where("trigger", "=", "schedule").where("status", "=", "done").execute();
    for (const runs of [1, 2]) {
      await queue.send(BACKUP_QUEUE, {});
      await until(async () => (await scheduledRuns()).length === runs);
    }
    const newest = (await scheduledRuns())
      .map((r) => path.basename(r.archive!))
      .sort()
      .at(-1);
    await until(() => archivesIn(folder).length === 1);
    expect(archivesIn(folder)).toEqual([newest]);
  });
});
