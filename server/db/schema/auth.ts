import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, Timestamp } from "./columns";

interface RoleTable {
  id: number;
  code: string;
  name_zh: string;
  name_en: string;
}

interface UserTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role_id: number;
  exhibition_id: number;
  business_name: string | null;
  business_name_en: string | null;
  created_at: CreatedAt;
  password_changed_at: Timestamp | null;
  contact_phone: ColumnType<string | null, string | null | undefined, string | null>;
  contact_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** Null until the account has a password of its own (an imported exhibitor; 0021-account-activation). */
  activated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  contact_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The organizer's storage quota for the account, MB; null: UPLOAD_QUOTA_MB (0035-storage-quota). */
  upload_quota_mb: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface MenuTable {
  id: number;
  pid: number;
  route: string;
  name: string;
  name_en: string;
  icon: string | null;
  is_menu: number;
  hidden: boolean;
  remark: string | null;
  url: string | null;
  sort: number;
}

interface RoleMenuTable {
  role_id: number;
  menu_id: number;
}

interface ButtonAuthTable {
  id: number;
  menu_id: number;
  url: string;
  name: string;
  name_en: string;
  effect_start: Timestamp | null;
  effect_end: Timestamp | null;
  closed_message: string | null;
  closed_message_en: string | null;
  /** A calendar date the window ends with instead of effect_end (0024-exhibition-calendar). */
  closes_with: string | null;
}

interface RoleButtonTable {
  role_id: number;
  button_id: number;
}

interface SessionTable {
  id: string;
  user_id: number;
  booth_id: number | null;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  /** Set for an entrusted contractor's session (0007-contractors): it acts for user_id through that grant. */
  contractor_access_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set for an exhibitor's team member (0045-teams-and-history): the person, acting for user_id (the company) within their grants. */
  member_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

interface LoginAttemptTable {
  id: Generated<number>;
  username: string;
  ip: string;
  succeeded: boolean;
  created_at: CreatedAt;
}

interface CaptchaTable {
  id: string;
  kind: "click" | "text";
  answer: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  attempts: Generated<number>;
  verified_at: Timestamp | null;
  used_at: Timestamp | null;
  ip: string | null;
}

/** A one-time activation or reset link (only its token's SHA-256), or a reset code by SMS (salted hash); 0022-password-links. */
interface PasswordTokenTable {
  id: Generated<number>;
  user_id: number;
  purpose: "activate" | "reset";
  channel: "link" | "sms";
  token_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  voided_at: Timestamp | null;
  created_at: Timestamp;
}

/** The auth tables, part of DB (./index.ts). */
export interface AuthTables {
  roles: RoleTable;
  users: UserTable;
  menus: MenuTable;
  role_menus: RoleMenuTable;
  button_auths: ButtonAuthTable;
  role_buttons: RoleButtonTable;
  sessions: SessionTable;
  login_attempts: LoginAttemptTable;
  captchas: CaptchaTable;
  password_tokens: PasswordTokenTable;
}
