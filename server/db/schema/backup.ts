import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, Timestamp } from "./columns";

/** One backup or restore (migration 0043): the log the organizer's home reads, and the one-at-a-time lock. */
interface BackupRunTable {
  id: Generated<number>;
  kind: "backup" | "restore";
  trigger: "command" | "schedule";
  status: "running" | "done" | "failed";
  started_at: CreatedAt;
  heartbeat_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: Timestamp | null;
  archive: string | null;
  archive_bytes: ColumnType<string | number, number, number> | null;
  rows_count: ColumnType<string | number, number, number> | null;
  files_count: number | null;
  migration: string | null;
  error: string | null;
}

/** An object whose deletion waits until the running backup has copied it. */
interface DeferredObjectDeletionTable {
  storage_key: string;
  deferred_at: CreatedAt;
}

/** The backup tables, part of DB (./index.ts). */
export interface BackupTables {
  backup_runs: BackupRunTable;
  deferred_object_deletions: DeferredObjectDeletionTable;
}
