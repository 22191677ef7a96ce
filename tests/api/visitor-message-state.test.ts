import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { AudiencePage } from "../../app/contracts/promotion/visitors/api-types";
import { ApiError } from "../../server/api/envelope";
import { appClock } from "../../server/clock";
import { CHINA_COUNTRY_ID } from "../../server/lookups/reference-data";
import { createNotifier } from "../../server/notify";
import type { DeliveryChannels } from "../../server/notify/channels";
import { DeliveryError } from "../../server/notify/delivery-error";
import { sendVisitorCode } from "../../server/promotion/visitors";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * What was sent to a visitor, as the asker reads it (issue 52): the code's answer says sent or queued
 * with the number masked, a refusal at once is a message at the code's field (not a 500), and an
 * exhibitor's audience list shows the state of each of its own visitors' confirmation messages only.
 */
describe.each(backendsOf(import.meta.url))("the state of visitor messages on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let std01: string;
  let raw01: string;
  let std01Id: number;
  let exhibitionId: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "visitor-state-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir });
    [std01, raw01] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026")]);
    const std = await api.db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
    std01Id = std.id;
    exhibitionId = std.exhibition_id;
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const freshMobile = () => `136${String(crypto.randomInt(10_000_000, 99_999_999))}`;

  it("a visitor code's answer says it was sent, the number masked", async () => {
    const mobile = freshMobile();
    const sent = await sendVisitorCode({ db: api.db, notifier: createNotifier({ config: api.config, db: api.db }) }, { mobile }, "zh", appClock.now());
    expect(sent.delivery).toEqual({ status: "sent", to: `${mobile.slice(0, 4)}******${mobile.slice(-1)}` });
  });

  it("a visitor code the provider refuses at once is a translated message at the code's field, and no code is kept", async () => {
    const refusing: DeliveryChannels = {
      emailTransport: "outbox",
      smsProvider: "refusing",
      sendEmail: () => Promise.resolve(),
      sendSms: () => Promise.reject(new DeliveryError("Throttled: BUSINESS_LIMIT_CONTROL", { temporary: true })),
    };
    const mobile = freshMobile();
    const notifier = createNotifier({ config: api.config, db: api.db, channels: refusing });
    const refused = await sendVisitorCode({ db: api.db, notifier }, { mobile }, "en", appClock.now()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      code: 503,
      messageKey: "promotion.visitors.errors.smsFailed",
      data: { fields: { smsCode: ["promotion.visitors.errors.smsFailed"] } },
    });
    expect(translate("en", "promotion.visitors.errors.smsFailed")).toMatch(/could not be sent/);
    expect(await api.db.selectFrom("visitor_codes").select("id").where("mobile", "=", mobile).execute()).toEqual([]);
  });

  it("the exhibitor's audience list shows its visitors' confirmation states, and no one else's", async () => {
    const mobile = freshMobile();
    const email = `${crypto.randomUUID().slice(0, 8)}@buyer.example.com`;
    const max = await api.db
      .selectFrom("visitors")
      .select((eb) => eb.fn.max("visitor_no").as("n"))
      .executeTakeFirstOrThrow();
    await api.db
      .insertInto("visitors")
      .values({
        exhibition_id: exhibitionId,
        visitor_no: Number(max.n ?? 0) + 1,
        inviter_user_id: std01Id,
        source_code: null,
        source_invitation_id: null,
        name: "State Visitor",
        company: "Buyer Co",
        mobile,
        email,
        country_id: CHINA_COUNTRY_ID,
        province_code: null,
        interest_class_ids: "[]",
        consent: false,
      })
      .execute();
    const notifier = createNotifier({ config: api.config, db: api.db });
    await notifier.sendSms({
      to: mobile,
      text: "confirmation",
      kind: "visitorConfirmation",
      params: { exhibition: "E", number: "V1", name: "N", link: "/pass/x" },
      exhibitionId,
    });
    await notifier.sendEmail({ kind: "visitorConfirmation", to: email, subject: "Registered", text: "confirmation", exhibitionId });

    const audience = async (ticket: string) =>
      (await api.call<AudiencePage>("/smeb/invitation/audience/list", { ticket, query: { keyword: "State Visitor", pageSize: "50" } })).data;
    const [row] = (await audience(std01)).rows;
    expect(row!.confirmation).toEqual({ sms: "sent", email: "sent" });
    expect(row!.mobile).not.toBe(mobile);

    // A failed SMS says so; another exhibitor sees neither the visitor nor its messages.
    await api.db.updateTable("messages").set({ status: "failed", reason: "invalid number" }).where("recipient", "=", mobile).execute();
    expect((await audience(std01)).rows[0]!.confirmation).toEqual({ sms: "failed", email: "sent" });
    expect((await audience(raw01)).rows).toEqual([]);
  });
});
