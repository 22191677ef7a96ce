import type { ColumnType, Generated } from "kysely";
import type { InvitationLanguage } from "../../../app/contracts/promotion/values";
import type { CreatedAt, Timestamp, VersionedRecord } from "./columns";

// Promotion (0017-exhibits).
interface ExhibitTable extends VersionedRecord {
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

interface InvitationTable extends VersionedRecord {
  id: Generated<number>;
  user_id: number;
  exhibition_id: number;
  template_id: number;
  name: string;
  company_name: string;
  /** The chosen exhibits' ids, in order (JSON text in, array out). */
  exhibit_ids: ColumnType<number[], string, string>;
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

// Visitor pre-registration (0020-visitors).

interface PromotionViewSaltTable {
  day: string;
  salt: string;
}

interface PromotionViewTable {
  code: string;
  /** The exhibition day (UTC+8) of the view. */
  day: string;
  /** sha256 of the day's salt, the address and the user agent: no personal data kept. */
  visitor_key: string;
  /** sha256 of the day's salt and the address alone: a few views count per address (migration 0036). */
  address_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

interface VisitorTable {
  id: Generated<number>;
  exhibition_id: number;
  visitor_no: number;
  inviter_user_id: number | null;
  source_code: string | null;
  source_invitation_id: number | null;
  name: string;
  company: string;
  position: ColumnType<string, string | undefined, string>;
  mobile: string;
  email: string;
  country_id: number;
  province_code: string | null;
  /** The exhibit classes the visitor is interested in (JSON text in, array out). */
  interest_class_ids: ColumnType<number[], string, string>;
  consent: ColumnType<boolean, boolean | undefined, boolean>;
  language: ColumnType<"zh" | "en", "zh" | "en" | undefined, "zh" | "en">;
  /** As promotion_views.address_key (migration 0036). */
  address_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Counted in the rankings: false past the per-address cap (server/promotion/views.ts). */
  ranked: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** The random part of the pass codes (0046-visitor-passes-and-leads); null once erased. */
  pass_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Consent that exhibitors who scan the pass receive the contact details (PIPL: separate from `consent`). */
  lead_consent: ColumnType<boolean, boolean | undefined, boolean>;
  lead_consent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  checked_in_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  erased_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

interface VisitorCodeTable {
  id: Generated<number>;
  exhibition_id: number;
  mobile: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  consumed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

/** The promotion tables, part of DB (./index.ts). */
export interface PromotionTables {
  exhibits: ExhibitTable;
  invitation_templates: InvitationTemplateTable;
  invitations: InvitationTable;
  promotion_codes: PromotionCodeTable;
  promotion_images: PromotionImageTable;
  promotion_view_salts: PromotionViewSaltTable;
  promotion_views: PromotionViewTable;
  visitors: VisitorTable;
  visitor_codes: VisitorCodeTable;
}
