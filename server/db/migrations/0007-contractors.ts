import { sql, type Kysely } from "kysely";

/**
 * Entrusted contractors (ECReservation): the exhibitor's grants, a session kind limited to one
 * grant, and the contractor's own cart. Grants are never deleted, only revoked, so orders keep
 * saying who placed them.
 */
export async function up(db: Kysely<any>) {
  await sql`create table contractor_accesses (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    booth_id integer not null references booths(id) on delete cascade,
    company_name text not null,
    contact_name text not null,
    email text not null,
    status text not null default 'active' check (status in ('active', 'revoked')),
    code_hash text,
    code_expires_at timestamptz,
    code_sent_at timestamptz,
    failed_attempts integer not null default 0,
    last_signed_in_at timestamptz,
    revoked_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index contractor_accesses_user_idx on contractor_accesses (user_id, status, id)`.execute(db);

  // A contractor's session acts for the exhibitor (user_id) through one grant; revoking deletes it.
  await sql`alter table sessions add column contractor_access_id integer references contractor_accesses(id) on delete cascade`.execute(db);
  await sql`create index sessions_contractor_idx on sessions (contractor_access_id) where contractor_access_id is not null`.execute(db);

  // The contractor has a cart of their own beside the exhibitor's (null = the exhibitor's).
  // NULLS NOT DISTINCT (PostgreSQL 15+) keeps "one line per service" for the exhibitor's cart too.
  await sql`alter table cart_items add column contractor_access_id integer references contractor_accesses(id) on delete cascade`.execute(db);
  await sql`alter table cart_items drop constraint cart_items_user_id_booth_id_service_id_key`.execute(db);
  await sql`alter table cart_items add constraint cart_items_line_key unique nulls not distinct (user_id, booth_id, service_id, contractor_access_id)`.execute(
    db,
  );

  await sql`alter table service_orders add constraint service_orders_contractor_access_fk foreign key (contractor_access_id) references contractor_accesses(id) on delete set null`.execute(
    db,
  );
  await sql`create index service_orders_contractor_idx on service_orders (contractor_access_id) where contractor_access_id is not null`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table service_orders drop constraint service_orders_contractor_access_fk`.execute(db);
  await sql`drop index if exists service_orders_contractor_idx`.execute(db);
  await sql`delete from cart_items where contractor_access_id is not null`.execute(db);
  await sql`alter table cart_items drop constraint cart_items_line_key`.execute(db);
  await sql`alter table cart_items drop column contractor_access_id`.execute(db);
  await sql`alter table cart_items add constraint cart_items_user_id_booth_id_service_id_key unique (user_id, booth_id, service_id)`.execute(db);
  await sql`alter table sessions drop column contractor_access_id`.execute(db);
  await sql`drop table contractor_accesses`.execute(db);
}
