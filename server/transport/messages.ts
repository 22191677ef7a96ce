import type { MessageView } from "../../app/contracts/transport/api-types";
import type { Language } from "../../app/contracts/i18n/config";
import type { Mailer } from "../api/context";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import type { Db } from "../db/database";
import { portalLink } from "../exhibition-settings/public-url";
import type { Viewer } from "./common";
import { declarationNames, exhibitorNameOf, messageViews } from "./detail";
import { sendQuietly } from "../notify/send-quietly";

/**
 * The contact log of a declaration (issue 17): messages between the exhibitor and its carrier, each
 * e-mailed to the other side. The log opens once the declaration reached the carrier (it was
 * submitted at least once); the organizer reads it in the declaration but does not write.
 */
/** The pages each side works on, as links in the e-mails. */
const EXHIBITOR_PAGE = "/exhibitTL/carriage";
export const CARRIER_REVIEW_PAGE = "/exhibitTL/review";

export type MessageInput = { declarationId: number; body: string };

/** The declaration a side may write on, with the addresses and names of both sides; 404 outside the caller's reach. */
async function writableDeclaration(db: Db, viewer: Extract<Viewer, { kind: "exhibitor" | "carrier" }>, id: number) {
  let query = db
    .selectFrom("transport_declarations as d")
    .innerJoin("carriers as c", "c.id", "d.carrier_id")
    .innerJoin("booths as b", "b.id", "d.booth_id")
    .innerJoin("users as u", "u.id", "d.user_id")
    .select([
      "d.id",
      "d.submitted_at",
      "c.name_zh as carrier_name",
      "c.contact_email as carrier_email",
      "b.booth_no",
      "u.business_name",
      "u.business_name_en",
      "u.username",
      "u.contact_email as exhibitor_email",
    ])
    .where("d.id", "=", id)
    .where("d.exhibition_id", "=", viewer.caller.exhibitionId)
    .where("d.deleted_at", "is", null);
  query =
    viewer.kind === "exhibitor"
      ? query.where("d.user_id", "=", viewer.caller.userId)
      : query.where("d.carrier_id", "=", viewer.carrierId).where("d.submitted_at", "is not", null);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * Adds a message from the caller's side and e-mails the other side (in Chinese: the area is Chinese
 * only). Answers the whole log, oldest first.
 */
export async function postMessage(
  deps: Mailer & { db: Db },
  viewer: Extract<Viewer, { kind: "exhibitor" | "carrier" }>,
  input: MessageInput,
  language: Language,
  now: Date,
): Promise<MessageView[]> {
  const { db } = deps;
  const row = await writableDeclaration(db, viewer, input.declarationId);
  // A draft is the exhibitor's alone: the carrier has nothing to answer yet.
  if (!row.submitted_at) throw new ApiError(ApiCode.conflict, "transport.errors.messageBeforeSubmit");
  const side = viewer.kind;
  await db
    .insertInto("transport_messages")
    .values({ declaration_id: row.id, side, author_id: viewer.caller.userId, body: input.body, created_at: now })
    .execute();

  const exhibitor = exhibitorNameOf(row, "zh");
  const to = side === "exhibitor" ? row.carrier_email : row.exhibitor_email;
  if (to) {
    const from = side === "exhibitor" ? `展商 ${exhibitor}（展位 ${row.booth_no}）` : `承运商 ${row.carrier_name}`;
    await sendQuietly(
      deps,
      {
        kind: "transportMessage",
        exhibitionId: viewer.caller.exhibitionId,
        to,
        subject: `展品运输申报 #${row.id} 有新留言`,
        text: [
          "您好：",
          "",
          `${from}在展品运输申报 #${row.id} 的联系记录中留言：`,
          "",
          input.body,
          "",
          `请登录展商服务平台查看并回复：${await portalLink(deps.db, viewer.caller.exhibitionId, deps.config, side === "exhibitor" ? CARRIER_REVIEW_PAGE : EXHIBITOR_PAGE)}`,
          "",
          "此邮件由系统自动发送，请勿直接回复。",
        ].join("\n"),
      },
      { message: "transport e-mail could not be sent", context: { declarationId: row.id, side } },
    );
  }
  return messageViews(db, row.id, await declarationNames(db, row.id, language));
}
