import type { CreatedAt } from "./columns";

export interface StoredFileTable {
  id: string;
  owner_user_id: number | null;
  folder: string;
  original_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  upload_key: string | null;
  created_at: CreatedAt;
}

interface FileGrantTable {
  file_id: string;
  user_id: number;
  created_at: CreatedAt;
}

/** A signed upload not yet completed (migration 0014). */
interface UploadGrantTable {
  upload_key: string;
  user_id: number;
  max_bytes: number;
  expires_at: Date;
  created_at: CreatedAt;
}

/** The uploads tables, part of DB (./index.ts). */
export interface UploadTables {
  stored_files: StoredFileTable;
  file_grants: FileGrantTable;
  upload_grants: UploadGrantTable;
}
