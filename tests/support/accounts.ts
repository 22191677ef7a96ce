import type { Database } from "../../server/db/database";

/**
 * An exhibitor account as the import makes it: no password, not activated unless `activated`, in std01's
 * role and exhibition, with the contacts given (none by default); its id and username.
 */
export async function insertImportedAccount(
  db: Database,
  account: { username: string; businessName?: string; businessNameEn?: string; email?: string; phone?: string; activated?: boolean },
) {
  const std01 = await db.selectFrom("users").select(["role_id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
  const row = await db
    .insertInto("users")
    .values({
      username: account.username,
      password_hash: "",
      role_id: std01.role_id,
      exhibition_id: std01.exhibition_id,
      business_name: account.businessName,
      business_name_en: account.businessNameEn,
      contact_email: account.email ?? null,
      contact_phone: account.phone ?? null,
      activated_at: account.activated ? new Date() : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, username: account.username };
}
