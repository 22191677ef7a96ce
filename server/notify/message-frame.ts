import type { Database } from "../db/database";
import { readExhibitionSettings } from "../exhibition-settings/store";

/**
 * Who a message comes from (issue 52: "every mail and SMS names the exhibition and the organizer"),
 * added here once for every sender: the exhibition's names, and the organizer as the setting
 * `mailSenderName` says (the data has no other organizer name). An empty setting adds nothing.
 */
export type MessageFrame = {
  /** The exhibition's names, Chinese first; one when both are the same. */
  exhibitionNames: string[];
  nameZh: string | null;
  nameEn: string | null;
  organizer: string | null;
  /** The SMS signature: the setting smsSignName, else the organizer. */
  smsSign: string | null;
};

const EMAIL_RULE = "--";

export async function messageFrame(db: Database, exhibitionId: number | null): Promise<MessageFrame | null> {
  if (!exhibitionId) return null;
  const exhibition = await db.selectFrom("exhibitions").select(["name_zh", "name_en"]).where("id", "=", exhibitionId).executeTakeFirst();
  if (!exhibition) return null;
  const settings = await readExhibitionSettings(db, exhibitionId);
  const names = [...new Set([exhibition.name_zh, exhibition.name_en].map((name) => name?.trim() ?? "").filter(Boolean))];
  const organizer = settings.mailSenderName?.trim() || null;
  return {
    exhibitionNames: names,
    nameZh: exhibition.name_zh?.trim() || null,
    nameEn: exhibition.name_en?.trim() || null,
    organizer,
    smsSign: settings.smsSignName?.trim() || organizer,
  };
}

/** The mail's text with a signature naming the exhibition and the organizer. */
export function signEmail(text: string, frame: MessageFrame | null): string {
  const lines = [frame?.exhibitionNames.join(" / "), frame?.organizer].filter((line): line is string => Boolean(line));
  return lines.length ? `${text.trimEnd()}\n\n${EMAIL_RULE}\n${lines.join("\n")}` : text;
}

/**
 * The SMS text signed 【…】 with the organizer (as Chinese providers sign it), and the exhibition named
 * when the text does not already. A real provider sends its approved template, signed by the provider
 * with the same signature (decision 053); this is the text the outbox and the delivery log show.
 */
export function signSms(text: string, frame: MessageFrame | null): string {
  if (!frame) return text;
  const named = frame.exhibitionNames.some((name) => text.includes(name));
  // The name in the text's language: a text without Chinese characters is the English one.
  const chinese = /[\u4e00-\u9fff]/.test(text);
  const exhibition = chinese ? (frame.nameZh ?? frame.nameEn) : (frame.nameEn ?? frame.nameZh);
  const body = named || !exhibition ? text : chinese ? `${text}（${exhibition}）` : `${text} (${exhibition})`;
  return frame.smsSign && !body.startsWith(`【${frame.smsSign}】`) ? `【${frame.smsSign}】${body}` : body;
}
