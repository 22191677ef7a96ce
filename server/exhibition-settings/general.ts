import type { ExhibitionSettingsView } from "../../app/contracts/exhibition-settings/api-types";
import type { ExhibitionSettingsInput } from "../../app/contracts/exhibition-settings/schema";
import { CONTACT_QR_UPLOAD, type ExhibitionSettings, type MissingSetting } from "../../app/contracts/exhibition-settings/values";
import { fieldError } from "../api/envelope";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { storedFileIdOf, storedFileUrl } from "../uploads/files";
import { forgetSiteSettings } from "./site";
import { readExhibitionSettings, saveExhibitionSettings } from "./store";
import { ownedFile } from "../uploads/own-upload";

/** What decides which settings a real show needs: a real SMS provider needs a signature, a PUBLIC_URL stands in for the setting. */
export type SettingsEnvironment = { smsProviderConfigured: boolean; publicUrlFromEnvironment: boolean };

export function settingsEnvironment(config: Pick<Config, "SMS_PROVIDER" | "PUBLIC_URL">): SettingsEnvironment {
  return { smsProviderConfigured: config.SMS_PROVIDER !== "outbox", publicUrlFromEnvironment: Boolean(config.PUBLIC_URL) };
}

/** The settings a real show still lacks (the organizer's home and the settings page list them), in the page's order. */
function missingSettings(settings: ExhibitionSettings, environment: SettingsEnvironment): MissingSetting[] {
  const missing: MissingSetting[] = [];
  if (!settings.publicUrl && !environment.publicUrlFromEnvironment) missing.push("publicUrl");
  if (!settings.filingNumber) missing.push("filingNumber");
  if (!settings.contactWayUrl && !settings.contactQrFileId) missing.push("contactCode");
  if (!settings.userGuideUrl) missing.push("userGuideUrl");
  if (!settings.exhibitorServiceEmail) missing.push("exhibitorServiceEmail");
  if (!settings.mailSenderName) missing.push("mailSenderName");
  if (!settings.smsSignName && environment.smsProviderConfigured) missing.push("smsSignName");
  return missing;
}

export async function missingSettingsOf(db: Database, exhibitionId: number, environment: SettingsEnvironment) {
  return missingSettings(await readExhibitionSettings(db, exhibitionId), environment);
}

/** The general settings page's fields: the exhibition's names and the stored settings (empty: ""). */
export async function generalSettings(db: Database, exhibitionId: number, environment: SettingsEnvironment): Promise<ExhibitionSettingsView> {
  const [exhibition, settings] = await Promise.all([
    db.selectFrom("exhibitions").select(["name_zh", "name_en"]).where("id", "=", exhibitionId).executeTakeFirstOrThrow(),
    readExhibitionSettings(db, exhibitionId),
  ]);
  return {
    nameZh: exhibition.name_zh,
    nameEn: exhibition.name_en,
    publicUrl: settings.publicUrl ?? "",
    filingNumber: settings.filingNumber ?? "",
    userGuideUrl: settings.userGuideUrl ?? "",
    contactWayUrl: settings.contactWayUrl ?? "",
    contactQrUrl: settings.contactQrFileId ? storedFileUrl(settings.contactQrFileId) : "",
    contactTip1Zh: settings.contactTip1Zh ?? "",
    contactTip1En: settings.contactTip1En ?? "",
    contactTip2Zh: settings.contactTip2Zh ?? "",
    contactTip2En: settings.contactTip2En ?? "",
    drawingSiteUrl: settings.drawingSiteUrl ?? "",
    exhibitorServiceEmail: settings.exhibitorServiceEmail ?? "",
    mailSenderName: settings.mailSenderName ?? "",
    smsSignName: settings.smsSignName ?? "",
    missing: missingSettings(settings, environment),
    smsProviderConfigured: environment.smsProviderConfigured,
  };
}

/**
 * Saves every field of the page at once, in one transaction (a refusal saves nothing). An empty
 * field unsets its setting. The contact picture must be one the organizer uploaded to its folder.
 */
export async function saveGeneralSettings(
  db: Database,
  organizer: { userId: number; exhibitionId: number },
  input: ExhibitionSettingsInput,
  environment: SettingsEnvironment,
): Promise<ExhibitionSettingsView> {
  const pictureId = storedFileIdOf(input.contactQrUrl);
  await db.transaction().execute(async (trx) => {
    if (pictureId) {
      const current = await trx
        .selectFrom("exhibition_settings")
        .select("value")
        .where("exhibition_id", "=", organizer.exhibitionId)
        .where("key", "=", "contactQrFileId")
        .executeTakeFirst();
      // The picture already set stays acceptable whoever uploaded it (another organizer of the show).
      if (current?.value !== pictureId) {
        const file = await ownedFile(trx, organizer.userId, pictureId, { folder: CONTACT_QR_UPLOAD.folder });
        if (!file) throw fieldError("exhibitionSettings.errors.contactQrNotYours", "contactQrUrl");
      }
    }
    await trx.updateTable("exhibitions").set({ name_zh: input.nameZh, name_en: input.nameEn }).where("id", "=", organizer.exhibitionId).execute();
    await saveExhibitionSettings(
      trx,
      organizer.exhibitionId,
      {
        publicUrl: input.publicUrl ?? null,
        filingNumber: input.filingNumber ?? null,
        userGuideUrl: input.userGuideUrl ?? null,
        contactWayUrl: input.contactWayUrl ?? null,
        contactQrFileId: pictureId,
        contactTip1Zh: input.contactTip1Zh ?? null,
        contactTip1En: input.contactTip1En ?? null,
        contactTip2Zh: input.contactTip2Zh ?? null,
        contactTip2En: input.contactTip2En ?? null,
        drawingSiteUrl: input.drawingSiteUrl ?? null,
        exhibitorServiceEmail: input.exhibitorServiceEmail ?? null,
        mailSenderName: input.mailSenderName ?? null,
        smsSignName: input.smsSignName ?? null,
      },
      organizer.userId,
    );
  });
  forgetSiteSettings(db, organizer.exhibitionId);
  return generalSettings(db, organizer.exhibitionId, environment);
}
