import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BadgeQuotaRule } from "../../app/contracts/badges/quota";
import type { ConstructionSettings } from "../../app/contracts/booth-construction/api-types";
import type { CarriersSettingsAnswer } from "../../app/contracts/logistics-settings/api-types";
import { opsCommand } from "../support/ops-command";
import { portalClient } from "../support/portal-client";
import { backendsOf, loadRemixBuild, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { addDays, testCalendar } from "../support/test-clock";
import { tablesSnapshot } from "../support/table-snapshot";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const TABLES = ["carriers", "carrier_prices", "carrier_discounts", "lifting_fee_classes", "badge_quota_rules", "construction_settings"] as const;
type Fields = { fields: Record<string, string[]> };

/**
 * The organizer's logistics settings on pages (issue 52): carriers with prices, discounts and lifting
 * fee classes, the badge quota, the construction calendar. Saved and read back; the CLI commands and
 * the API see and change the same rows; bad input is refused at its field, nothing saved, never a
 * 500; only the organizer may read or change them.
 */
describe.each(backendsOf(import.meta.url))("the organizer's logistics settings on %s", (backend) => {
  let api: TestApi;
  let admin: string;
  let std01: string;
  let carrier: string;
  let exhibition: { id: number; code: string };

  beforeAll(async () => {
    api = await startTestApi(backend, {}, { remixBuild: await loadRemixBuild() });
    [admin, std01, carrier] = await Promise.all([api.login("admin", "Admin#2026"), api.login("std01", "Expo#2026"), api.login("carrier01", "Expo#2026")]);
    exhibition = await api.db.selectFrom("exhibitions").select(["id", "code"]).orderBy("id").executeTakeFirstOrThrow();
  });
  afterAll(() => api?.close());

  /** Every row of the settings' tables, as text: equal before and after means nothing changed. */
  const snapshot = () => tablesSnapshot(api.db, TABLES);
  const carriers = async () => (await api.call<CarriersSettingsAnswer>("/smeb/settings/carriers", { ticket: admin })).data;
  const post = async <T = CarriersSettingsAnswer>(path: string, form: Record<string, string>, ticket = admin) =>
    api.call<T>(`/smeb/settings${path}`, { ticket, form });
  const fieldsOf = (answer: { data: unknown }) => (answer.data as Fields).fields;

  it("adds and renames a carrier, sets its prices and discounts and a lifting fee class; the CLI lists the same", async () => {
    const created = await post("/carriers/save", {
      code: "swift",
      nameZh: "迅达物流",
      nameEn: "Swift Logistics",
      email: "desk@swift.test",
      phone: "021-5550 1234",
      active: "on",
      sort: "5",
    });
    expect(created.code, created.message).toBe(200);
    expect(created.message).toBe("Saved");
    const swift = created.data.carriers.find((c) => c.code === "swift")!;
    expect(swift).toMatchObject({ nameZh: "迅达物流", email: "desk@swift.test", active: true, sort: 5, prices: [], discounts: [] });

    const renamed = await post("/carriers/save", {
      carrierId: String(swift.id),
      code: "swift",
      nameZh: "迅达",
      nameEn: "Swift",
      email: "ops@swift.test",
      sort: "5",
    });
    expect(renamed.code, renamed.message).toBe(200);
    expect(renamed.data.carriers.find((c) => c.id === swift.id)).toMatchObject({ code: "swift", nameEn: "Swift", active: false });

    const carrierId = String(swift.id);
    expect((await post("/carriers/price/save", { carrierId, service: "delivery", perM3: "180.5", perTon: "1,200", minimum: "" })).code).toBe(200);
    expect(
      (await post("/carriers/discount/save", { carrierId, code: "bulk", kind: "volume", minM3: "20.5", amount: "300", nameZh: "大宗", nameEn: "Bulk" })).code,
    ).toBe(200);
    expect(
      (
        await post("/carriers/discount/save", {
          carrierId,
          code: "early",
          kind: "early",
          until: testCalendar.rawMoveIn.from,
          percent: "12.5",
          nameZh: "早鸟",
          nameEn: "Early",
        })
      ).code,
    ).toBe(200);
    expect((await post("/liftingFees/save", { kind: "crane", maxTons: "7.5", fee: "800" })).code).toBe(200);

    const read = await carriers();
    expect(read.carriers.find((c) => c.id === swift.id)).toMatchObject({
      prices: [{ service: "delivery", perM3Cents: 18050, perTonCents: 120000, minimumCents: 0 }],
      discounts: [
        { code: "bulk", kind: "volume", minVolumeCm3: 20_500_000, amountCents: 30000, percentBp: null, untilOn: null },
        { code: "early", kind: "early", untilOn: testCalendar.rawMoveIn.from, percentBp: 1250, amountCents: null },
      ],
    });
    expect(read.liftingFees).toContainEqual({ kind: "crane", maxWeightKg: 7500, feeCents: 80000 });

    // The CLI sees the page's rows; what the CLI changes, the page reads.
    const listed = await opsCommand(api.db, "carriers", [exhibition.code, "list"]);
    expect(listed).toContain("swift: 迅达 / Swift (inactive, sort 5)");
    expect(listed).toContain("delivery: 180.50 per m³ / 1,200.00 per ton / minimum 0.00 yuan");
    expect(listed).toContain("bulk (volume): 300.00 yuan off when 20.5 m³ or more");
    expect(listed).toContain("early (early): 12.5 % off");
    expect(listed).toContain("crane up to 7.5 t: 800.00 yuan per piece");
    await opsCommand(api.db, "carriers", ["price", "swift", "storage", "--per-m3", "10", "--per-ton", "20", "--minimum", "30"]);
    expect((await carriers()).carriers.find((c) => c.id === swift.id)!.prices).toContainEqual({
      service: "storage",
      perM3Cents: 1000,
      perTonCents: 2000,
      minimumCents: 3000,
    });

    // Removed, each once: a second removal says so at its field.
    expect((await post("/carriers/price/remove", { carrierId, service: "storage" })).code).toBe(200);
    expect((await post("/carriers/discount/remove", { carrierId, code: "bulk" })).code).toBe(200);
    expect((await post("/liftingFees/remove", { kind: "crane", maxTons: "7.5" })).code).toBe(200);
    const again = await post("/carriers/discount/remove", { carrierId, code: "bulk" });
    expect(again.status).toBe(404);
    expect(fieldsOf(again).code).toEqual(["logisticsSettings.errors.nothingToRemove"]);
    const after = (await carriers()).carriers.find((c) => c.id === swift.id)!;
    expect(after.prices.map((p) => p.service)).toEqual(["delivery"]);
    expect(after.discounts.map((d) => d.code)).toEqual(["early"]);
    expect(await opsCommand(api.db, "carriers", ["list"])).not.toContain("crane up to 7.5 t");
  });

  it("refuses bad carrier input at its field with a translated message, saving nothing", async () => {
    const carrierId = String((await carriers()).carriers[0]!.id);
    const before = await snapshot();
    const cases: [string, Record<string, string>, string, string][] = [
      [
        "/carriers/price/save",
        { carrierId, service: "delivery", perM3: "-5", perTon: "1" },
        "perM3",
        "logisticsSettings.errors.negative|logisticsSettings.fields.perM3",
      ],
      ["/carriers/price/save", { carrierId, service: "delivery", perM3: "abc", perTon: "1" }, "perM3", "validation.correct|logisticsSettings.fields.perM3"],
      ["/carriers/price/save", { carrierId, service: "delivery", perM3: "1", perTon: "1.005" }, "perTon", "validation.correct|logisticsSettings.fields.perTon"],
      ["/carriers/price/save", { carrierId, service: "teleport", perM3: "1", perTon: "1" }, "service", "validation.required|logisticsSettings.fields.service"],
      [
        "/carriers/discount/save",
        { carrierId, code: "big", kind: "volume", minM3: "5", percent: "100.5", nameZh: "x", nameEn: "x" },
        "percent",
        "logisticsSettings.errors.percent|logisticsSettings.fields.percent",
      ],
      [
        "/carriers/discount/save",
        { carrierId, code: "big", kind: "volume", minM3: "5", percent: "-10", nameZh: "x", nameEn: "x" },
        "percent",
        "logisticsSettings.errors.percent|logisticsSettings.fields.percent",
      ],
      [
        "/carriers/discount/save",
        { carrierId, code: "big", kind: "volume", minM3: "5", percent: "10", amount: "5", nameZh: "x", nameEn: "x" },
        "percent",
        "logisticsSettings.errors.percentOrAmount",
      ],
      [
        "/carriers/discount/save",
        { carrierId, code: "big", kind: "early", until: `${testCalendar.rawMoveIn.from.slice(0, 4)}-02-30`, percent: "10", nameZh: "x", nameEn: "x" },
        "until",
        "validation.correct|logisticsSettings.fields.until",
      ],
      // Year 0000 looks like a day but PostgreSQL has none: refused at the field, not a 500 from the date column.
      [
        "/carriers/discount/save",
        { carrierId, code: "big", kind: "early", until: "0000-01-01", percent: "10", nameZh: "x", nameEn: "x" },
        "until",
        "validation.correct|logisticsSettings.fields.until",
      ],
      [
        "/carriers/discount/save",
        { carrierId, code: "big", kind: "volume", minM3: "abc", percent: "10", nameZh: "x", nameEn: "x" },
        "minM3",
        "validation.correct|logisticsSettings.fields.minM3",
      ],
      ["/liftingFees/save", { kind: "crane", maxTons: "0", fee: "100" }, "maxTons", "logisticsSettings.errors.positive|logisticsSettings.fields.maxTons"],
      ["/liftingFees/save", { kind: "crane", maxTons: "2", fee: "-100" }, "fee", "logisticsSettings.errors.negative|logisticsSettings.fields.fee"],
      [
        "/carriers/save",
        { code: "bad code!", nameZh: "x", nameEn: "x", email: "a@b.test" },
        "code",
        "logisticsSettings.errors.code|logisticsSettings.fields.code",
      ],
      ["/carriers/save", { code: "newco", nameZh: "x", nameEn: "x", email: "not-an-address" }, "email", "validation.email"],
      [
        "/carriers/save",
        { code: "newco", nameZh: "x", nameEn: "x", email: "a@b.test", sort: "abc" },
        "sort",
        "validation.correct|logisticsSettings.fields.sort",
      ],
      ["/carriers/save", { code: "shunda", nameZh: "x", nameEn: "x", email: "a@b.test" }, "code", "logisticsSettings.errors.codeTaken"],
    ];
    for (const [path, form, field, message] of cases) {
      const refused = await post(path, form);
      expect(refused.status, `${path} ${field}`).toBeGreaterThanOrEqual(400);
      expect(refused.status, `${path} ${field}`).toBeLessThan(500);
      expect(fieldsOf(refused)[field], `${path} ${field}`).toEqual([message]);
      expect(refused.message, field).not.toMatch(/\|/);
    }
    // The message is translated for the reader.
    const zh = await api.call("/smeb/settings/carriers/price/save", {
      ticket: admin,
      lang: "zh",
      form: { carrierId, service: "delivery", perM3: "-5", perTon: "1" },
    });
    expect(zh.message).toBe("每立方米价格（元）不能为负数");
    expect(await snapshot()).toBe(before);
  });

  it("a new carrier's code sent twice at once (a double submit) saves one carrier; the other is told the code is taken, never a 500", async () => {
    const form = { code: "twice", nameZh: "双击", nameEn: "Twice", email: "desk@twice.test" };
    const answers = await Promise.all([0, 1, 2].map(() => post("/carriers/save", form)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(fieldsOf(refused).code).toEqual(["logisticsSettings.errors.codeTaken"]);
    expect((await carriers()).carriers.filter((c) => c.code === "twice")).toHaveLength(1);
  });

  it("saves the badge quota and the construction calendar, which the CLI and the exhibitors' pages then see", async () => {
    const quota = await post<BadgeQuotaRule>("/badgeQuota/save", {
      freeBase: "3",
      baseAreaM2: "12",
      stepAreaM2: "9",
      freePerStep: "2",
      paidMax: "5",
      paidPrice: "95.50",
    });
    expect(quota.code, quota.message).toBe(200);
    expect(quota.data).toEqual({ freeBase: 3, baseAreaM2: 12, stepAreaM2: 9, freePerStep: 2, paidMax: 5, paidPriceCents: 9550 });
    expect((await api.call<BadgeQuotaRule>("/smeb/settings/badgeQuota", { ticket: admin })).data).toEqual(quota.data);
    expect(await opsCommand(api.db, "badge-quota", [])).toContain("3 free badges up to 12 m², 2 more per further 9 m²; up to 5 paid at 95.50 each");
    await opsCommand(api.db, "badge-quota", ["--paid-max", "7"]);
    expect((await api.call<BadgeQuotaRule>("/smeb/settings/badgeQuota", { ticket: admin })).data.paidMax).toBe(7);
    const list = await api.call<{ quota: { paidPriceCents: number } }>("/smeb/pass/ticket/list", { ticket: std01 });
    expect(list.data.quota.paidPriceCents).toBe(9550);

    const current = (await api.call<ConstructionSettings>("/smeb/settings/construction", { ticket: admin })).data;
    const calendar = { buildUpFrom: current.buildUpFrom, buildUpTo: current.buildUpTo, dismantleFrom: current.dismantleFrom, dismantleTo: current.dismantleTo };
    const saved = await post<ConstructionSettings>("/construction/save", { ...calendar, insuranceMin: "1,500,000" });
    expect(saved.code, saved.message).toBe(200);
    expect(saved.data).toEqual({ ...calendar, insuranceMinCents: 150_000_000 });
    expect(await opsCommand(api.db, "construction-settings", [])).toContain("Insurance at least 1,500,000.00 CNY");
    await opsCommand(api.db, "construction-settings", ["--insurance-min-cents", "20000000"]);
    expect((await api.call<ConstructionSettings>("/smeb/settings/construction", { ticket: admin })).data.insuranceMinCents).toBe(20_000_000);
  });

  it("refuses a bad quota or calendar at its field, saving nothing", async () => {
    const before = await snapshot();
    const quota = { freeBase: "3", baseAreaM2: "9", stepAreaM2: "9", freePerStep: "1", paidMax: "5", paidPrice: "80" };
    for (const [change, field, message] of [
      [{ freeBase: "abc" }, "freeBase", "validation.correct|logisticsSettings.fields.freeBase"],
      [{ paidMax: "-1" }, "paidMax", "logisticsSettings.errors.negative|logisticsSettings.fields.paidMax"],
      [{ baseAreaM2: "0" }, "baseAreaM2", "logisticsSettings.errors.positive|logisticsSettings.fields.baseAreaM2"],
      [{ paidPrice: "-80" }, "paidPrice", "logisticsSettings.errors.negative|logisticsSettings.fields.paidPrice"],
      [{ freePerStep: "" }, "freePerStep", "validation.required|logisticsSettings.fields.freePerStep"],
    ] as const) {
      const refused = await post("/badgeQuota/save", { ...quota, ...change });
      expect(refused.status, field).toBe(400);
      expect(fieldsOf(refused)[field], field).toEqual([message]);
    }
    const current = (await api.call<ConstructionSettings>("/smeb/settings/construction", { ticket: admin })).data;
    const calendar = {
      buildUpFrom: current.buildUpFrom,
      buildUpTo: current.buildUpTo,
      dismantleFrom: current.dismantleFrom,
      dismantleTo: current.dismantleTo,
      insuranceMin: "0",
    };
    for (const [change, field, message] of [
      [{ buildUpTo: current.dismantleTo, dismantleFrom: current.buildUpFrom }, "dismantleFrom", "logisticsSettings.errors.dayOrder.dismantleFrom"],
      [{ dismantleTo: addDays(current.dismantleFrom, -1) }, "dismantleTo", "logisticsSettings.errors.dayOrder.dismantleTo"],
      [{ buildUpFrom: `${current.buildUpFrom.slice(0, 4)}-02-30` }, "buildUpFrom", "validation.correct|logisticsSettings.fields.buildUpFrom"],
      [{ buildUpFrom: "0000-01-01" }, "buildUpFrom", "validation.correct|logisticsSettings.fields.buildUpFrom"],
      [{ insuranceMin: "-1" }, "insuranceMin", "logisticsSettings.errors.negative|logisticsSettings.fields.insuranceMin"],
      [{ insuranceMin: "abc" }, "insuranceMin", "validation.correct|logisticsSettings.fields.insuranceMin"],
    ] as const) {
      const refused = await post("/construction/save", { ...calendar, ...change });
      expect(refused.status, field).toBe(400);
      expect(fieldsOf(refused)[field], field).toEqual([message]);
    }
    expect(await snapshot()).toBe(before);
  });

  it("the pages' plain posts (no script) save a discount and a lifting fee class, and a refused one answers 400 with the form", async () => {
    const organizer = portalClient(api.baseUrl);
    await organizer.signIn("admin", "Admin#2026");
    const shunda = (await carriers()).carriers.find((c) => c.code === "shunda")!;
    const postPage = (form: Record<string, string>) =>
      organizer.request("/index/settings/carriers", { body: new URLSearchParams(form), headers: { "sec-fetch-site": "same-origin" } });
    const discount = {
      intent: "saveDiscount",
      carrierId: String(shunda.id),
      code: "page",
      kind: "volume",
      minM3: "7.25",
      percent: "",
      amount: "45.5",
      nameZh: "页面",
      nameEn: "Page",
      until: "",
    };
    const refused = await postPage({ ...discount, amount: "-1" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Amount off (yuan) cannot be negative");
    const saved = await postPage(discount);
    expect(saved.status).toBe(302);
    expect((await carriers()).carriers.find((c) => c.id === shunda.id)!.discounts).toContainEqual(
      expect.objectContaining({ code: "page", kind: "volume", minVolumeCm3: 7_250_000, amountCents: 4550, percentBp: null }),
    );
    expect((await postPage({ intent: "saveLiftingFee", kind: "forklift", maxTons: "0.75", fee: "120" })).status).toBe(302);
    expect((await carriers()).liftingFees).toContainEqual({ kind: "forklift", maxWeightKg: 750, feeCents: 12000 });
    expect((await postPage({ intent: "removeLiftingFee", kind: "forklift", maxTons: "0.75" })).status).toBe(302);
    expect((await postPage({ intent: "removeDiscount", carrierId: String(shunda.id), code: "page" })).status).toBe(302);
    expect(await opsCommand(api.db, "carriers", ["list"])).not.toContain("page (volume)");
  });

  it("is the organizer's only: an exhibitor or a carrier gets 403 and changes nothing; their pages go to /401", async () => {
    const before = await snapshot();
    for (const ticket of [std01, carrier]) {
      expect((await api.call("/smeb/settings/carriers", { ticket })).status).toBe(403);
      expect((await api.call("/smeb/settings/badgeQuota", { ticket })).status).toBe(403);
      expect((await post("/liftingFees/save", { kind: "crane", maxTons: "1", fee: "1" }, ticket)).status).toBe(403);
      expect(
        (await post("/badgeQuota/save", { freeBase: "9", baseAreaM2: "9", stepAreaM2: "9", freePerStep: "1", paidMax: "5", paidPrice: "0" }, ticket)).status,
      ).toBe(403);
    }
    expect((await api.call("/smeb/settings/construction")).status).toBe(401);
    expect(await snapshot()).toBe(before);
    const browser = portalClient(api.baseUrl);
    await browser.signIn("std01", "Expo#2026");
    for (const path of ["/index/settings/carriers", "/index/settings/badgeQuota", "/index/settings/construction"]) {
      const page = await browser.request(path);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location")).toBe("/401");
    }
    // The organizer's pages show what is stored, and /index/settings links them.
    const organizer = portalClient(api.baseUrl);
    await organizer.signIn("admin", "Admin#2026");
    const settings = await (await organizer.request("/index/settings")).text();
    expect(settings).toContain('href="/index/settings/carriers"');
    expect(settings).toContain('href="/index/settings/construction"');
    const page = await organizer.request("/index/settings/carriers");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("shunda");
  });
});
