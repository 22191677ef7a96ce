import { appClock } from "../../clock";
import { Router } from "express";
import { z } from "zod";
import type { Language } from "../../../app/contracts/i18n/config";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { emailForRole } from "../../../app/contracts/common/format";
import { homeEndpoints } from "../../../app/contracts/home/endpoints.server";
import { SCHEDULE_BUTTONS, SCHEDULE_MENU_ID, type ScheduleMailResult } from "../../../app/contracts/home/schedule-schema";
import { requireApiButton } from "../../auth/button-check";
import { readExhibitionSetting } from "../../exhibition-settings/store";
import { DeliveryError } from "../../notify/delivery-error";
import type { EmailMessage } from "../../notify/notifier";
import { doneStatuses } from "../../schedule/done-checks";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, requestLanguage, fieldError } from "../envelope";
import { mount } from "../mount";
import { requireSession, type SessionUser } from "../require-session";
import { scheduleStatus, type ScheduleStatus } from "./home";
import { exhibitionDate, exhibitionDateTime } from "../../../app/contracts/common/exhibition-time";
import { publicBaseUrl } from "../../exhibition-settings/public-url";

type ScheduleRow = { id: number; titleZh: string; titleEn: string; deadline: Date; link: string; status: ScheduleStatus };

const emailAddress = z.email();

/** One CSV field (RFC 4180); text that a spreadsheet would run as a formula is prefixed with '. */
function csvField(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csv(rows: string[][]) {
  return `${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/**
 * The buttons of the important schedule page (/index/schedule, menu id 2): export the work
 * sheet, e-mail it to the caller, request an extension of one item from the organizer.
 * Each checks its button (docs/product.md § Organizer) on the server, whatever the page showed.
 */
export function scheduleActionRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db, config, logger } = deps;

  /** Through the notifier (logged, queued, retried); a failure when sent at once is the caller's translated error. */
  async function send(message: EmailMessage) {
    try {
      await deps.notifier.sendEmail(message);
    } catch (error) {
      if (!(error instanceof DeliveryError)) throw error;
      logger.warn({ err: error, kind: message.kind }, "schedule e-mail not sent");
      throw new ApiError(ApiCode.unavailable, "home.actions.sendFailed");
    }
  }

  /** Pages are linked absolutely from the exhibition's public address (publicBaseUrl), else by their path. */
  const linkerFor = async (exhibitionId: number) => {
    const base = await publicBaseUrl(db, exhibitionId, config);
    return (link: string) => (base ? new URL(link, base).toString() : link);
  };

  async function scheduleOf(user: SessionUser["user"]): Promise<ScheduleRow[]> {
    const rows = await db
      .selectFrom("schedule_items")
      .select(["id", "title_zh", "title_en", "deadline", "link", "done_check"])
      .where("exhibition_id", "=", user.exhibitionId)
      .orderBy("sort")
      .orderBy("deadline")
      .orderBy("id")
      .execute();
    const now = appClock.now();
    const done = await doneStatuses(
      db,
      user.id,
      rows.map((row) => row.done_check),
    );
    return rows.map((row) => {
      const deadline = new Date(row.deadline);
      const status = scheduleStatus(deadline, now, row.done_check ? (done.get(row.done_check) ?? null) : null);
      return { id: row.id, titleZh: row.title_zh, titleEn: row.title_en, deadline, link: row.link, status };
    });
  }

  async function exhibitionName(exhibitionId: number, language: Language) {
    const row = await db.selectFrom("exhibitions").select(["name_zh", "name_en"]).where("id", "=", exhibitionId).executeTakeFirst();
    if (!row) return "";
    return language === "en" ? row.name_en : row.name_zh;
  }

  /** The session's booth, else the user's first; null when the user has none. */
  async function boothOf({ user, session }: SessionUser) {
    const booths = await db.selectFrom("booths").select(["id", "booth_no"]).where("user_id", "=", user.id).orderBy("id").execute();
    return booths.find((b) => b.id === session.boothId) ?? booths[0] ?? null;
  }

  const displayName = (user: SessionUser["user"], language: Language) =>
    (language === "en" ? user.businessNameEn || user.businessName : user.businessName) || user.username;

  /** GET /smeb/worksheet/export: the work sheet as CSV (UTF-8 with BOM, so Excel reads Chinese). */
  mount(router, homeEndpoints.exportWorksheet, async ({ req, res }) => {
    const { user } = await requireSession(deps, req, res);
    await requireApiButton(db, user, SCHEDULE_MENU_ID, SCHEDULE_BUTTONS.export);
    const language = requestLanguage(req);
    const t = (key: string) => translate(language, `home.actions.csv.${key}`);
    const [items, absoluteLink] = await Promise.all([scheduleOf(user), linkerFor(user.exhibitionId)]);
    const rows = [
      [t("titleZh"), t("titleEn"), t("deadline"), t("status"), t("link")],
      ...items.map((item) => [
        item.titleZh,
        item.titleEn,
        exhibitionDate(item.deadline),
        translate(language, `home.status.${item.status}`),
        absoluteLink(item.link),
      ]),
    ];
    res
      .status(200)
      .set({
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="schedule.csv"',
        "X-Content-Type-Options": "nosniff",
      })
      .send(Buffer.from(`\uFEFF${csv(rows)}`, "utf8"));
  });

  /** POST /smeb/worksheet/confirm: e-mails the caller the schedule with each item's status. */
  mount(router, homeEndpoints.confirmWorksheet, async ({ req, res }) => {
    const { user } = await requireSession(deps, req, res);
    await requireApiButton(db, user, SCHEDULE_MENU_ID, SCHEDULE_BUTTONS.confirm);
    const to = user.contactEmail?.trim();
    if (!to || !emailAddress.safeParse(to).success) throw new ApiError(ApiCode.badRequest, "home.actions.noContactEmail");
    const language = requestLanguage(req);
    const t = (key: string, values: Record<string, unknown> = {}) => translate(language, `home.actions.mail.${key}`, values);
    const [items, exhibition, absoluteLink] = await Promise.all([scheduleOf(user), exhibitionName(user.exhibitionId, language), linkerFor(user.exhibitionId)]);
    const lines = items.map((item, index) =>
      t("confirmLine", {
        n: index + 1,
        title: language === "en" ? item.titleEn || item.titleZh : item.titleZh,
        date: exhibitionDate(item.deadline),
        status: translate(language, `home.status.${item.status}`),
        link: absoluteLink(item.link),
      }),
    );
    const text = [
      t("greeting", { name: displayName(user, language) }),
      "",
      t("confirmIntro", { exhibition, time: exhibitionDateTime(appClock.now()) }),
      "",
      ...(lines.length ? lines : [translate(language, "home.schedule.empty")]),
      "",
      t("footer"),
    ].join("\n");
    await send({ kind: "scheduleMail", userId: user.id, exhibitionId: user.exhibitionId, to, subject: t("confirmSubject", { exhibition }), text });
    logger.info({ userId: user.id, kind: "schedule-confirm" }, "schedule e-mailed");
    const result: ScheduleMailResult = { sentTo: emailForRole(to, user.roleId), channel: deps.notifier.emailTransport };
    return result;
  });

  /** POST /smeb/worksheet/extension {itemId, reason}: asks the organizer to extend one item's deadline. */
  mount(router, homeEndpoints.requestExtension, async (call) => {
    const { req, res } = call;
    const caller = await requireSession(deps, req, res);
    const { user } = caller;
    await requireApiButton(db, user, SCHEDULE_MENU_ID, SCHEDULE_BUTTONS.extension);
    const { itemId, reason } = call.input;
    const invalidItem = (key: string) => fieldError(key, "itemId");
    const item = (await scheduleOf(user)).find((i) => i.id === itemId);
    if (!item) throw invalidItem("home.actions.itemInvalid");
    if (item.status === "done") throw invalidItem("home.actions.itemDone");
    // The organizer's desk address is a setting: without it there is nobody to ask.
    const serviceEmail = await readExhibitionSetting(db, user.exhibitionId, "exhibitorServiceEmail");
    if (!serviceEmail) throw new ApiError(ApiCode.badRequest, "home.actions.noServiceEmail");

    const [booth, exhibitionZh, exhibitionEn] = await Promise.all([
      boothOf(caller),
      exhibitionName(user.exhibitionId, "zh"),
      exhibitionName(user.exhibitionId, "en"),
    ]);
    const contact = user.contactEmail?.trim() ?? "";
    const replyTo = contact && emailAddress.safeParse(contact).success ? contact : undefined;
    const boothNo = booth?.booth_no ?? "-";
    // The organizer's desk reads both languages: one block each.
    const block = (language: Language) => {
      const t = (key: string, values: Record<string, unknown> = {}) => translate(language, `home.actions.mail.${key}`, values);
      return [
        t("extensionIntro", { exhibition: language === "en" ? exhibitionEn : exhibitionZh }),
        "",
        t("exhibitor", { name: displayName(user, language) }),
        t("account", { username: user.username }),
        t("booth", { booth: boothNo }),
        t("contact", { email: contact || "-" }),
        t("item", { title: language === "en" ? item.titleEn || item.titleZh : item.titleZh, id: item.id }),
        t("deadline", { date: exhibitionDate(item.deadline), status: translate(language, `home.status.${item.status}`) }),
        t("reason"),
        reason,
      ].join("\n");
    };
    const subject = translate("zh", "home.actions.mail.extensionSubject", {
      booth: boothNo,
      name: displayName(user, "zh"),
      item: item.titleZh,
    });
    const text = [
      block("zh"),
      "",
      "----------------------------------------",
      "",
      block("en"),
      "",
      translate("en", "home.actions.mail.sentAt", { time: exhibitionDateTime(appClock.now()) }),
    ].join("\n");
    await send({ kind: "extensionRequest", exhibitionId: user.exhibitionId, to: serviceEmail, subject, text, replyTo });
    logger.info({ userId: user.id, itemId: item.id, kind: "schedule-extension" }, "extension request e-mailed");
    const result: ScheduleMailResult = { sentTo: serviceEmail, channel: deps.notifier.emailTransport };
    return result;
  });

  return router;
}
