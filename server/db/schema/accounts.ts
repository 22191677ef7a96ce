import type { ColumnType, Generated } from "kysely";
import type { InvitationBatchState, InvitationItemStatus } from "../../../app/contracts/accounts/values";
import type { CreatedAt } from "./columns";

/** A previewed exhibitor import waiting for the organizer's confirmation (0021-account-activation). */
interface ExhibitorImportStageTable {
  id: string;
  user_id: number;
  exhibition_id: number;
  file_base64: string;
  created_at: CreatedAt;
}

type Count = ColumnType<number, number | undefined, number>;
type When = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One "send to all" (or long chosen list) of invitations, sent by a job, with its progress (0025-invitation-batches). */
interface InvitationBatchTable {
  id: Generated<number>;
  exhibition_id: number;
  requested_by: number | null;
  total: Count;
  sent: Count;
  failed: Count;
  skipped: Count;
  state: ColumnType<InvitationBatchState, InvitationBatchState | undefined, InvitationBatchState>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  finished_at: When;
}

/** One account of a batch; claimed (queued → sending) before its invitation goes, unique per (batch_id, user_id). */
interface InvitationBatchItemTable {
  batch_id: number;
  user_id: number;
  status: ColumnType<InvitationItemStatus, InvitationItemStatus | undefined, InvitationItemStatus>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The account tables, part of DB (./index.ts). */
export interface AccountTables {
  exhibitor_import_stages: ExhibitorImportStageTable;
  invitation_batches: InvitationBatchTable;
  invitation_batch_items: InvitationBatchItemTable;
}
