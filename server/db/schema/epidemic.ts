import type { Generated } from "kysely";
import type { CreatedAt, Timestamp } from "./columns";

/** An exhibitor's accepted commitment (migration 0033-epidemic-declarations): one per account and exhibition. */
interface EpidemicCommitmentTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  signer_name: string;
  accepted_at: Timestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One on-site staff member; the code images are stored files of the exhibitor's own. */
interface EpidemicStaffTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  name: string;
  id_number: string;
  mobile: string;
  health_code_file_id: string | null;
  travel_code_file_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The epidemic declaration tables (issue 41), part of DB (./index.ts); the switch and texts are on exhibitions. */
export interface EpidemicTables {
  epidemic_commitments: EpidemicCommitmentTable;
  epidemic_staff: EpidemicStaffTable;
}
