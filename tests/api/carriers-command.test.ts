import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../server/seed/create-user";
import { carrierByCodeLocked, createCarrier } from "../../server/transport/carrier-settings";
import { until } from "../support/until";
import { opsCommand } from "../support/ops-command";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { addDays, testCalendar } from "../support/test-clock";
import { tablesSnapshot } from "../support/table-snapshot";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const TABLES = ["carriers", "carrier_accounts", "carrier_prices", "carrier_discounts", "lifting_fee_classes"] as const;

/** The ops command that appoints an exhibition's exhibit-transport carriers (cli.js carriers). */
describe.each(backendsOf(import.meta.url))("cli.js carriers on %s", (backend) => {
  let api: TestApi;
  let exhibition: { id: number; code: string };
  const carriers = (args: string[]) => opsCommand(api.db, "carriers", args);
  // A real day for an early discount, and one that is not (the 32nd of its month).
  const earlyUntil = addDays(testCalendar.opensOn, -20);
  const noSuchDay = `${earlyUntil.slice(0, 8)}32`;
  beforeAll(async () => {
    api = await startTestApi(backend);
    exhibition = await api.db.selectFrom("exhibitions").select(["id", "code"]).orderBy("id").executeTakeFirstOrThrow();
  });
  afterAll(() => api?.close());

  /** Every row of the carriers' tables, as text: equal before and after means nothing changed. */
  const snapshot = () => tablesSnapshot(api.db, TABLES);

  const carrierId = async (code: string) =>
    (await api.db.selectFrom("carriers").select("id").where("exhibition_id", "=", exhibition.id).where("code", "=", code).executeTakeFirst())?.id;
  const price = async (code: string, service: string) =>
    api.db
      .selectFrom("carrier_prices as p")
      .innerJoin("carriers as c", "c.id", "p.carrier_id")
      .select(["p.per_m3_cents", "p.per_ton_cents", "p.minimum_cents"])
      .where("c.exhibition_id", "=", exhibition.id)
      .where("c.code", "=", code)
      .where("p.service", "=", service as "delivery")
      .executeTakeFirst();
  const discount = async (carrier: string, code: string) =>
    api.db
      .selectFrom("carrier_discounts as d")
      .innerJoin("carriers as c", "c.id", "d.carrier_id")
      .select([
        "d.name_zh",
        "d.name_en",
        "d.kind",
        sql<string | null>`to_char(d.until_on, 'YYYY-MM-DD')`.as("until_on"),
        "d.min_volume_cm3",
        "d.percent_bp",
        "d.amount_cents",
      ])
      .where("c.exhibition_id", "=", exhibition.id)
      .where("c.code", "=", carrier)
      .where("d.code", "=", code)
      .executeTakeFirst();
  const num = (v: string | number | null | undefined) => (v === null || v === undefined ? v : Number(v));

  /** The carriers this file's tests add, beside the seeded ones. */
  const madeHere = new Set<string>();
  /** A carrier of the test's own, made with the command: its code. */
  async function newCarrier() {
    const code = `cargo-${crypto.randomBytes(4).toString("hex")}`;
    madeHere.add(code);
    const created = await carriers(["set", code, "--name-zh", "货运通", "--name-en", "Cargo Express Ltd.", "--email", "desk@cargo.example.com"]);
    expect(created).toContain(`Created carrier ${code}`);
    return code;
  }

  async function expectRefused(args: string[], pattern: RegExp) {
    const before = await snapshot();
    await expect(carriers(args), args.join(" ")).rejects.toThrow(pattern);
    await expect(carriers(args), args.join(" ")).rejects.toThrow(/Usage: cli\.js carriers/);
    expect(await snapshot(), args.join(" ")).toBe(before);
  }

  it("lists the seeded carriers with accounts, prices, discounts and the lifting fee classes", async () => {
    const listed = await carriers([exhibition.code, "list"]);
    // The seeded two, and those other tests added.
    const codes = (await api.db.selectFrom("carriers").select("code").where("exhibition_id", "=", exhibition.id).execute()).map((row) => row.code);
    expect(codes.filter((code) => !madeHere.has(code)).sort()).toEqual(["hengtong", "shunda"]);
    expect(listed).toContain(`${exhibition.code}: ${codes.length} carrier(s).`);
    expect(listed).toContain("shunda: 顺达国际物流有限公司 / Shunda International Logistics Co., Ltd. (active, sort 1)");
    expect(listed).toContain("e-mail dispatch@shunda.example.com; phone 0755-86001234");
    expect(listed).toContain("accounts: carrier01");
    expect(listed).toContain("delivery: 180.00 per m³ / 120.00 per ton / minimum 500.00 yuan");
    expect(listed).toContain("hengtong: 恒通会展物流有限公司");
    expect(listed).toContain("accounts: carrier02");
    expect(listed).toMatch(/early \(early\): 10 % off when declared on or before \d{4}-\d{2}-\d{2}/);
    expect(listed).toContain("volume20 (volume): 300.00 yuan off when 20 m³ or more");
    expect(listed).toContain("forklift up to 1 t: 200.00 yuan per piece");
    expect(listed).toContain("crane up to 30 t: 5,500.00 yuan per piece");
    // Without a code: the first exhibition; without a subcommand: the list.
    expect(await carriers(["list"])).toBe(listed);
    expect(await carriers([])).toBe(listed);
  });

  it("creates a carrier and changes some of its fields", async () => {
    madeHere.add("cargo");
    const created = await carriers([
      exhibition.code,
      "set",
      "cargo",
      "--name-zh",
      "货运通",
      "--name-en",
      "Cargo Express Ltd.",
      "--email",
      "desk@cargo.example.com",
      "--phone",
      "021-5550 1234",
      "--sort",
      "3",
    ]);
    expect(created).toContain("Created carrier cargo");
    expect(
      await api.db
        .selectFrom("carriers")
        .selectAll()
        .where("id", "=", (await carrierId("cargo"))!)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({
      exhibition_id: exhibition.id,
      name_zh: "货运通",
      name_en: "Cargo Express Ltd.",
      contact_email: "desk@cargo.example.com",
      contact_phone: "021-5550 1234",
      active: true,
      sort: 3,
    });
    const updated = await carriers(["set", "cargo", "--active", "no", "--email", "ops@cargo.example.com"]);
    expect(updated).toContain("Updated carrier cargo (email, active).");
    expect(updated).toContain("(inactive, sort 3)");
    expect(await api.db.selectFrom("carriers").selectAll().where("code", "=", "cargo").executeTakeFirstOrThrow()).toMatchObject({
      name_zh: "货运通",
      contact_email: "ops@cargo.example.com",
      active: false,
    });

    await expectRefused(["set", "newco", "--name-zh", "新公司", "--name-en", "New Co"], /needs --email/);
    await expectRefused(["set", "newco", "--name-zh", "新公司", "--name-en", "New Co", "--email", "not-an-address"], /not a valid e-mail/);
    await expectRefused(["set", "cargo", "--email", "a@b"], /not a valid e-mail/);
    await expectRefused(["set", "cargo", "--active", "maybe"], /--active must be yes or no/);
    await expectRefused(["set", "cargo", "--sort", "1.5"], /--sort must be a whole number/);
    await expectRefused(["set", "cargo", "--colour", "red"], /Unknown option '--colour'/);
    await expectRefused(["set", "cargo", "--per-m3", "10"], /"set" takes only --name-zh, .*; got --per-m3/);
    await expectRefused(["set", "cargo", "--sort", "1", "--sort", "2"], /--sort is given twice/);
    await expectRefused(["set", "cargo", "colour=red"], /Not understood: "colour=red"/);
    await expectRefused(["set", "cargo"], /Nothing to change/);
    await expectRefused(["set", "bad code!", "--name-zh", "x"], /not a valid carrier code/);
    // The old key=value form names the option to type instead.
    await expectRefused(["set", "cargo", "active=no"], /Not understood: "active=no" \(settings are options: --active no\)/);
    await expectRefused(["set", "newco", "nameZh=新公司", "nameEn=New Co", "email=desk@newco.example.com"], /settings are options: --name-zh 新公司/);
    expect(await carrierId("newco")).toBeUndefined();
  });

  // Two writers at once need two connections: the embedded database has one.
  it.runIf(backend === "postgres")("waits for another writer creating the same carrier and changes it instead of failing", async () => {
    let answer: Promise<string> | undefined;
    // Another writer (the organizer's page, another ops shell) creates "twinco" and has not committed yet.
    madeHere.add("twinco");
    await api.db.transaction().execute(async (trx) => {
      expect(await carrierByCodeLocked(trx, exhibition.id, "twinco")).toBeUndefined();
      await createCarrier(trx, exhibition.id, "twinco", { name_zh: "双子物流", name_en: "Twin Logistics", contact_email: "first@twin.example.com" });
      answer = carriers([exhibition.code, "set", "twinco", "--name-zh", "双子物流", "--name-en", "Twin Logistics", "--email", "second@twin.example.com"]);
      // The command waits on the exhibition's lock (without it, it would find no carrier, insert, and
      // fail on the unique index once this transaction commits).
      await until(async () => {
        const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(api.db);
        return rows[0]!.waiting > 0;
      });
    });
    expect(await answer).toMatch(/^Updated carrier twinco \(name-zh, name-en, email\)\./);
    const rows = await api.db.selectFrom("carriers").select("contact_email").where("exhibition_id", "=", exhibition.id).where("code", "=", "twinco").execute();
    expect(rows).toEqual([{ contact_email: "second@twin.example.com" }]);
  });

  it("links a carrier user, moves it between carriers, and refuses an exhibitor", async () => {
    const cargo = await newCarrier();
    const userId = await createUser(api.db, { username: "carrier03", password: "Expo#2026x", role: "carrier" });
    const linked = await carriers([exhibition.code, "account", cargo, "carrier03"]);
    expect(linked).toContain(`carrier03 now acts for carrier ${cargo}.`);
    expect(await api.db.selectFrom("carrier_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst()).toEqual({
      user_id: userId,
      carrier_id: await carrierId(cargo),
    });

    const moved = await carriers(["account", "hengtong", "carrier03"]);
    expect(moved).toContain(`Moved carrier03 from carrier ${cargo} to carrier hengtong`);
    expect(moved).toContain("accounts: carrier02, carrier03");
    expect(await api.db.selectFrom("carrier_accounts").select("carrier_id").where("user_id", "=", userId).execute()).toEqual([
      { carrier_id: await carrierId("hengtong") },
    ]);
    expect(await carriers(["account", "hengtong", "carrier03"])).toContain("already acts for carrier hengtong; nothing changed");

    await expectRefused(["account", cargo, "std01"], /not a carrier account/);
    await expectRefused(["account", cargo, "nobody-here"], /No user "nobody-here"/);
    await expectRefused(["account", "no-such-carrier", "carrier03"], /No carrier "no-such-carrier"/);
    await expectRefused(["account", cargo], /takes a carrier code and a username/);
    const std01 = await api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
    expect(await api.db.selectFrom("carrier_accounts").select("user_id").where("user_id", "=", std01.id).executeTakeFirst()).toBeUndefined();
  });

  it("adds, replaces and removes a price, and refuses a bad service or amount", async () => {
    const cargo = await newCarrier();
    const added = await carriers(["price", cargo, "crane", "--per-m3", "150", "--per-ton", "0", "--minimum", "800.5"]);
    expect(added).toContain(`Added the crane price of carrier ${cargo}: 150.00 per m³, 0.00 per ton, minimum 800.50 yuan.`);
    expect(await price(cargo, "crane")).toMatchObject({ per_m3_cents: expect.anything() });
    let row = await price(cargo, "crane");
    expect([num(row?.per_m3_cents), num(row?.per_ton_cents), num(row?.minimum_cents)]).toEqual([15_000, 0, 80_050]);

    const replaced = await carriers([exhibition.code, "price", cargo, "crane", "--per-m3", "1,200.25", "--per-ton=99.9"]);
    expect(replaced).toContain("Replaced the crane price");
    row = await price(cargo, "crane");
    expect([num(row?.per_m3_cents), num(row?.per_ton_cents), num(row?.minimum_cents)]).toEqual([120_025, 9_990, 0]);

    await expectRefused(["price", cargo, "teleport", "--per-m3", "1", "--per-ton", "1"], /Unknown service "teleport"/);
    await expectRefused(["price", cargo, "crane", "--per-m3=-1", "--per-ton", "1"], /--per-m3 must be an amount in yuan/);
    await expectRefused(["price", cargo, "crane", "--per-m3", "-1", "--per-ton", "1"], /Option '--per-m3' argument is ambiguous/);
    await expectRefused(["price", cargo, "crane", "--per-m3", "1.005", "--per-ton", "1"], /--per-m3 must be an amount/);
    await expectRefused(["price", cargo, "crane", "--per-m3", "abc", "--per-ton", "1"], /--per-m3 must be an amount/);
    await expectRefused(["price", cargo, "crane", "--per-m3", "1"], /--per-ton must be an amount/);
    await expectRefused(["price", cargo, "crane", "--remove", "--per-m3", "1"], /--remove takes no other option; got --per-m3/);
    await expectRefused(["price", cargo, "delivery", "--remove"], /no delivery price to remove/);
    // The old forms: key=value, and "remove" as a word.
    await expectRefused(["price", cargo, "crane", "perM3=150", "perTon=0"], /Not understood: "perM3=150" \(settings are options: --per-m3 150\)/);
    await expectRefused(["price", cargo, "crane", "remove"], /Not understood: "remove"/);

    expect(await carriers(["price", cargo, "crane", "--remove"])).toContain(`Removed the crane price of carrier ${cargo}.`);
    expect(await price(cargo, "crane")).toBeUndefined();
    // The seeded carriers' prices were not touched.
    row = await price("shunda", "crane");
    expect([num(row?.per_m3_cents), num(row?.per_ton_cents), num(row?.minimum_cents)]).toEqual([15_000, 16_000, 80_000]);
  });

  it("adds and replaces early and volume discounts with a percent or an amount, and refuses bad combinations", async () => {
    const cargo = await newCarrier();
    await carriers(["discount", cargo, "early", "--kind", "early", "--until", earlyUntil, "--percent", "12.5", "--name-zh", "早鸟", "--name-en", "Early bird"]);
    expect(await discount(cargo, "early")).toMatchObject({
      kind: "early",
      until_on: earlyUntil,
      min_volume_cm3: null,
      percent_bp: 1_250,
      amount_cents: null,
      name_en: "Early bird",
    });

    const volume = await carriers([
      "discount",
      cargo,
      "bulk",
      "--kind",
      "volume",
      "--min-m3",
      "12.5",
      "--amount",
      "250.50",
      "--name-zh",
      "大批量",
      "--name-en",
      "Bulk",
    ]);
    expect(volume).toContain("bulk (volume): 250.50 yuan off when 12.5 m³ or more");
    let bulk = await discount(cargo, "bulk");
    expect({ ...bulk, min_volume_cm3: num(bulk?.min_volume_cm3), amount_cents: num(bulk?.amount_cents) }).toMatchObject({
      kind: "volume",
      until_on: null,
      min_volume_cm3: 12_500_000,
      percent_bp: null,
      amount_cents: 25_050,
    });

    // Replacing turns the early discount into a volume one with a fixed amount.
    expect(
      await carriers(["discount", cargo, "early", "--kind", "volume", "--min-m3", "0.5", "--percent", "100", "--name-zh", "改", "--name-en", "Changed"]),
    ).toContain("Replaced discount early");
    expect(await discount(cargo, "early")).toMatchObject({ kind: "volume", until_on: null, percent_bp: 10_000, amount_cents: null, name_zh: "改" });
    expect(num((await discount(cargo, "early"))?.min_volume_cm3)).toBe(500_000);

    const named = ["--name-zh", "折扣", "--name-en", "Discount"];
    const early = ["--kind", "early", "--until", earlyUntil];
    const byVolume = ["--kind", "volume", "--min-m3", "5"];
    await expectRefused(["discount", cargo, "x", ...early, "--percent", "10", "--amount", "5", ...named], /exactly one of --percent/);
    await expectRefused(["discount", cargo, "x", ...early, ...named], /exactly one of --percent/);
    await expectRefused(["discount", cargo, "x", "--kind", "early", "--min-m3", "5", "--percent", "10", ...named], /early discount takes --until/);
    await expectRefused(["discount", cargo, "x", "--kind", "early", "--until", noSuchDay, "--percent", "10", ...named], /needs --until <YYYY-MM-DD>/);
    await expectRefused(["discount", cargo, "x", "--kind", "volume", "--until", earlyUntil, "--percent", "10", ...named], /volume discount takes --min-m3/);
    await expectRefused(["discount", cargo, "x", "--kind", "volume", "--min-m3", "0", "--percent", "10", ...named], /needs --min-m3/);
    await expectRefused(["discount", cargo, "x", ...byVolume, "--percent", "100.01", ...named], /--percent must be above 0/);
    await expectRefused(["discount", cargo, "x", ...byVolume, "--percent", "0", ...named], /--percent must be above 0/);
    await expectRefused(["discount", cargo, "x", ...byVolume, "--amount", "0", ...named], /--amount must be an amount in yuan above 0/);
    await expectRefused(["discount", cargo, "x", "--kind", "weekly", "--percent", "10", ...named], /--kind must be early or volume/);
    await expectRefused(["discount", cargo, "x", ...byVolume, "--percent", "10", "--name-zh", "折扣"], /--name-en must not be empty/);
    await expectRefused(["discount", cargo, "bulk", ...byVolume, "--percent", "10", "--name-zh", "折扣", "--name-en="], /--name-en must not be empty/);
    await expectRefused(["discount", cargo, "x", ...byVolume, "--fee", "10", ...named], /"discount" takes only .*; got --fee/);
    await expectRefused(["discount", cargo, "nothing-here", "--remove"], /no discount "nothing-here"/);
    // The old form, as the issue quotes it.
    await expectRefused(
      ["discount", cargo, "x", "kind=early", `until=${earlyUntil}`, "percent=12.5", "nameZh=早鸟", "nameEn=Early bird"],
      /Not understood: "kind=early" \(settings are options: --kind early\)/,
    );
    await expectRefused(["discount", cargo, "x", ...byVolume, "--percent", "10", "nameEn=Early bird"], /settings are options: --name-en "Early bird"/);
    bulk = await discount(cargo, "bulk");
    expect(num(bulk?.amount_cents)).toBe(25_050);

    expect(await carriers(["discount", cargo, "bulk", "--remove"])).toContain(`Removed discount bulk of carrier ${cargo}.`);
    expect(await discount(cargo, "bulk")).toBeUndefined();
    expect(await discount(cargo, "early")).toBeDefined();
  });

  it("adds, replaces and removes lifting fee classes", async () => {
    const fee = async (kind: "forklift" | "crane", kg: number) =>
      num(
        (
          await api.db
            .selectFrom("lifting_fee_classes")
            .select("fee_cents")
            .where("exhibition_id", "=", exhibition.id)
            .where("kind", "=", kind)
            .where("max_weight_kg", "=", kg)
            .executeTakeFirst()
        )?.fee_cents,
      );
    const added = await carriers(["lifting-fee", "forklift", "7.5", "--fee", "900"]);
    expect(added).toContain("Added the forklift class up to 7.5 t: 900.00 yuan per piece.");
    expect(added).toContain("forklift up to 1 t: 200.00 yuan per piece");
    expect(await fee("forklift", 7_500)).toBe(90_000);
    expect(await carriers([exhibition.code, "lifting-fee", "forklift", "7.5", "--fee", "950.5"])).toContain("Replaced the forklift class up to 7.5 t");
    expect(await fee("forklift", 7_500)).toBe(95_050);

    await expectRefused(["lifting-fee", "helicopter", "1", "--fee", "100"], /forklift or crane/);
    await expectRefused(["lifting-fee", "crane", "0", "--fee", "100"], /maximum weight must be in tons above 0/);
    await expectRefused(["lifting-fee", "crane", "1.2345", "--fee", "100"], /maximum weight must be in tons/);
    await expectRefused(["lifting-fee", "crane", "40", "--fee", "0"], /--fee must be an amount in yuan above 0/);
    await expectRefused(["lifting-fee", "crane", "40"], /takes a kind, a maximum weight in tons, and --fee <yuan> or --remove/);
    await expectRefused(["lifting-fee", "crane", "40", "--fee", "100", "--remove"], /--remove takes no other option; got --fee/);
    await expectRefused(["lifting-fee", "crane", "7.5", "--remove"], /no crane class up to 7.5 t to remove/);
    // The old form: the fee as a third word.
    await expectRefused(["lifting-fee", "crane", "40", "100"], /Not understood: "100"/);

    expect(await carriers(["lifting-fee", "forklift", "7.5", "--remove"])).toContain("Removed the forklift class up to 7.5 t.");
    expect(await fee("forklift", 7_500)).toBeUndefined();
    expect(await fee("forklift", 1_000)).toBe(20_000);
  });

  it("refuses an unknown exhibition code or subcommand and changes nothing", async () => {
    await expectRefused(
      ["NO-SUCH-SHOW", "set", "ghost", "--name-zh", "鬼", "--name-en", "Ghost", "--email", "g@ghost.example.com"],
      /No exhibition with the code "NO-SUCH-SHOW"/,
    );
    await expectRefused(["NO-SUCH-SHOW", "list"], /No exhibition with the code/);
    await expectRefused([exhibition.code, "fly"], /Unknown subcommand "fly"/);
    await expectRefused(["list", "extra"], /"list" takes nothing more/);
    await expectRefused(["list", "--remove"], /"list" takes no options; got --remove/);
    await expectRefused(["account", "cargo", "carrier03", "--sort", "1"], /"account" takes no options; got --sort/);
    expect(await carrierId("ghost")).toBeUndefined();
  });
});
