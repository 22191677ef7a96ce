import { sql, type Transaction } from "kysely";
import type { Database, Db } from "../db/database";
import type { DB } from "../db/schema";
import type { ArchiveExhibition, SequenceValue, TableDump } from "./archive";
import { STORED_OBJECT_KEYS } from "./object-keys";

/**
 * The database's rows as the backup keeps them (decision 058): every table of the portal's schema,
 * row by row as `row_to_json`, read in one repeatable-read transaction, so that all of them are as they
 * were at one instant while the portal goes on writing. One format for both databases: a backup of the
 * embedded database restores into PostgreSQL too. The job queue's own schema (pg-boss) is left out:
 * its schedules are made again at start, and each domain finds its pending work in its own tables.
 */

/** Tables that describe the database itself or the backups, not the exhibition. */
const NOT_BACKED_UP = new Set(["kysely_migration", "kysely_migration_lock", "backup_runs", "deferred_object_deletions"]);
const NOT_BACKED_UP_SEQUENCES = new Set(["backup_runs_id_seq"]);

/** A part of a table is at most this many rows or bytes: memory stays bounded on large tables. */
const PART_ROWS = 5000;
const PART_BYTES = 4 * 1024 * 1024;
const FETCH_ROWS = 1000;

type SnapshotObject = { key: string; contentType: string; bytes: number | null };

export type DatabaseSnapshot = {
  snapshotAt: string;
  migration: string;
  exhibitions: ArchiveExhibition[];
  tables: TableDump[];
  sequences: SequenceValue[];
  /** Every stored object the rows name, to be copied after the snapshot. */
  objects: SnapshotObject[];
};

type Sink = (entry: string, bytes: Buffer) => Promise<void>;

/** What the snapshot is, known before its rows are read. */
type SnapshotHeader = Pick<DatabaseSnapshot, "snapshotAt" | "migration" | "exhibitions">;

export type DumpHandlers = {
  /** Told once the snapshot is taken: what was committed before it is in the backup, what commits after is not. */
  onSnapshot?: () => void;
  /** Awaited before the first row is handed on. */
  begin(header: SnapshotHeader): Promise<void>;
  part: Sink;
};

export async function portalTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(db);
  return rows.map((r) => r.name).filter((name) => !NOT_BACKED_UP.has(name));
}

/** The last migration applied, or null on a database without any. */
export async function migrationLevel(db: Db): Promise<string | null> {
  const exists = await sql<{ found: boolean }>`select to_regclass('kysely_migration') is not null as found`.execute(db);
  if (!exists.rows[0]?.found) return null;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return rows[0]?.name ?? null;
}

/**
 * Reads the whole database in one snapshot, handing each part of each table on. On the embedded
 * database the portal's other requests wait meanwhile (it has one connection).
 */
export async function dumpDatabase(db: Database, handlers: DumpHandlers): Promise<DatabaseSnapshot> {
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      // The snapshot is taken at the transaction's first query.
      const { rows: clock } = await sql<{ at: Date | string }>`select now() as at`.execute(trx);
      handlers.onSnapshot?.();
      const migration = await migrationLevel(trx);
      if (!migration) throw new Error("the database has no migrations applied: nothing to back up");
      const header = { snapshotAt: new Date(clock[0]!.at).toISOString(), migration, exhibitions: await exhibitionsOf(trx) };
      await handlers.begin(header);
      const tables: TableDump[] = [];
      for (const name of await portalTables(trx)) tables.push(await dumpTable(trx, name, handlers.part));
      return {
        ...header,
        tables,
        sequences: await sequencesOf(trx),
        objects: await objectsOf(trx),
      };
    });
}

async function dumpTable(trx: Transaction<DB>, name: string, sink: Sink): Promise<TableDump> {
  const dump: TableDump = { name, rows: 0, parts: [] };
  let lines: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!lines.length) return;
    const entry = `db/${name}/${String(dump.parts.length + 1).padStart(5, "0")}.jsonl`;
    await sink(entry, Buffer.from(`${lines.join("\n")}\n`));
    dump.parts.push({ entry, rows: lines.length });
    lines = [];
    bytes = 0;
  };
  await sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as r from only ${sql.table(name)} t`.execute(trx);
  for (;;) {
    const { rows } = await sql<{ r: string }>`fetch ${sql.raw(String(FETCH_ROWS))} from backup_rows`.execute(trx);
    for (const { r } of rows) {
      lines.push(r);
      bytes += r.length;
      dump.rows++;
      if (lines.length >= PART_ROWS || bytes >= PART_BYTES) await flush();
    }
    if (rows.length < FETCH_ROWS) break;
  }
  await sql`close backup_rows`.execute(trx);
  await flush();
  return dump;
}

async function exhibitionsOf(trx: Transaction<DB>): Promise<ArchiveExhibition[]> {
  const rows = await trx.selectFrom("exhibitions").select(["id", "code", "name_zh", "name_en"]).orderBy("id").execute();
  return rows.map((r) => ({ id: r.id, code: r.code, nameZh: r.name_zh, nameEn: r.name_en }));
}

async function sequencesOf(trx: Transaction<DB>): Promise<SequenceValue[]> {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_class c
    where c.relkind = 'S' and c.relnamespace = (select oid from pg_namespace where nspname = current_schema()) order by c.relname`.execute(trx);
  const values: SequenceValue[] = [];
  for (const { name } of rows) {
    if (NOT_BACKED_UP_SEQUENCES.has(name)) continue;
    const { rows: value } = await sql<{ last_value: string; is_called: boolean }>`select last_value::text, is_called from ${sql.table(name)}`.execute(trx);
    values.push({ name, lastValue: value[0]!.last_value, isCalled: value[0]!.is_called });
  }
  return values;
}

async function objectsOf(trx: Transaction<DB>): Promise<SnapshotObject[]> {
  const objects = new Map<string, SnapshotObject>();
  for (const { table, column, contentType, contentTypeColumn, sizeColumn } of STORED_OBJECT_KEYS) {
    const { rows } = await sql<{ key: string; content_type: string | null; bytes: number | null }>`select ${sql.ref(column)} as key,
        ${contentTypeColumn ? sql.ref(contentTypeColumn) : sql`null`}::text as content_type,
        ${sizeColumn ? sql.ref(sizeColumn) : sql`null`}::bigint as bytes
      from ${sql.table(table)} where ${sql.ref(column)} is not null`.execute(trx);
    for (const row of rows)
      objects.set(row.key, { key: row.key, contentType: row.content_type ?? contentType, bytes: row.bytes === null ? null : Number(row.bytes) });
  }
  return [...objects.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * Loads dumped rows into an empty database of the same migration level, in one transaction: the foreign
 * keys are dropped first and added again (validated) at the end, so the tables load in any order and a
 * row may point at a later one; then every sequence continues where it was.
 */
export async function loadDatabase(db: Database, parts: AsyncIterable<{ table: string; jsonl: Buffer }>, sequences: SequenceValue[]) {
  await db.transaction().execute(async (trx) => {
    const { rows: keys } = await sql<{ tbl: string; name: string; definition: string }>`select conrelid::regclass::text as tbl, conname as name,
        pg_get_constraintdef(oid) as definition
      from pg_constraint where contype = 'f' and connamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(trx);
    for (const key of keys) await sql`alter table ${sql.raw(key.tbl)} drop constraint ${sql.ref(key.name)}`.execute(trx);
    const known = new Set(await portalTables(trx));
    for await (const { table, jsonl } of parts) {
      if (!known.has(table)) throw new Error(`the archive has rows for a table this database does not have (${table})`);
      const rows = jsonl.toString("utf8").split("\n").filter(Boolean);
      await sql`insert into ${sql.table(table)} select * from json_populate_recordset(null::${sql.table(table)}, ${`[${rows.join(",")}]`}::json)`.execute(trx);
    }
    for (const key of keys) await sql`alter table ${sql.raw(key.tbl)} add constraint ${sql.ref(key.name)} ${sql.raw(key.definition)}`.execute(trx);
    for (const sequence of sequences) await sql`select setval(${sequence.name}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`.execute(trx);
  });
}

/** Rows in the portal's tables (a restore's target must have none). */
export async function rowsInPortalTables(db: Database): Promise<{ table: string; rows: number } | null> {
  for (const table of await portalTables(db)) {
    const { rows } = await sql<{ found: boolean }>`select exists (select 1 from ${sql.table(table)}) as found`.execute(db);
    if (rows[0]?.found) {
      const { rows: count } = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db);
      return { table, rows: Number(count[0]!.n) };
    }
  }
  return null;
}
