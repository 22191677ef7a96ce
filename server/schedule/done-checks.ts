import { sql, type RawBuilder } from "kysely";
import type { Database } from "../db/database";

/**
 * Keys of `schedule_items.done_check`: which of the exhibitor's data tells whether an item is done.
 * Each check is an SQL expression answering true (done), false (not done) or null (cannot tell,
 * e.g. an exhibitor without the booths an item is about), so that a whole checklist is read in one
 * statement (`doneStatuses`). A new checklist item gets its expression here, on its table.
 */
export type DoneCheck = (userId: ExhibitorRef) => RawBuilder<boolean | null>;
/** One exhibitor: an id, or a column naming one per row (the organizer's overview, server/schedule/overview.ts). */
type ExhibitorRef = number | RawBuilder<number>;

/** Whether each of the exhibitor's booths of these types has a submitted or accepted row in `table`; null without such booths. */
function everyBoothHas(userId: ExhibitorRef, table: "standard_builds" | "safety_commitments", boothTypes: number[]): RawBuilder<boolean | null> {
  const types = sql.join(boothTypes);
  return sql<boolean | null>`case
    when not exists (select 1 from booths b where b.user_id = ${userId} and b.booth_type in (${types})) then null
    else not exists (
      select 1 from booths b where b.user_id = ${userId} and b.booth_type in (${types})
        and not exists (select 1 from ${sql.table(table)} d where d.booth_id = b.id and d.status in ('submitted', 'accepted')))
  end`;
}

export const doneChecks: Record<string, DoneCheck> = {
  // Done once the organizer has approved the profile (approved_at stays set through later edits).
  "profile-submitted": (userId) => sql`exists (select 1 from exhibitor_profiles where user_id = ${userId} and approved_at is not null)`,
  // Done once the exhibitor has applied for one badge (not deleted), whatever its review.
  "badges-applied": (userId) => sql`exists (select 1 from badges where user_id = ${userId} and deleted_at is null)`,
  // Done once every standard booth of the exhibitor has its build submitted (or accepted); not applicable without one.
  "fascia-submitted": (userId) => everyBoothHas(userId, "standard_builds", [1]),
  // Done once the exhibitor has an order (not deleted), whatever its step.
  "services-ordered": (userId) => sql`exists (select 1 from service_orders where user_id = ${userId} and deleted_at is null)`,
  // Done once the exhibitor has a declaration with a carrier (submitted at least once) or has sent hoisting bookings.
  "transport-booked": (userId) =>
    sql`(exists (select 1 from transport_declarations where user_id = ${userId} and submitted_at is not null and deleted_at is null)
      or exists (select 1 from lifting_sends where user_id = ${userId}))`,
  // Done once the exhibitor has applied for an invoice that was not returned.
  "invoice-requested": (userId) => sql`exists (select 1 from invoice_applications where user_id = ${userId} and status <> 'returned')`,
  // Done once one of the exhibitor's invitations has been made into an image (viewed or downloaded; docs/product.md § Promotion).
  "invitation-made": (userId) =>
    sql`exists (select 1 from invitations i join promotion_images p
      on p.user_id = i.user_id and p.exhibition_id = i.exhibition_id and p.kind = 'invitation:' || i.id
      where i.user_id = ${userId})`,
  // Done once every booth's signed commitment is submitted (or accepted).
  "safety-commitment-signed": (userId) => everyBoothHas(userId, "safety_commitments", [1, 2]),
  // Done once the epidemic commitment is accepted and at least one person is listed; not applicable while the exhibition's switch is off.
  "epidemic-declared": (userId) => sql`case
    when not exists (select 1 from users u join exhibitions e on e.id = u.exhibition_id where u.id = ${userId} and e.epidemic_declaration_on) then null
    else exists (select 1 from epidemic_commitments c where c.user_id = ${userId})
      and exists (select 1 from epidemic_staff s where s.user_id = ${userId})
  end`,
};

/** The answers of these checks for one exhibitor, in one statement; an unknown key answers null. */
export async function doneStatuses(db: Database, userId: number, keys: readonly (string | null)[]): Promise<Map<string, boolean | null>> {
  const known = [...new Set(keys.filter((key): key is string => key !== null && key in doneChecks))];
  const answers = new Map<string, boolean | null>();
  if (!known.length) return answers;
  const columns = known.map((key, index) => sql`${doneChecks[key]!(userId)} as ${sql.ref(`c${index}`)}`);
  const { rows } = await sql<Record<string, boolean | null>>`select ${sql.join(columns)}`.execute(db);
  known.forEach((key, index) => {
    answers.set(key, rows[0]?.[`c${index}`] ?? null);
  });
  return answers;
}

/** One check's answer (tests and single items). */
export async function isDone(db: Database, key: string, userId: number) {
  return (await doneStatuses(db, userId, [key])).get(key) ?? null;
}
