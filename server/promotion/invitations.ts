import { sql } from "kysely";
import type { Language } from "../../app/contracts/i18n/config";
import type { InvitationList, InvitationRemoved, InvitationTemplateView, InvitationView } from "../../app/contracts/promotion/api-types";
import type { InvitationInput } from "../../app/contracts/promotion/schema";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import type { Caller } from "../auth/caller";
import type { Database } from "../db/database";
import { storedFileUrl } from "../uploads/files";

/**
 * Invitations (issue 38, decision 031): the organizer's templates, offered to the exhibitors of
 * their exhibition, and each exhibitor's own invitations. An invitation shows 1 to as many of the
 * exhibitor's own exhibits as its template holds; another exhibitor's invitation answers like an
 * unknown one (404).
 */
const invitationNotFound = () => notFound("promotion.errors.invitationNotFound");

type TemplateRow = {
  id: number;
  name_zh: string;
  name_en: string;
  language: InvitationTemplateView["language"];
  exhibit_slots: number;
  background_file_id: string | null;
};

const templateView = (row: TemplateRow, language: Language): InvitationTemplateView => ({
  id: row.id,
  name: language === "en" ? row.name_en : row.name_zh,
  language: row.language,
  exhibitSlots: row.exhibit_slots,
  backgroundUrl: row.background_file_id ? storedFileUrl(row.background_file_id) : null,
});

function activeTemplates(db: Database, caller: Caller) {
  return db
    .selectFrom("invitation_templates")
    .select(["id", "name_zh", "name_en", "language", "exhibit_slots", "background_file_id"])
    .where("exhibition_id", "=", caller.exhibitionId)
    .where("active", "=", true);
}

export async function listTemplates(db: Database, caller: Caller, language: Language): Promise<InvitationTemplateView[]> {
  const rows = await activeTemplates(db, caller).orderBy("sort").orderBy("id").execute();
  return rows.map((row) => templateView(row, language));
}

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : []);

export async function listInvitations(db: Database, caller: Caller, language: Language, only?: number): Promise<InvitationList> {
  let query = db
    .selectFrom("invitations as i")
    .innerJoin("invitation_templates as t", "t.id", "i.template_id")
    .select(["i.id", "i.name", "i.company_name", "i.exhibit_ids", "i.version", "i.updated_at"])
    .select(["t.id as template_id", "t.name_zh", "t.name_en", "t.language", "t.exhibit_slots", "t.background_file_id"])
    .where("i.user_id", "=", caller.userId)
    .where("i.exhibition_id", "=", caller.exhibitionId);
  if (only !== undefined) query = query.where("i.id", "=", only);
  const rows = await query.orderBy("i.id", "desc").execute();
  const exhibitIds = [...new Set(rows.flatMap((row) => ids(row.exhibit_ids)))];
  const exhibits = exhibitIds.length
    ? await db.selectFrom("exhibits").select(["id", "name_zh", "name_en"]).where("id", "in", exhibitIds).where("user_id", "=", caller.userId).execute()
    : [];
  const byId = new Map(exhibits.map((e) => [e.id, { id: e.id, nameZh: e.name_zh, nameEn: e.name_en }]));
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      companyName: row.company_name,
      template: templateView({ ...row, id: row.template_id }, language),
      exhibits: ids(row.exhibit_ids).flatMap((id) => byId.get(id) ?? []),
      version: row.version,
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
  };
}

async function invitationView(db: Database, caller: Caller, id: number, language: Language): Promise<InvitationView> {
  const found = (await listInvitations(db, caller, language, id)).items[0];
  if (!found) throw invitationNotFound();
  return found;
}

/** The template is one of the exhibition's active ones; the exhibits are the caller's own, each once, no more than the template shows. */
async function checkInput(db: Database, caller: Caller, input: InvitationInput) {
  const template = await activeTemplates(db, caller).where("id", "=", input.templateId).executeTakeFirst();
  if (!template) throw fieldError("promotion.errors.templateInvalid", "templateId");
  if (input.exhibitIds.length > template.exhibit_slots)
    throw fieldError("promotion.errors.tooManyForTemplate", "exhibitIds", { slots: template.exhibit_slots });
  if (new Set(input.exhibitIds).size !== input.exhibitIds.length) throw fieldError("promotion.errors.exhibitTwice", "exhibitIds");
  const own = await db
    .selectFrom("exhibits")
    .select("id")
    .where("id", "in", input.exhibitIds)
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId)
    .execute();
  if (own.length !== input.exhibitIds.length) throw fieldError("promotion.errors.exhibitNotFound", "exhibitIds");
}

export async function saveInvitation(db: Database, caller: Caller, input: InvitationInput, language: Language, now: Date): Promise<InvitationView> {
  await checkInput(db, caller, input);
  const row = await db
    .insertInto("invitations")
    .values({
      user_id: caller.userId,
      exhibition_id: caller.exhibitionId,
      template_id: input.templateId,
      name: input.name,
      company_name: input.companyName,
      exhibit_ids: JSON.stringify(input.exhibitIds),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return invitationView(db, caller, row.id, language);
}

export async function updateInvitation(
  db: Database,
  caller: Caller,
  input: InvitationInput & { id: number; version: number },
  language: Language,
  now: Date,
): Promise<InvitationView> {
  const current = await db.selectFrom("invitations").select("id").where("id", "=", input.id).where("user_id", "=", caller.userId).executeTakeFirst();
  if (!current) throw invitationNotFound();
  await checkInput(db, caller, input);
  const updated = await db
    .updateTable("invitations")
    .set({
      template_id: input.templateId,
      name: input.name,
      company_name: input.companyName,
      exhibit_ids: JSON.stringify(input.exhibitIds),
      version: sql<number>`version + 1`,
      updated_at: now,
    })
    .where("id", "=", input.id)
    .where("user_id", "=", caller.userId)
    .where("version", "=", input.version)
    .returning("id")
    .executeTakeFirst();
  if (!updated) throw new ApiError(ApiCode.conflict, "promotion.errors.stale");
  return invitationView(db, caller, input.id, language);
}

export async function removeInvitation(db: Database, caller: Caller, id: number): Promise<InvitationRemoved> {
  const removed = await db.deleteFrom("invitations").where("id", "=", id).where("user_id", "=", caller.userId).returning("id").executeTakeFirst();
  if (!removed) throw invitationNotFound();
  return { id: removed.id };
}

/** The organizer's three starting templates for an exhibition that has none (demo data and new exhibitions). */
export async function seedInvitationTemplates(db: Pick<Database, "selectFrom" | "insertInto">, exhibitionId: number) {
  const existing = await db.selectFrom("invitation_templates").select("id").where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (existing) return;
  await db
    .insertInto("invitation_templates")
    .values([
      { exhibition_id: exhibitionId, name_zh: "经典中文", name_en: "Classic Chinese", language: "zh", exhibit_slots: 3, sort: 1 },
      { exhibition_id: exhibitionId, name_zh: "国际英文", name_en: "International English", language: "en", exhibit_slots: 3, sort: 2 },
      { exhibition_id: exhibitionId, name_zh: "中英双语", name_en: "Bilingual", language: "bilingual", exhibit_slots: 2, sort: 3 },
    ])
    .execute();
}
