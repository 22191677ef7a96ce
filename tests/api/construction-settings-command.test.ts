import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InsuranceAnswer } from "../../app/contracts/booth-construction/api-types";
import { constructionSettings } from "../../server/booth-construction/common";
import { readExhibitionSetting } from "../../server/exhibition-settings/store";
import { opsCommand } from "../support/ops-command";
import { startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";
import { addDays, testCalendar } from "../support/test-clock";

/** The ops command that shows and changes an exhibition's construction calendar (cli.js construction-settings). */
describe("cli.js construction-settings", () => {
  let api: TestApi;
  const constructionSettingsCommand = (args: string[]) => opsCommand(api.db, "construction-settings", args);
  beforeAll(async () => {
    api = await startTestApi(DEFAULT_BACKEND);
  });
  afterAll(() => api?.close());

  it("shows the seeded calendar, changes parts of it, and the pages' answers follow", async () => {
    const exhibition = await api.db.selectFrom("exhibitions").select(["id", "code"]).orderBy("id").executeTakeFirstOrThrow();
    expect(await constructionSettingsCommand([])).toContain(`build-up ${testCalendar.rawMoveIn.from} to ${testCalendar.standardMoveIn}`);
    const changed = await constructionSettingsCommand([exhibition.code, "--insurance-min-cents", "200000000", "--drawing-site", "none"]);
    expect(changed).toContain("Insurance at least 2,000,000.00 CNY; drawing site: none.");
    expect(await constructionSettings(api.db, exhibition.id)).toMatchObject({
      insuranceMinCents: 200000000,
      buildUpFrom: testCalendar.rawMoveIn.from,
    });
    // The drawing site is the organizer's setting (/index/settings): the command changes the same row.
    expect(await readExhibitionSetting(api.db, exhibition.id, "drawingSiteUrl")).toBeUndefined();
    expect(await constructionSettingsCommand(["--drawing-site=https://drawings.expo.test/submit"])).toContain(
      "drawing site: https://drawings.expo.test/submit.",
    );
    expect(await readExhibitionSetting(api.db, exhibition.id, "drawingSiteUrl")).toBe("https://drawings.expo.test/submit");
    const raw01 = await api.login("raw01", "Expo#2026");
    const answer = await api.call<InsuranceAnswer>("/smeb/boothBuild/insurance/find", { ticket: raw01 });
    expect(answer.data.settings.insuranceMinCents).toBe(200000000);
  });

  it("refuses what it does not understand, days out of order, and the old key=value form, with the usage, and changes nothing", async () => {
    const exhibition = await api.db.selectFrom("exhibitions").select("id").orderBy("id").executeTakeFirstOrThrow();
    const before = await constructionSettings(api.db, exhibition.id);
    const buildUpFrom = testCalendar.rawMoveIn.from;
    for (const [args, reason] of [
      [["--build-up-from", `${buildUpFrom.slice(0, 8)}32`], /Not understood: --build-up-from/],
      [["--insurance-min-cents=-1"], /Not understood: --insurance-min-cents "-1"/],
      [["--drawing-site", "http://plain.expo.test"], /Not understood: --drawing-site/],
      [["--colour", "red"], /Unknown option '--colour'/],
      [["colour=red"], /Not understood: "colour=red"/],
      [["NO-SUCH-SHOW"], /No exhibition with the code "NO-SUCH-SHOW"/],
      [["--dismantle-to", addDays(buildUpFrom, -1)], /The days must run in order/],
      [["--insurance-min-cents", "100000000001"], /^--insurance-min-cents is too large: at most 100000000000 cents\./],
      // The old form names the option to type instead.
      [
        [`build-up-from=${buildUpFrom}`],
        new RegExp(`Not understood: "build-up-from=${buildUpFrom}" \\(settings are options: --build-up-from ${buildUpFrom}\\)`),
      ],
      [["drawing-site=none"], /settings are options: --drawing-site none/],
    ] as const) {
      await expect(constructionSettingsCommand([...args]), args.join(" ")).rejects.toThrow(reason);
      await expect(constructionSettingsCommand([...args]), args.join(" ")).rejects.toThrow(/\nUsage: cli\.js construction-settings \[<exhibition code>\]/);
    }
    expect(await constructionSettings(api.db, exhibition.id)).toEqual(before);
  });
});
