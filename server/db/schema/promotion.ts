import type { ColumnType, Generated } from "kysely";
import type { InvitationLanguage } from "../../../app/contracts/promotion/values";
import type { CreatedAt, Timestamp } from "./columns";

// Promotion (0017-exhibits).
interface ExhibitTable {
  id: Generated<number>;
  user_id: number;
  exhibition_id: number;
  class_id: number | null;
  name_zh: string;
  name_en: ColumnType<string, string | undefined, string>;
  description_zh: ColumnType<string, string | undefined, string>;
  description_en: ColumnType<string, string | undefined, string>;
  /** Stored file ids, in the order shown (JSON text in, array out). */
  image_file_ids: ColumnType<string[], string, string>;
  sort: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

// Invitations (0018-invitations).

interface InvitationTemplateTable {
  id: Generated<number>;
  exhibition_id: number;
  name_zh: string;
  name_en: string;
  language: InvitationLanguage;
  exhibit_slots: number;
  background_file_id: string | null;
  sort: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface InvitationTable {
  id: Generated<number>;
  user_id: number;
  exhibition_id: number;
  template_id: number;
  name: string;
  company_name: string;
  /** The chosen exhibits' ids, in order (JSON text in, array out). */
  exhibit_ids: ColumnType<number[], string, string>;
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

// Tracking codes and rendered images (0019-promotion-codes).

interface PromotionCodeTable {
  code: string;
  user_id: number;
  exhibition_id: number;
  created_at: CreatedAt;
}

interface PromotionImageTable {
  user_id: number;
  exhibition_id: number;
  /** What the image is: "invitation:<id>", "poster:micro", "poster:zh", "poster:en". */
  kind: string;
  format: "png" | "pdf";
  /** A hash of everything the image was made from; a different hash means render again. */
  input_hash: string;
  file_id: string;
  created_at: CreatedAt;
}

/** The promotion tables, part of DB (./index.ts). */
export interface PromotionTables {
  exhibits: ExhibitTable;
  invitation_templates: InvitationTemplateTable;
  invitations: InvitationTable;
  promotion_codes: PromotionCodeTable;
  promotion_images: PromotionImageTable;
}
