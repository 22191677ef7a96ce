import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotaRule } from "../../server/badges/badges";
import { opsCommand } from "../support/ops-command";
import { startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/** The ops command that shows and changes an exhibition's badge quota (cli.js badge-quota). */
describe("cli.js badge-quota", () => {
  let api: TestApi;
  const badgeQuota = (args: string[]) => opsCommand(api.db, "badge-quota", args);
  beforeAll(async () => {
    api = await startTestApi(DEFAULT_BACKEND);
  });
  afterAll(() => api?.close());

  it("shows the seeded rule, changes parts of it, and the list's quota follows", async () => {
    const exhibition = await api.db.selectFrom("exhibitions").select(["id", "code"]).orderBy("id").executeTakeFirstOrThrow();
    expect(await badgeQuota([])).toContain("2 free badges up to 9 m², 1 more per further 9 m²; up to 10 paid at 80.00 each");
    const changed = await badgeQuota([exhibition.code, "--free-base", "3", "--price-cents=12000"]);
    expect(changed).toContain("3 free badges up to 9 m²");
    expect(changed).toContain("18 m²: 4 free");
    expect(await quotaRule(api.db, exhibition.id)).toMatchObject({ freeBase: 3, paidPriceCents: 12000, paidMax: 10 });
    const std01 = await api.login("std01", "Expo#2026");
    const list = await api.call<{ quota: { free: number; paidPriceCents: number } }>("/smeb/pass/ticket/list", { ticket: std01 });
    expect(list.data.quota).toMatchObject({ free: 3, paidPriceCents: 12000 });
  });

  it("refuses what it does not understand, and the old key=value form, with the usage, and changes nothing", async () => {
    const exhibition = await api.db.selectFrom("exhibitions").select("id").orderBy("id").executeTakeFirstOrThrow();
    const before = await quotaRule(api.db, exhibition.id);
    for (const [args, reason] of [
      [["--free-base=-1"], /Not understood: --free-base "-1"/],
      [["--paid-max", "2.5"], /Not understood: --paid-max "2\.5"/],
      [["--base-area", "0"], /Not understood: --base-area "0"/],
      [["--price-cents="], /Not understood: --price-cents ""/],
      [["--colour", "red"], /Unknown option '--colour'/],
      [["--free-base", "3", "--free-base", "4"], /--free-base is given twice/],
      [["colour=red"], /Not understood: "colour=red"/],
      [["NO-SUCH-SHOW"], /No exhibition with the code "NO-SUCH-SHOW"/],
      [["NO-SUCH-SHOW", "OTHER"], /No exhibition/],
      // The old form names the option to type instead.
      [["free-base=5"], /Not understood: "free-base=5" \(settings are options: --free-base 5\)/],
    ] as const) {
      const refused = badgeQuota([...args]);
      await expect(refused, args.join(" ")).rejects.toThrow(reason);
      await expect(badgeQuota([...args]), args.join(" ")).rejects.toThrow(/\nUsage: cli\.js badge-quota \[<exhibition code>\] \[--free-base <n> /);
    }
    expect(await quotaRule(api.db, exhibition.id)).toEqual(before);
  });
});
