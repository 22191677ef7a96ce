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
