import { sql, type Selectable } from "kysely";
import type { AgentSetting, AgentSettingsPage } from "../../app/contracts/catalogue-settings/api-types";
import type { AgentSaveInput } from "../../app/contracts/catalogue-settings/schema";
import { CATALOGUE_PAGE_SIZE } from "../../app/contracts/catalogue-settings/values";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import type { Database } from "../db/database";
import type { DB } from "../db/schema";

/**
 * The organizer's overseas agents (issue 52, /index/settings/overseasAgents and `cli.js overseas-agents`):
 * the agents the overseas transport page offers (overseas.ts reads the active ones). An agent that
 * exhibitors' requests went to is never removed (the requests name it): it is hidden instead.
 */
type Row = Selectable<DB["overseas_agents"]>;

const agentNotFound = () => notFound("catalogueSettings.errors.notFound");

function settingOf(row: Row, inUse: boolean): AgentSetting {
  return {
    id: row.id,
    code: row.code,
    nameZh: row.name_zh,
    nameEn: row.name_en,
    regionsZh: row.regions_zh,
    regionsEn: row.regions_en,
    introZh: row.intro_zh,
    introEn: row.intro_en,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    active: row.active,
    sort: row.sort,
    inUse,
  };
}

async function agentsInUse(db: Database, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db.selectFrom("overseas_requests").select("agent_id").distinct().where("agent_id", "in", ids).execute();
  return new Set(rows.map((r) => r.agent_id));
}

const ordered = (db: Database, exhibitionId: number) =>
  db.selectFrom("overseas_agents").selectAll().where("exhibition_id", "=", exhibitionId).orderBy("sort").orderBy("id");

/** One page of the exhibition's agents, hidden ones included. */
export async function agentSettings(db: Database, exhibitionId: number, page = 1, pageSize = CATALOGUE_PAGE_SIZE): Promise<AgentSettingsPage> {
  const [rows, count] = await Promise.all([
    ordered(db, exhibitionId)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db.selectFrom("overseas_agents").select(sql<string>`count(*)`.as("n")).where("exhibition_id", "=", exhibitionId).executeTakeFirstOrThrow(),
  ]);
  const inUse = await agentsInUse(
    db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((row) => settingOf(row, inUse.has(row.id))), total: Number(count.n), page, pageSize };
}

/** Every agent of the exhibition (the CLI's list). */
export async function allAgentSettings(db: Database, exhibitionId: number) {
  const rows = await ordered(db, exhibitionId).execute();
  const inUse = await agentsInUse(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => settingOf(row, inUse.has(row.id)));
}

export async function agentByCode(db: Database, exhibitionId: number, code: string) {
  const row = await db.selectFrom("overseas_agents").selectAll().where("exhibition_id", "=", exhibitionId).where("code", "=", code).executeTakeFirst();
  return row ? settingOf(row, (await agentsInUse(db, [row.id])).has(row.id)) : undefined;
}

/** Creates (no id) or changes an agent, in one transaction; a code another agent has is refused at its field. */
export async function saveAgent(db: Database, exhibitionId: number, input: AgentSaveInput): Promise<AgentSetting> {
  const values = {
    code: input.code,
    name_zh: input.nameZh,
    name_en: input.nameEn,
    regions_zh: input.regionsZh,
    regions_en: input.regionsEn,
    intro_zh: input.introZh ?? "",
    intro_en: input.introEn ?? "",
    contact_email: input.contactEmail,
    contact_phone: input.contactPhone ?? "",
    active: input.active,
    sort: input.sort,
  };
  const id = await db.transaction().execute(async (trx) => {
    // Under the exhibition's row lock, so two saves of one code cannot both pass the check.
    await trx.selectFrom("exhibitions").select("id").where("id", "=", exhibitionId).forUpdate().execute();
    const taken = await trx
      .selectFrom("overseas_agents")
      .select("id")
      .where("exhibition_id", "=", exhibitionId)
      .where("code", "=", input.code)
      .executeTakeFirst();
    if (taken && taken.id !== input.id) throw fieldError("catalogueSettings.errors.codeTaken", "code");
    if (input.id === undefined) {
      const created = await trx
        .insertInto("overseas_agents")
        .values({ exhibition_id: exhibitionId, ...values })
        .returning("id")
        .executeTakeFirstOrThrow();
      return created.id;
    }
    const updated = await trx
      .updateTable("overseas_agents")
      .set(values)
      .where("id", "=", input.id)
      .where("exhibition_id", "=", exhibitionId)
      .executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) throw agentNotFound();
    return input.id;
  });
  const row = await db.selectFrom("overseas_agents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return settingOf(row, (await agentsInUse(db, [id])).has(id));
}

/** Removes an agent no request went to; otherwise refused (hide it instead). */
export async function removeAgent(db: Database, exhibitionId: number, id: number) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("overseas_agents")
      .select("id")
      .where("id", "=", id)
      .where("exhibition_id", "=", exhibitionId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw agentNotFound();
    // Under the row lock: a request being stored meanwhile (its foreign key waits for the lock) is seen or fails.
    const request = await trx.selectFrom("overseas_requests").select("id").where("agent_id", "=", id).limit(1).executeTakeFirst();
    if (request) throw new ApiError(ApiCode.conflict, "catalogueSettings.errors.agentInUse");
    await trx.deleteFrom("overseas_agents").where("id", "=", id).execute();
  });
}
