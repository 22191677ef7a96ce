import { describe, expect, it } from "vitest";
import { addDays, demoCalendar, demoCalendarForOpening, enRange, zhRange } from "../../server/seed/demo-calendar";
import { homeContentPages, homeScheduleItems } from "../../server/seed/home-content";
import { priceInForce } from "../../server/orders/pricing";

const at = (local: string) => new Date(`${local}+08:00`);

describe("the demo calendar follows the day the demo data is made", () => {
  it("seeded on 2026-11-23 gives the dates the demo first had", () => {
    const calendar = demoCalendar(at("2026-11-23T10:00:00"));
    expect(calendar).toMatchObject({
      seededOn: "2026-11-23",
      opensOn: "2026-12-08",
      endsOn: "2026-12-11",
      advanceUntil: "2026-11-28",
      standardMoveIn: "2026-12-07",
    });
    expect(calendar.rawMoveIn).toEqual({ from: "2026-12-05", to: "2026-12-06" });
    expect(calendar.serviceCloses).toEqual({ allDayPower: "2026-12-05", water: "2026-12-02" });
    expect(Object.values(calendar.schedule).sort()).toEqual([
      "2026-11-15",
      "2026-11-20",
      "2026-11-25",
      "2026-11-27",
      "2026-11-28",
      "2026-12-02",
      "2026-12-03",
      "2026-12-05",
      "2026-12-11",
    ]);
  });

  it.each(["2026-11-29T08:00:00", "2027-02-06T23:30:00", "2027-12-25T00:00:01", "2028-02-27T12:00:00"])(
    "seeded at %s: a live show with some items overdue, some soon, some weeks ahead",
    (local) => {
      const now = at(local);
      const calendar = demoCalendar(now);
      expect(calendar.seededOn).toBe(local.slice(0, 10));
      expect(calendar.opensOn).toBe(addDays(calendar.seededOn, 15));
      // Advance prices are in force on the seed day, and every order window is still open.
      expect(priceInForce({ advanceCents: 1, standardCents: 2, onsiteCents: 3 }, calendar, now).kind).toBe("advance");
      for (const day of Object.values(calendar.serviceCloses)) expect(day > calendar.seededOn).toBe(true);
      const deadlines = homeScheduleItems(calendar).map((item) => item.deadline.slice(0, 10));
      expect(deadlines.filter((d) => d < calendar.seededOn).length).toBeGreaterThanOrEqual(2);
      expect(deadlines.filter((d) => d >= calendar.seededOn && d <= addDays(calendar.seededOn, 7)).length).toBeGreaterThanOrEqual(2);
      expect(deadlines.filter((d) => d > addDays(calendar.seededOn, 14)).length).toBeGreaterThanOrEqual(1);
      // The content pages carry the same dates, in both languages.
      const promote = homeContentPages(calendar).find((p) => p.slug === "promote")!;
      expect(promote.body_zh).toContain(zhRange(calendar.opensOn, calendar.endsOn));
      expect(promote.body_en).toContain(enRange(calendar.opensOn, calendar.endsOn));
      expect(promote.body_zh).toContain(`${calendar.opensOn.slice(0, 4)} 鹏城国际智能科技博览会`);
    },
  );

  it("is the same calendar again from the opening day (rows added to data seeded earlier)", () => {
    const calendar = demoCalendar(at("2027-03-30T09:00:00"));
    expect(demoCalendarForOpening(calendar.opensOn)).toEqual(calendar);
  });

  it("uses the exhibition's day (UTC+8), not the server's", () => {
    expect(demoCalendar(new Date("2026-11-22T16:00:00Z")).seededOn).toBe("2026-11-23");
    expect(demoCalendar(new Date("2026-11-22T15:59:59Z")).seededOn).toBe("2026-11-22");
  });

  it("writes ranges in both languages within a month, across months and across years", () => {
    expect(zhRange("2026-12-08", "2026-12-11")).toBe("2026 年 12 月 8 日至 11 日");
    expect(enRange("2026-12-08", "2026-12-11")).toBe("8 to 11 December 2026");
    expect(zhRange("2026-11-29", "2026-12-07")).toBe("2026 年 11 月 29 日至 12 月 7 日");
    expect(enRange("2026-11-29", "2026-12-07")).toBe("29 November to 7 December 2026");
    expect(zhRange("2026-12-30", "2027-01-02")).toBe("2026 年 12 月 30 日至 2027 年 1 月 2 日");
    expect(enRange("2026-12-30", "2027-01-02")).toBe("30 December 2026 to 2 January 2027");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });
});
