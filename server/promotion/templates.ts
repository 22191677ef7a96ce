import { sql } from "kysely";
import type { TemplateAdminView } from "../../app/contracts/promotion/api-types";
import type { TemplateInput } from "../../app/contracts/promotion/templates/schema";
import { notFound } from "../api/envelope";
import type { Caller } from "../auth/caller";
import type { Database } from "../db/database";
import { storedFileUrl } from "../uploads/files";
import { ownUpload } from "../uploads/own-upload";

/**
 * The organizer's invitation templates (docs/product.md § Promotion): every template of the
 * organizer's exhibition, active or not, with how many invitations use it. A template in use is
 * never deleted, only taken out of the offer (inactive), so existing invitations keep rendering.
 */

const BACKGROUND_FOLDER = "poster";

export async function listAllTemplates(db: Database, organizer: Caller): Promise<TemplateAdminView[]> {
  const rows = await db
    .selectFrom("invitation_templates as t")
    .select(["t.id", "t.name_zh", "t.name_en", "t.language", "t.exhibit_slots", "t.background_file_id", "t.sort", "t.active", "t.updated_at"])
    .select(sql<number>`(select count(*) from invitations i where i.template_id = t.id)::int`.as("invitations"))
    .where("t.exhibition_id", "=", organizer.exhibitionId)
    .orderBy("t.sort")
    .orderBy("t.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    nameZh: row.name_zh,
    nameEn: row.name_en,
    language: row.language,
    exhibitSlots: row.exhibit_slots,
    backgroundUrl: row.background_file_id ? storedFileUrl(row.background_file_id) : null,
    sort: row.sort,
    active: row.active,
    invitations: Number(row.invitations),
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
}

/** The background as a stored file id: the organizer's own picture upload to the poster folder. */
async function ownBackground(db: Database, organizer: Caller, url: string | undefined): Promise<string | null> {
  if (!url) return null;
  const rule = { folder: BACKGROUND_FOLDER, contentType: "image/", field: "backgroundUrl", message: "promotion.templates.errors.backgroundInvalid" } as const;
  return (await ownUpload(db, organizer.userId, url, rule)).id;
}

const columns = (input: TemplateInput, background: string | null) => ({
  name_zh: input.nameZh,
  name_en: input.nameEn,
  language: input.language,
  exhibit_slots: input.exhibitSlots,
  background_file_id: background,
  sort: input.sort,
  active: input.active,
});

export async function saveTemplate(db: Database, organizer: Caller, input: TemplateInput, now: Date): Promise<TemplateAdminView[]> {
  const background = await ownBackground(db, organizer, input.backgroundUrl);
  await db
    .insertInto("invitation_templates")
    .values({ exhibition_id: organizer.exhibitionId, ...columns(input, background), created_at: now, updated_at: now })
    .execute();
  return listAllTemplates(db, organizer);
}

/**
 * A change to a template. Fewer exhibit slots than an invitation already shows is allowed: the
 * image shows the first ones (the exhibitor sees the template's new limit when editing).
 */
export async function updateTemplate(db: Database, organizer: Caller, input: TemplateInput & { id: number }, now: Date): Promise<TemplateAdminView[]> {
  const current = await db
    .selectFrom("invitation_templates")
    .select(["id", "background_file_id"])
    .where("id", "=", input.id)
    .where("exhibition_id", "=", organizer.exhibitionId)
    .executeTakeFirst();
  if (!current) throw notFound("promotion.templates.errors.notFound");
  // An unchanged background may be another organizer account's upload: keep it as it is.
  const keep = input.backgroundUrl && current.background_file_id && input.backgroundUrl === storedFileUrl(current.background_file_id);
  const background = keep ? current.background_file_id : await ownBackground(db, organizer, input.backgroundUrl);
  await db
    .updateTable("invitation_templates")
    .set({ ...columns(input, background), updated_at: now })
    .where("id", "=", input.id)
    .where("exhibition_id", "=", organizer.exhibitionId)
    .execute();
  return listAllTemplates(db, organizer);
}
