import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, Timestamp } from "./columns";

export interface ContractorAccessTable {
  id: Generated<number>;
  user_id: number;
  exhibition_id: number;
  booth_id: number;
  company_name: string;
  contact_name: string;
  email: string;
  status: ColumnType<"active" | "revoked", "active" | "revoked" | undefined, "active" | "revoked">;
  code_hash: string | null;
  code_expires_at: Date | null;
  code_sent_at: Date | null;
  failed_attempts: ColumnType<number, number | undefined, number>;
  last_signed_in_at: Date | null;
  revoked_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The contractors tables, part of DB (./index.ts). */
export interface ContractorTables {
  contractor_accesses: ContractorAccessTable;
}
