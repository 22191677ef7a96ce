import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InsuranceAnswer } from "../../app/contracts/booth-construction/api-types";
import { constructionSettingsCommand } from "../../server/booth-construction/settings-command";
import { constructionSettings } from "../../server/booth-construction/common";
import { readExhibitionSetting } from "../../server/exhibition-settings/store";
import { startTestApi, type TestApi } from "../support/test-api";
import { testCalendar } from "../support/test-clock";

/** The ops command that shows and changes an exhibition's construction calendar (cli.js construction-settings). */
describe("cli.js construction-settings", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi("pglite");
  });
  afterAll(() => api?.close());

  it("shows the seeded calendar, changes parts of it, and the pages' answers follow", async () => {
    const exhibition = await api.db.selectFrom("exhibitions").select(["id", "code"]).orderBy("id").executeTakeFirstOrThrow();
    expect(await constructionSettingsCommand(api.db, [])).toContain(`build-up ${testCalendar.rawMoveIn.from} to ${testCalendar.standardMoveIn}`);
    const changed = await constructionSettingsCommand(api.db, [exhibition.code, "insurance-min-cents=200000000", "drawing-site=none"]);
    expect(changed).toContain("Insurance at least 2,000,000.00 CNY; drawing site: none.");
    expect(await constructionSettings(api.db, exhibition.id)).toMatchObject({
      insuranceMinCents: 200000000,
      buildUpFrom: testCalendar.rawMoveIn.from,
    });
    // The drawing site is the organizer's setting (/index/settings): the command changes the same row.
    expect(await readExhibitionSetting(api.db, exhibition.id, "drawingSiteUrl")).toBeUndefined();
    expect(await constructionSettingsCommand(api.db, ["drawing-site=https://drawings.expo.test/submit"])).toContain(
      "drawing site: https://drawings.expo.test/submit.",
    );
    expect(await readExhibitionSetting(api.db, exhibition.id, "drawingSiteUrl")).toBe("https://drawings.expo.test/submit");
    const raw01 = await api.login("raw01", "Expo#2026");
    const answer = await api.call<InsuranceAnswer>("/smeb/boothBuild/insurance/find", { ticket: raw01 });
    expect(answer.data.settings.insuranceMinCents).toBe(200000000);
  });

  it("refuses what it does not understand, days out of order, and changes nothing", async () => {
    const exhibition = await api.db.selectFrom("exhibitions").select("id").orderBy("id").executeTakeFirstOrThrow();
    const before = await constructionSettings(api.db, exhibition.id);
    for (const args of [
      ["build-up-from=2026-02-30"],
      ["insurance-min-cents=-1"],
      ["drawing-site=http://plain.expo.test"],
      ["colour=red"],
      ["NO-SUCH-SHOW"],
      ["dismantle-to=2000-01-01"],
    ]) {
      await expect(constructionSettingsCommand(api.db, args), args.join(" ")).rejects.toThrow(/Not understood|No exhibition|run in order/);
    }
    await expect(constructionSettingsCommand(api.db, ["insurance-min-cents=100000000001"])).rejects.toThrow(
      /^insurance-min-cents is too large: at most 100000000000 cents\./,
    );
    expect(await constructionSettings(api.db, exhibition.id)).toEqual(before);
  });
});
