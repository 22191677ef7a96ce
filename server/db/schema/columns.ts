import type { ColumnType } from "kysely";

/** Column types shared by the tables: timestamps, JSON text, cents and days as the driver reads them. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type Json = ColumnType<unknown, string, string>;

export type JsonColumn<T> = ColumnType<T, string | undefined, string>;

export type DateColumn = ColumnType<Date | string | null, string | null | undefined, string | null>;

// Bills, payment vouchers and invoice applications (0011-invoices).
export type Cents = ColumnType<string | number, number, number>;

export type Day = ColumnType<Date | string, string, string>;

/** The columns of a record edited with optimistic locking: its version, when it was made and when last changed. */
export interface VersionedRecord {
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The same, deleted softly: `deleted_at` is set instead of the row being removed. */
export interface SoftDeletedRecord extends VersionedRecord {
  deleted_at: Timestamp | null;
}
