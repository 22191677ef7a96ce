import type { Selectable } from "kysely";
import type { AgentSetting, AgentSettingsPage } from "../../app/contracts/catalogue-settings/api-types";
import type { AgentSaveInput } from "../../app/contracts/catalogue-settings/schema";
import { CATALOGUE_PAGE_SIZE } from "../../app/contracts/catalogue-settings/values";
import { codeCatalogue } from "../db/code-catalogue";
import type { Database, Db } from "../db/database";
import type { DB } from "../db/schema";

/**
 * The organizer's overseas agents (issue 52, /index/settings/overseasAgents and `cli.js overseas-agents`):
 * the agents the overseas transport page offers (overseas.ts reads the active ones). An agent that
 * exhibitors' requests went to is never removed (the requests name it): it is hidden instead.
 */
type Row = Selectable<DB["overseas_agents"]>;

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

async function agentsInUse(db: Db, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db.selectFrom("overseas_requests").select("agent_id").distinct().where("agent_id", "in", ids).execute();
  return new Set(rows.map((r) => r.agent_id));
}

const agents = codeCatalogue({ table: "overseas_agents", settingOf, inUse: agentsInUse, inUseMessage: "catalogueSettings.errors.agentInUse" });

/** One page of the exhibition's agents, hidden ones included. */
export const agentSettings = (db: Database, exhibitionId: number, page = 1, pageSize = CATALOGUE_PAGE_SIZE): Promise<AgentSettingsPage> =>
  agents.page(db, exhibitionId, page, pageSize);

/** Every agent of the exhibition (the CLI's list). */
export const allAgentSettings = agents.all;

export const agentByCode = agents.byCode;

/** Creates (no id) or changes an agent, in one transaction; a code another agent has is refused at its field. */
export const saveAgent = (db: Database, exhibitionId: number, input: AgentSaveInput): Promise<AgentSetting> =>
  agents.save(db, exhibitionId, input, {
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
  });

/** Removes an agent no request went to; otherwise refused (hide it instead). */
export const removeAgent = agents.remove;
