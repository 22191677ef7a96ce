import { sql } from "kysely";
import type { EpidemicCommitment, EpidemicSettings } from "../../app/contracts/epidemic/api-types";
import { EPIDEMIC_PATH } from "../../app/contracts/epidemic/values";
import type { Language } from "../../app/contracts/i18n/config";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import type { Caller } from "../auth/caller";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/unique-violation";

/**
 * The epidemic declaration (issue 41): the exhibition's switch and commitment text, and each
 * exhibitor's acceptance. While the switch is off, every exhibitor endpoint answers like a missing
 * page (404) and the menu drops the page (server/api/routes/permission.ts); the organizer keeps its review.
 */
export type Who = Pick<Caller, "userId" | "exhibitionId" | "roleId">;

export async function epidemicSettings(db: Database, exhibitionId: number): Promise<EpidemicSettings> {
  const row = await db
    .selectFrom("exhibitions")
    .select(["epidemic_declaration_on", "epidemic_commitment_zh", "epidemic_commitment_en"])
    .where("id", "=", exhibitionId)
    .executeTakeFirst();
  return { on: row?.epidemic_declaration_on ?? false, textZh: row?.epidemic_commitment_zh ?? "", textEn: row?.epidemic_commitment_en ?? "" };
}

export async function saveEpidemicSettings(db: Database, exhibitionId: number, input: EpidemicSettings) {
  await db
    .updateTable("exhibitions")
    .set({ epidemic_declaration_on: input.on, epidemic_commitment_zh: input.textZh, epidemic_commitment_en: input.textEn })
    .where("id", "=", exhibitionId)
    .execute();
  return epidemicSettings(db, exhibitionId);
}

/** The switch, checked first by every exhibitor endpoint: off is a missing page. Answers the settings. */
export async function requireEpidemicOn(db: Database, exhibitionId: number) {
  const settings = await epidemicSettings(db, exhibitionId);
  if (!settings.on) throw notFound();
  return settings;
}

export async function findCommitment(db: Database, who: Who, language: Language): Promise<EpidemicCommitment> {
  const settings = await requireEpidemicOn(db, who.exhibitionId);
  const row = await db
    .selectFrom("epidemic_commitments")
    .select(["signer_name", "accepted_at"])
    .where("exhibition_id", "=", who.exhibitionId)
    .where("user_id", "=", who.userId)
    .executeTakeFirst();
  return {
    text: (language === "en" ? settings.textEn : settings.textZh) || settings.textZh || settings.textEn,
    accepted: Boolean(row),
    signerName: row?.signer_name ?? null,
    acceptedAt: row ? new Date(row.accepted_at).toISOString() : null,
  };
}

/** Accepts the commitment (create: refused when already accepted; update: refused when not). */
export async function acceptCommitment(db: Database, who: Who, signerName: string, mode: "create" | "update", language: Language) {
  await requireEpidemicOn(db, who.exhibitionId);
  if (mode === "create") {
    try {
      await db.insertInto("epidemic_commitments").values({ exhibition_id: who.exhibitionId, user_id: who.userId, signer_name: signerName }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(ApiCode.conflict, "epidemic.errors.alreadyAccepted");
      throw error;
    }
  } else {
    const updated = await db
      .updateTable("epidemic_commitments")
      .set({ signer_name: signerName, accepted_at: sql`now()`, updated_at: sql`now()` })
      .where("exhibition_id", "=", who.exhibitionId)
      .where("user_id", "=", who.userId)
      .executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) throw notFound("epidemic.errors.notAccepted");
  }
  return findCommitment(db, who, language);
}

export async function withdrawCommitment(db: Database, who: Who, language: Language) {
  await requireEpidemicOn(db, who.exhibitionId);
  const deleted = await db
    .deleteFrom("epidemic_commitments")
    .where("exhibition_id", "=", who.exhibitionId)
    .where("user_id", "=", who.userId)
    .executeTakeFirst();
  if (!Number(deleted.numDeletedRows)) throw notFound("epidemic.errors.notAccepted");
  return findCommitment(db, who, language);
}

/** The menus without the epidemic declaration's while the exhibition's switch is off (the organizer's review stays). */
export async function withoutClosedEpidemicMenu<M extends { route: string }>(db: Database, exhibitionId: number, menus: M[]): Promise<M[]> {
  if (!menus.some((m) => m.route === EPIDEMIC_PATH) || (await epidemicSettings(db, exhibitionId)).on) return menus;
  return menus.filter((m) => m.route !== EPIDEMIC_PATH);
}
