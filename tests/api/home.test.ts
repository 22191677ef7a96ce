import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { HomeContentPage, WorksheetItem } from "../../server/api/routes/home";
import { hashPassword } from "../../server/auth/password";
import { HOME_CONTENT_SLUGS } from "../../server/seed/home-content";
import { doneChecks, isDone } from "../../server/schedule/done-checks";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { appClock } from "../../server/clock";
import { endOfExhibitionDay, resetTestClock, testCalendar as cal } from "../support/test-clock";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const DAY = 24 * 60 * 60 * 1000;

describe.each(backendsOf(import.meta.url))("home area API on %s", (backend) => {
  let api: TestApi;
  let exhibitionId: number;
  beforeAll(async () => {
    api = await startTestApi(backend);
    exhibitionId = (await api.db.selectFrom("exhibitions").select("id").where("is_current", "=", true).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => api?.close());

  describe("GET /smeb/content/page", () => {
    it("serves every seeded page publicly, in zh and en, as plain text (no HTML)", async () => {
      for (const slug of HOME_CONTENT_SLUGS) {
        const result = await api.call<HomeContentPage>("/smeb/content/page", { query: { slug } });
        expect(result, slug).toMatchObject({ status: 200, code: 200 });
        const page = result.data;
        expect(page.slug).toBe(slug);
        expect(page.title).toMatch(/[\u4e00-\u9fff]/);
        expect(page.titleEn).not.toMatch(/[\u4e00-\u9fff]/);
        expect(page.body).toMatch(/[\u4e00-\u9fff]/);
        expect(page.bodyEn.length).toBeGreaterThan(50);
        expect(page.body + page.bodyEn).not.toMatch(/<[a-z/]/i);
      }
    });

    it("returns the promotion page with both languages", async () => {
      const { data } = await api.call<HomeContentPage>("/smeb/content/page", { query: { slug: "promote" }, lang: "zh-CN" });
      expect(data).toMatchObject({ slug: "promote", title: "全面宣传", titleEn: "Full promotion" });
      expect(data.body).toContain("## 免费宣传渠道");
      expect(data.bodyEn).toContain("## Free promotion channels");
      expect(data.bodyEn).toMatch(/^- /m);
    });

    it("answers an unknown slug with a 404 envelope in the caller's language", async () => {
      const en = await api.call("/smeb/content/page", { query: { slug: "nope" } });
      expect(en).toMatchObject({ status: 404, code: 404, message: "The page can't be found", data: null });
      const zh = await api.call("/smeb/content/page", { query: { slug: "nope" }, lang: "zh-CN" });
      expect(zh.code).toBe(404);
      expect(zh.message).toMatch(/[\u4e00-\u9fff]/);
    });

    it("rejects a missing slug with 400", async () => {
      expect((await api.call("/smeb/content/page")).code).toBe(400);
    });

    it("ignores a stale or bogus ticket instead of answering 401", async () => {
      const result = await api.call<HomeContentPage>("/smeb/content/page", { query: { slug: "hotel" }, ticket: "not-a-ticket" });
      expect(result.code).toBe(200);
      expect(result.data.title).toBe("食宿行");
    });

    it("uses the signed-in caller's exhibition rather than the current one", async () => {
      const other = await api.db
        .insertInto("exhibitions")
        .values({
          code: "OLD2025",
          name_zh: "旧展会",
          name_en: "Old fair",
          starts_on: "2025-12-01",
          ends_on: "2025-12-04",
          venue_zh: "旧馆",
          venue_en: "Old hall",
          is_current: false,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await api.db
        .insertInto("content_pages")
        .values({
          exhibition_id: other.id,
          slug: "promote",
          title_zh: "往届宣传",
          title_en: "Last year's promotion",
          body_zh: "往届内容",
          body_en: "Last year",
        })
        .execute();
      await api.db
        .insertInto("users")
        .values({
          username: "old01",
          password_hash: await hashPassword("Old#2025x", { N: 1024, r: 8, p: 1 }),
          role_id: 2,
          exhibition_id: other.id,
          business_name: "往届展商",
          business_name_en: null,
        })
        .execute();
      const ticket = await api.login("old01", "Old#2025x");
      const mine = await api.call<HomeContentPage>("/smeb/content/page", { query: { slug: "promote" }, ticket });
      expect(mine.data.titleEn).toBe("Last year's promotion");
      const anonymous = await api.call<HomeContentPage>("/smeb/content/page", { query: { slug: "promote" } });
      expect(anonymous.data.titleEn).toBe("Full promotion");
      const missing = await api.call("/smeb/content/page", { query: { slug: "hotel" }, ticket });
      expect(missing.code).toBe(404);
    });
  });

  describe("GET /smeb/worksheet/worksheet", () => {
    const inserted: number[] = [];
    afterEach(async () => {
      if (inserted.length) await api.db.deleteFrom("schedule_items").where("id", "in", inserted.splice(0)).execute();
      delete doneChecks["test-always-done"];
    });

    async function addItem(title: string, deadline: Date, doneCheck: string | null = null) {
      const row = await api.db
        .insertInto("schedule_items")
        .values({
          exhibition_id: exhibitionId,
          title_zh: `测试${title}`,
          title_en: title,
          deadline,
          link: "/exhibitorInfo/exhibitorData",
          done_check: doneCheck,
          sort: 1000,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      inserted.push(row.id);
      return row.id;
    }

    it("lists the seeded checklist publicly with ISO deadlines, links and statuses relative to now", async () => {
      // Business time stands still while the list is read, so that no status flips between the answer and now.
      const now = appClock.now().getTime();
      appClock.freezeAt(new Date(now));
      const result = await api.call<WorksheetItem[]>("/smeb/worksheet/worksheet").finally(resetTestClock);
      expect(result).toMatchObject({ status: 200, code: 200 });
      const items = result.data;
      expect(items.length).toBeGreaterThanOrEqual(6);
      expect(items.length).toBeLessThanOrEqual(9);
      for (const item of items) {
        expect(item.title).toMatch(/[\u4e00-\u9fff]/);
        expect(item.titleEn.length).toBeGreaterThan(0);
        expect(item.link).toMatch(/^(\/[A-Za-z]+){2,3}$/);
        expect(new Date(item.deadline).toISOString()).toBe(item.deadline);
        const left = new Date(item.deadline).getTime() - now;
        const expected = left < 0 ? "overdue" : left <= 7 * DAY ? "dueSoon" : "open";
        expect(item.status, item.titleEn).toBe(expected);
        expect(item.status).not.toBe("done");
      }
      expect(items.map((i) => i.link)).toEqual(
        expect.arrayContaining(["/exhibitorInfo/exhibitorData", "/exhibitorInfo/exhibitorCertificateApply", "/invoiceArea/billingApplication"]),
      );
      // The demo is live on the day it is seeded: two items overdue, three due this week, four further ahead.
      expect(items.map((i) => i.status)).toEqual(["overdue", "dueSoon", "dueSoon", "overdue", "dueSoon", "open", "open", "open", "open"]);
      expect(items.map((i) => i.deadline)).toEqual(Object.values(cal.schedule).map((day) => new Date(endOfExhibitionDay(day)).toISOString()));
    });

    it("computes overdue, due soon (within 7 days) and open", async () => {
      const now = appClock.now().getTime();
      const ids = {
        longPast: await addItem("Long past", new Date(now - 30 * DAY)),
        justPast: await addItem("Just past", new Date(now - 60_000)),
        tomorrow: await addItem("Tomorrow", new Date(now + DAY)),
        sixDays: await addItem("Six days", new Date(now + 6 * DAY + 23 * 60 * 60 * 1000)),
        eightDays: await addItem("Eight days", new Date(now + 8 * DAY)),
        farAhead: await addItem("Far ahead", new Date(now + 60 * DAY)),
      };
      const { data } = await api.call<WorksheetItem[]>("/smeb/worksheet/worksheet");
      const status = (id: number) => data.find((i) => i.id === id)?.status;
      expect(status(ids.longPast)).toBe("overdue");
      expect(status(ids.justPast)).toBe("overdue");
      expect(status(ids.tomorrow)).toBe("dueSoon");
      expect(status(ids.sixDays)).toBe("dueSoon");
      expect(status(ids.eightDays)).toBe("open");
      expect(status(ids.farAhead)).toBe("open");
      const mine = data.find((i) => i.id === ids.tomorrow)!;
      expect(mine).toMatchObject({ title: "测试Tomorrow", titleEn: "Tomorrow", link: "/exhibitorInfo/exhibitorData" });
    });

    it("never claims done while the checks cannot tell (pages not built yet answer null; the built ones answer false until there is something)", async () => {
      const answering = new Set([
        "profile-submitted",
        "services-ordered",
        "badges-applied",
        "invoice-requested",
        "transport-booked",
        "invitation-made",
        "epidemic-declared",
      ]);
      for (const key of Object.keys(doneChecks)) expect(await isDone(api.db, key, 1)).toBe(answering.has(key) ? false : null);
      const ticket = await api.login("std01", "Expo#2026");
      const { data } = await api.call<WorksheetItem[]>("/smeb/worksheet/worksheet", { ticket });
      expect(data.length).toBeGreaterThan(0);
      // The demo's std01 has applied for badges and for an invoice, declared exhibits to a carrier and made its epidemic declaration: those items alone are done.
      expect(data.filter((i) => i.status === "done").map((i) => i.link)).toEqual([
        "/exhibitorInfo/exhibitorCertificateApply",
        "/exhibitTL/carriage",
        "/invoiceArea/billingApplication",
        "/exhibitorInfo/epidemicDeclaration",
      ]);
    });

    it("marks an item done for a signed-in caller when its check says so, and only for them", async () => {
      const now = appClock.now().getTime();
      const std01 = (await api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow()).id;
      doneChecks["test-always-done"] = (userId) => sql<boolean>`${sql.lit(userId === std01)}`;
      const overdueDone = await addItem("Done but late", new Date(now - DAY), "test-always-done");
      const openDone = await addItem("Done early", new Date(now + 30 * DAY), "test-always-done");
      const unknownKey = await addItem("Unknown check", new Date(now + 30 * DAY), "no-such-check");

      const signedIn = (await api.call<WorksheetItem[]>("/smeb/worksheet/worksheet", { ticket: await api.login("std01", "Expo#2026") })).data;
      const status = (items: WorksheetItem[], id: number) => items.find((i) => i.id === id)?.status;
      expect(status(signedIn, overdueDone)).toBe("done");
      expect(status(signedIn, openDone)).toBe("done");
      expect(status(signedIn, unknownKey)).toBe("open");

      const other = (await api.call<WorksheetItem[]>("/smeb/worksheet/worksheet", { ticket: await api.login("raw01", "Expo#2026") })).data;
      expect(status(other, overdueDone)).toBe("overdue");
      expect(status(other, openDone)).toBe("open");

      const anonymous = (await api.call<WorksheetItem[]>("/smeb/worksheet/worksheet")).data;
      expect(status(anonymous, overdueDone)).toBe("overdue");
      expect(status(anonymous, openDone)).toBe("open");
    });

    it("is public: no ticket and a bogus ticket both get 200", async () => {
      expect((await api.call("/smeb/worksheet/worksheet")).code).toBe(200);
      expect((await api.call("/smeb/worksheet/worksheet", { ticket: "bogus" })).code).toBe(200);
    });
  });
});
