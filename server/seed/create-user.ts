import type { Database } from "../db/database";
import { hashPassword } from "../auth/password";
import { roles } from "./roles";

/** Ops: add an account to the current exhibition (used by the e2e suite for throwaway users). */
export async function createUser(db: Database, input: { username: string; password: string; role: string; businessName?: string }) {
  const role = roles.find((r) => r.code === input.role);
  if (!role) throw new Error(`Unknown role "${input.role}". Use one of: ${roles.map((r) => r.code).join(", ")}`);
  const exhibition = await db.selectFrom("exhibitions").select("id").where("is_current", "=", true).executeTakeFirst();
  if (!exhibition) throw new Error("No current exhibition: run `npm run db:seed` first");
  // Checked first for a plain message; the unique index still decides between two runs at once.
  const taken = await db.selectFrom("users").select("id").where("username", "=", input.username).executeTakeFirst();
  if (taken) throw new Error(`User ${input.username} already exists (id ${taken.id}); nothing was changed.`);
  const row = await db
    .insertInto("users")
    .values({
      username: input.username,
      password_hash: await hashPassword(input.password),
      role_id: role.id,
      exhibition_id: exhibition.id,
      business_name: input.businessName ?? input.username,
      business_name_en: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
