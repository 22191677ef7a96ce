import { portalLink } from "../exhibition-settings/public-url";
import type { LiftingList } from "../../app/contracts/transport/api-types";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { formatCny } from "../../app/contracts/common/format";
import type { ApiDeps } from "../api/context";
import { ApiCode, ApiError } from "../api/envelope";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import { bookingIdsOf, bookingView, liftingList, lockExhibitor, selectBookings, type BookingRow, type SendSummary } from "./lifting";
import type { Caller } from "../auth/caller";

/**
 * 'Send to carrier' of the hoisting and forklift list (issue 17 point 4): the exhibitor's bookings
 * not sent yet, one e-mail per carrier (in Chinese: the area is Chinese only) and one lifting_sends
 * row recording exactly what that carrier received. A send is only recorded once its e-mail went
 * out, so the list locks only when a carrier really has it; an e-mail that fails is logged, nothing
 * is recorded for that carrier, and the exhibitor is asked to try again (503).
 */
type SendDeps = Pick<ApiDeps, "db" | "notifier" | "logger" | "config">;

/** Where the carrier confirms the bookings. */
const CARRIER_PAGE = "/exhibitTL/carriageOrder";

function summaryOf(exhibitorName: string, rows: BookingRow[]): SendSummary {
  const lines = rows.map((row) => {
    const { id, kind, weightT, lengthM, widthM, heightM, pieces, workDay, slot, boothNo, feeCents } = bookingView(row, "zh", null);
    return { id, kind, weightT, lengthM, widthM, heightM, pieces, workDay, slot, boothNo, feeCents };
  });
  return { exhibitorName, booths: [...new Set(lines.map((l) => l.boothNo))].sort(), lines, totalFeeCents: lines.reduce((sum, l) => sum + l.feeCents, 0) };
}

/** The e-mail to one carrier: who, which booths, one line per booking, the total. */
function liftingMail(carrierName: string, summary: SendSummary, link: string) {
  const kindName = (kind: string) => translate("zh", `transport.liftingKinds.${kind}`);
  const booths = summary.booths.join("、");
  return {
    subject: `吊装/叉车预约：${summary.exhibitorName}（展位 ${booths}）共 ${summary.lines.length} 项`,
    text: [
      `${carrierName}：`,
      "",
      `展商“${summary.exhibitorName}”（展位 ${booths}）预约了以下吊装/叉车服务：`,
      "",
      ...summary.lines.map(
        (l, i) =>
          `${i + 1}. ${kindName(l.kind)}｜单件 ${l.weightT} 吨｜长×宽×高 ${l.lengthM} × ${l.widthM} × ${l.heightM} 米｜${l.pieces} 件｜${l.workDay} ${l.slot}｜展位 ${l.boothNo}｜费用 ${formatCny(l.feeCents)}`,
      ),
      "",
      `合计：${formatCny(summary.totalFeeCents)}`,
      "",
      `请登录展商服务平台，在“运输订单”页面确认各项预约：${link}`,
      "预约发送后展商不能再新增或删除；如需更改，请通过申报的联系记录沟通。",
      "",
      "此邮件由系统自动发送，请勿直接回复。",
    ].join("\n"),
  };
}

/** POST /smeb/shipment/forklift/sendEmail: e-mails every carrier its new bookings and records each send. */
export async function sendLifting(deps: SendDeps, caller: Caller, language: Language, now: Date): Promise<LiftingList> {
  const { db } = deps;
  const link = await portalLink(db, caller.exhibitionId, deps.config, CARRIER_PAGE);
  // Recorded under the exhibitor's row lock, so no booking can be added between reading the list and
  // recording it; mailed after the commit, because the notifier logs each mail in the delivery log
  // through the database, which the open transaction holds (the embedded database has one connection).
  const recorded = await db.transaction().execute(async (trx) => {
    await lockExhibitor(trx, caller);
    const [rows, sends] = await Promise.all([
      selectBookings(trx, caller.exhibitionId).where("l.user_id", "=", caller.userId).execute(),
      trx.selectFrom("lifting_sends").select("booking_ids").where("user_id", "=", caller.userId).where("exhibition_id", "=", caller.exhibitionId).execute(),
    ]);
    const sent = new Set(sends.flatMap((s) => bookingIdsOf(s.booking_ids)));
    const unsent = rows.filter((row) => !sent.has(row.id));
    if (!unsent.length) throw new ApiError(ApiCode.badRequest, "transport.errors.liftingNothingToSend");
    const carriers = await trx
      .selectFrom("carriers")
      .select(["id", "name_zh", "contact_email"])
      .where("id", "in", [...new Set(unsent.map((row) => row.carrier_id))])
      .orderBy("sort")
      .orderBy("id")
      .execute();
    const names = await exhibitorNamesOf(trx, caller.exhibitionId, [caller.userId]);
    const exhibitorName = exhibitorNameIn(names.get(caller.userId), "zh", caller.label);
    const records: { sendId: number; carrier: (typeof carriers)[number]; summary: ReturnType<typeof summaryOf> }[] = [];
    for (const carrier of carriers) {
      const summary = summaryOf(
        exhibitorName,
        unsent.filter((row) => row.carrier_id === carrier.id),
      );
      const row = await trx
        .insertInto("lifting_sends")
        .values({
          exhibition_id: caller.exhibitionId,
          user_id: caller.userId,
          carrier_id: carrier.id,
          sent_to: carrier.contact_email,
          booking_ids: summary.lines.map((l) => l.id).join(","),
          summary: JSON.stringify(summary),
          sent_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      records.push({ sendId: row.id, carrier, summary });
    }
    return records;
  });
  let failed = false;
  for (const [index, { carrier, summary }] of recorded.entries()) {
    try {
      await deps.notifier.sendEmail({
        kind: "liftingList",
        exhibitionId: caller.exhibitionId,
        to: carrier.contact_email,
        ...liftingMail(carrier.name_zh, summary, link),
      });
    } catch (error) {
      // Refused at once (no job queue in this process): what went out before stays recorded (that carrier
      // has it); this carrier's record and the rest are taken back, so the next try sends them.
      deps.logger.error({ err: error, userId: caller.userId, carrierId: carrier.id }, "lifting list e-mail could not be sent");
      failed = true;
      const unsentIds = recorded.slice(index).map((record) => record.sendId);
      await db.deleteFrom("lifting_sends").where("id", "in", unsentIds).execute();
      break;
    }
  }
  if (failed) throw new ApiError(ApiCode.unavailable, "transport.errors.liftingSendFailed");
  return liftingList(db, caller, language);
}
