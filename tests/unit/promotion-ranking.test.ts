import { describe, expect, it } from "vitest";
import { showsContact } from "../../server/promotion/audience";
import { competitionRanking, periodStartDay } from "../../server/promotion/rankings";
import { countsAsVisitor, shiftDay, visitorKey } from "../../server/promotion/views";
import { formatVisitorNo } from "../../app/contracts/promotion/visitors/values";

const entry = (userId: number, companyName: string, count: number) => ({ userId, companyName, count });

describe("competition ranking", () => {
  it("shares a rank between equal counts and skips the next (1, 2, 2, 4), equal ranks by company name", () => {
    const ranked = competitionRanking([entry(1, "Delta", 3), entry(2, "Alpha", 5), entry(3, "Charlie", 3), entry(4, "Bravo", 1), entry(5, "Echo", 0)], "en");
    expect(ranked.map((r) => [r.rank, r.companyName, r.count])).toEqual([
      [1, "Alpha", 5],
      [2, "Charlie", 3],
      [2, "Delta", 3],
      [4, "Bravo", 1],
    ]);
  });

  it("leaves out exhibitors without a count and ranks a three-way tie at the top as 1, 1, 1, 4", () => {
    const ranked = competitionRanking([entry(1, "b", 2), entry(2, "a", 2), entry(3, "c", 2), entry(4, "d", 1), entry(5, "e", 0)], "en");
    expect(ranked.map((r) => r.rank)).toEqual([1, 1, 1, 4]);
    expect(ranked.map((r) => r.companyName)).toEqual(["a", "b", "c", "d"]);
  });

  it("orders equal Chinese company names in the Chinese collation, ids deciding the rest", () => {
    const ranked = competitionRanking([entry(2, "深圳", 1), entry(1, "北京", 1), entry(3, "北京", 1)], "zh");
    expect(ranked.map((r) => r.userId)).toEqual([1, 3, 2]);
    expect(ranked.every((r) => r.rank === 1)).toBe(true);
  });
});

describe("ranking periods in exhibition time (UTC+8)", () => {
  it("starts today at the exhibition day, the week six days before, all at no day", () => {
    // 2026-11-23 17:00 UTC is already 2026-11-24 in China.
    const now = new Date("2026-11-23T17:00:00Z");
    expect(periodStartDay("today", now)).toBe("2026-11-24");
    expect(periodStartDay("week", now)).toBe("2026-11-18");
    expect(periodStartDay("all", now)).toBeNull();
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("views once per visitor", () => {
  it("keys a visitor by salt, address and user agent: the same visitor the same key, another day's salt another key", () => {
    const ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)";
    expect(visitorKey("salt-1", "10.0.0.1", ua)).toBe(visitorKey("salt-1", "10.0.0.1", ua));
    expect(visitorKey("salt-1", "10.0.0.1", ua)).not.toBe(visitorKey("salt-2", "10.0.0.1", ua));
    expect(visitorKey("salt-1", "10.0.0.1", ua)).not.toBe(visitorKey("salt-1", "10.0.0.2", ua));
    expect(visitorKey("salt-1", "10.0.0.1", ua)).not.toContain("10.0.0.1");
  });

  it("does not count bots or requests without a user agent", () => {
    expect(countsAsVisitor("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36")).toBe(true);
    expect(countsAsVisitor("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(false);
    expect(countsAsVisitor("curl/8.5.0")).toBe(false);
    expect(countsAsVisitor("")).toBe(false);
    expect(countsAsVisitor(null)).toBe(false);
  });
});

describe("visitor contacts", () => {
  it("are shown as typed to the organizer, to an exhibitor only when the visitor consented and the exhibition allows it", () => {
    expect(showsContact(1, false, false)).toBe(true);
    expect(showsContact(2, true, true)).toBe(true);
    expect(showsContact(2, true, false)).toBe(false);
    expect(showsContact(2, false, true)).toBe(false);
  });

  it("numbers visitors V and six digits", () => {
    expect(formatVisitorNo(12)).toBe("V000012");
  });
});
