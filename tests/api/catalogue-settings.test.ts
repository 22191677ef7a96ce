import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentSetting, AgentSettingsPage, ServiceSetting, ServiceSettingsPage } from "../../app/contracts/catalogue-settings/api-types";
import { CATALOGUE_PAGE_SIZE } from "../../app/contracts/catalogue-settings/values";
import { exhibitionDateTimeInput } from "../../app/contracts/common/exhibition-time";
import type { Catalogue } from "../../app/contracts/orders/api-types";
import type { OverseasAgentsAnswer } from "../../app/contracts/vehicles/overseas/types";
import { appClock } from "../../server/clock";
import { runOpsCommand } from "../../server/ops/commands";
import { portalClient } from "../support/portal-client";
import { backendsOf, loadRemixBuild, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { idorProbesOnBothDatabases } from "../support/idor-both-databases";
import { catalogueSettingsSweep } from "./idor/catalogue-settings";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The organizer's on-site service catalogue and overseas agents (issue 52, /index/settings/services and
 * /index/settings/overseasAgents): saved and read back, what exhibitors see follows, bad input refused
 * at its field with nothing saved, rows that orders or requests refer to are not removed, only the
 * organizer may do any of it, and the CLI reads and changes the same rows through the same rules.
 */
describe.each(backendsOf(import.meta.url))("the service catalogue and overseas agents settings on %s", (backend) => {
  let api: TestApi;
  let admin: string;
  let std01: string;
  const tag = crypto.randomBytes(3).toString("hex");
  const ops = (command: string, args: string[]) => runOpsCommand({ db: api.db, store: undefined as never }, command, args);

  beforeAll(async () => {
    api = await startTestApi(backend, {}, { remixBuild: await loadRemixBuild() });
    [admin, std01] = await Promise.all([api.login("admin", "Admin#2026"), api.login("std01", "Expo#2026")]);
  });
  afterAll(async () => {
    await api?.close();
  });

  const services = (page = 1, ticket = admin) => api.call<ServiceSettingsPage>("/smeb/exhibition/services", { ticket, query: { page: String(page) } });
  const saveService = (form: Record<string, string>, ticket = admin) => api.call<ServiceSetting>("/smeb/exhibition/services/save", { ticket, form });
  const agents = (ticket = admin) => api.call<AgentSettingsPage>("/smeb/exhibition/overseasAgents", { ticket });
  const saveAgent = (form: Record<string, string>, ticket = admin) => api.call<AgentSetting>("/smeb/exhibition/overseasAgents/save", { ticket, form });
  const serviceRows = async () => JSON.stringify(await api.db.selectFrom("services").selectAll().orderBy("id").execute());
  const agentRows = async () => JSON.stringify(await api.db.selectFrom("overseas_agents").selectAll().orderBy("id").execute());
  /** Two days from the application clock, in China time, as the form's datetime-local. */
  const inDays = (days: number) => exhibitionDateTimeInput(new Date(appClock.now().getTime() + days * 86_400_000));

  const service = {
    code: `tea-${tag}`,
    category: "furniture",
    nameZh: `茶几 ${tag}`,
    nameEn: `Tea table ${tag}`,
    unitZh: "张",
    unitEn: "table",
    advancePrice: "123.45",
    standardPrice: "150",
    onsitePrice: "1,800.5",
    orderOpensAt: "",
    orderClosesAt: "",
    active: "on",
    sort: "5",
  };

  it("saves a service, reads it back, and the booking page's list shows its price", async () => {
    const saved = await saveService(service);
    expect(saved.code, saved.message).toBe(200);
    expect(saved.message).toBe("Service saved");
    expect(saved.data).toMatchObject({ code: service.code, advanceCents: 12345, standardCents: 15000, onsiteCents: 180050, active: true, inUse: false });
    const first = (await services()).data;
    expect(first.total).toBeGreaterThan(0);
    expect(first.periods.onsiteFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The exhibitor's catalogue (the booking page's list) carries it with the price in force.
    const catalogue = (await api.call<Catalogue>("/smeb/service/service/list", { ticket: std01 })).data;
    const shown = catalogue.list.find((s) => s.code === service.code)!;
    const byKind = { advance: 12345, standard: 15000, onsite: 180050 };
    expect(shown.price.cents).toBe(byKind[shown.price.kind]);

    // A changed price is what the booking page shows next.
    const changed = await saveService({ ...service, id: String(saved.data.id), advancePrice: "99", standardPrice: "99", onsitePrice: "99" });
    expect(changed.code, changed.message).toBe(200);
    const again = (await api.call<Catalogue>("/smeb/service/service/list", { ticket: std01 })).data.list.find((s) => s.code === service.code)!;
    expect(again.price.cents).toBe(9900);
    const browser = portalClient(api.baseUrl);
    await browser.signIn("std01", "Expo#2026");
    // The booking area exists in Chinese only.
    browser.jar.set("lng", "zh");
    const page = await browser.request("/bookingService/onlineBookingService");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(service.nameZh);
    expect(html).toContain("99.00");

    // Withdrawn: no longer offered to exhibitors, still listed for the organizer.
    expect((await saveService({ ...service, id: String(saved.data.id), active: "" })).data.active).toBe(false);
    const withdrawn = (await api.call<Catalogue>("/smeb/service/service/list", { ticket: std01 })).data;
    expect(withdrawn.list.some((s) => s.code === service.code)).toBe(false);
  });

  it("pages the list", async () => {
    // More services than a page holds, whatever ran before: the second page is always there.
    for (let count = (await services(1)).data.total, n = 0; count <= CATALOGUE_PAGE_SIZE; count++, n++)
      expect((await saveService({ ...service, code: `page-${tag}-${n}` })).code).toBe(200);
    const first = (await services(1)).data;
    expect(first.pageSize).toBe(CATALOGUE_PAGE_SIZE);
    expect(first.list).toHaveLength(CATALOGUE_PAGE_SIZE);
    const second = (await services(2)).data;
    expect(second.list.length).toBeGreaterThan(0);
    expect(second.list.map((s) => s.id)).not.toContain(first.list[0]!.id);
  });

  it("refuses bad input at its field, in the caller's language, and saves nothing", async () => {
    // A service whose code the last save below takes again.
    expect((await saveService({ ...service, code: `taken-${tag}` })).code).toBe(200);
    const before = await serviceRows();
    const bad: [Record<string, string>, string, RegExp][] = [
      [{ advancePrice: "-5" }, "advancePrice", /cannot be negative/],
      [{ standardPrice: "abc" }, "standardPrice", /standard price/i],
      [{ onsitePrice: "1.234" }, "onsitePrice", /on-site price/i],
      [{ nameZh: "  " }, "nameZh", /required/],
      [{ orderOpensAt: inDays(5), orderClosesAt: inDays(2) }, "orderClosesAt", /close after they open/],
      [{ orderOpensAt: "2026-02-30T10:00" }, "orderOpensAt", /orders open/i],
      [{ category: "rockets" }, "category", /category/i],
      [{ code: "bad code!" }, "code", /letters, digits/],
    ];
    for (const [change, field, message] of bad) {
      const refused = await saveService({ ...service, code: `bad-${tag}`, ...change });
      expect(refused.code, JSON.stringify(change)).toBe(400);
      const fields = (refused.data as unknown as { fields: Record<string, string[]> }).fields;
      expect(Object.keys(fields)).toEqual([field]);
      expect(refused.message).toMatch(message);
    }
    const zh = await api.call("/smeb/exhibition/services/save", { ticket: admin, form: { ...service, advancePrice: "-1" }, lang: "zh" });
    expect(zh.message).toBe("价格不能为负数");
    // A code another service has.
    const taken = await saveService({ ...service, code: `taken-${tag}`, nameEn: "Other" });
    expect(taken.code).toBe(400);
    expect((taken.data as unknown as { fields: Record<string, string[]> }).fields.code).toBeDefined();
    // An id of no service of this exhibition.
    const ghost = await saveService({ ...service, code: `ghost-${tag}`, id: "2147483647" });
    expect(ghost.code).toBe(404);
    expect(ghost.message).toBe("This record was not found; it may have been removed already");
    expect(await serviceRows()).toBe(before);
  });

  /** A service in std01's cart: one that cannot be removed. */
  async function serviceInCart(code: string) {
    const inCart = (await saveService({ ...service, code })).data;
    const added = await api.call("/smeb/service/cart/add", { ticket: std01, form: { serviceId: String(inCart.id), quantity: "1" } });
    expect(added.code, added.message).toBe(200);
    return inCart;
  }

  it("refuses to remove a service in a cart, removes one nobody ordered", async () => {
    const inCart = await serviceInCart(`cart-${tag}`);
    const spare = (await saveService({ ...service, code: `spare-${tag}` })).data;
    const refused = await api.call("/smeb/exhibition/services/remove", { ticket: admin, form: { id: String(inCart.id) } });
    expect(refused.code).toBe(409);
    expect(refused.message).toMatch(/cannot be removed/);
    expect((await services()).data.list.concat((await services(2)).data.list).find((s) => s.id === inCart.id)?.inUse).toBe(true);
    const removed = await api.call("/smeb/exhibition/services/remove", { ticket: admin, form: { id: String(spare.id) } });
    expect(removed.code, removed.message).toBe(200);
    expect(await api.db.selectFrom("services").select("id").where("id", "=", spare.id).executeTakeFirst()).toBeUndefined();
    // Removed already (another tab, another organizer): said so in the reader's language, on the page too.
    const again = await api.call("/smeb/exhibition/services/remove", { ticket: admin, form: { id: String(spare.id) }, lang: "zh" });
    expect(again.code).toBe(404);
    expect(again.message).toBe("未找到该记录，可能已被删除");
    const browser = portalClient(api.baseUrl);
    browser.jar.set("lng", "en");
    await browser.signIn("admin", "Admin#2026");
    const page = await browser.request(`/index/settings/services?remove=${spare.id}`, {
      body: new URLSearchParams({ intent: "remove", id: String(spare.id) }),
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("This record was not found; it may have been removed already");
  });

  const agent = {
    code: `asia-${tag}`,
    nameZh: `亚洲货运 ${tag}`,
    nameEn: `Asia Freight ${tag}`,
    regionsZh: "东南亚",
    regionsEn: "South-East Asia",
    introZh: "",
    introEn: "Door to booth.",
    contactEmail: "asia@agents.test",
    contactPhone: "+65 6000 0000",
    active: "on",
    sort: "9",
  };

  it("saves an overseas agent, the transport page offers it, bad input is refused, one with requests stays", async () => {
    const saved = await saveAgent(agent);
    expect(saved.code, saved.message).toBe(200);
    expect((await agents()).data.list.find((a) => a.code === agent.code)).toMatchObject({
      nameEn: agent.nameEn,
      introZh: "",
      contactPhone: agent.contactPhone,
    });
    const offered = await api.call<OverseasAgentsAnswer>("/smeb/overseas/agents", { ticket: std01, lang: "zh" });
    expect(offered.code, offered.message).toBe(200);
    expect(offered.data.agents.find((a) => a.code === agent.code)?.name).toBe(agent.nameZh);

    const before = await agentRows();
    for (const [change, field] of [
      [{ nameEn: "" }, "nameEn"],
      [{ contactEmail: "not-an-email" }, "contactEmail"],
      [{ sort: "abc" }, "sort"],
    ] as const) {
      const refused = await saveAgent({ ...agent, code: `bad-${tag}`, ...change });
      expect(refused.code).toBe(400);
      expect(Object.keys((refused.data as unknown as { fields: Record<string, string[]> }).fields)).toEqual([field]);
    }
    expect(await agentRows()).toBe(before);

    await requestTo(saved.data.id);
    const refused = await api.call("/smeb/exhibition/overseasAgents/remove", { ticket: admin, form: { id: String(saved.data.id) } });
    expect(refused.code).toBe(409);
    expect(refused.message).toMatch(/cannot be removed/);
    expect(await agentRows()).toBe(before);
  });

  /** An overseas request of std01 to the agent: the agent cannot be removed then. */
  async function requestTo(agentId: number) {
    const user = await api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
    const exhibition = await api.db.selectFrom("exhibitions").select("id").orderBy("id").executeTakeFirstOrThrow();
    await api.db
      .insertInto("overseas_requests")
      .values({
        exhibition_id: exhibition.id,
        user_id: user.id,
        agent_id: agentId,
        origin_country_id: 2,
        port: "Singapore",
        cargo_description: "machines",
        volume_cm3: 1_000,
        incoterms: "EXW",
        contact_name: "S",
        contact_phone: "13800000000",
        contact_email: "s@example.com",
        sent_to: agent.contactEmail,
      })
      .execute();
  }

  it("answers 403 to anyone but the organizer", async () => {
    const before = [await serviceRows(), await agentRows()];
    expect((await services(1, std01)).code).toBe(403);
    expect((await saveService({ ...service, code: `x-${tag}` }, std01)).code).toBe(403);
    expect((await agents(std01)).code).toBe(403);
    expect((await saveAgent({ ...agent, code: `x-${tag}` }, std01)).code).toBe(403);
    expect([await serviceRows(), await agentRows()]).toEqual(before);
  });

  it("the CLI lists and changes the same rows through the same rules", async () => {
    // Its own rows: a listed service, one in a cart, an agent with a request.
    expect((await saveService({ ...service, code: `listed-${tag}` })).code).toBe(200);
    await serviceInCart(`cli-cart-${tag}`);
    const cliAgent = { ...agent, code: `cli-asia-${tag}` };
    const savedAgent = await saveAgent(cliAgent);
    expect(savedAgent.code, savedAgent.message).toBe(200);
    await requestTo(savedAgent.data.id);
    expect(await ops("services", ["list"])).toContain(`listed-${tag}`);
    const created = await ops("services", [
      "set",
      `cli-${tag}`,
      "--category",
      "water",
      "--name-zh",
      "水管",
      "--name-en",
      "Water pipe",
      "--unit-zh",
      "条",
      "--unit-en",
      "pipe",
      "--advance-price",
      "10",
      "--standard-price",
      "12",
      "--onsite-price",
      "15",
    ]);
    expect(created).toContain(`cli-${tag}`);
    const listed = (await services()).data.list.concat((await services(2)).data.list).find((s) => s.code === `cli-${tag}`);
    expect(listed).toMatchObject({ advanceCents: 1000, standardCents: 1200, onsiteCents: 1500, active: true });
    // Only the fields given change.
    await ops("services", ["set", `cli-${tag}`, "--onsite-price", "20", "--active", "no"]);
    const row = await api.db.selectFrom("services").selectAll().where("code", "=", `cli-${tag}`).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ advance_cents: 1000, onsite_cents: 2000, active: false, name_en: "Water pipe" });
    const before = await serviceRows();
    await expect(ops("services", ["set", `cli-${tag}`, "--advance-price=-3"])).rejects.toThrow(/cannot be negative/);
    await expect(ops("services", ["set", `cli-${tag}`, "--standard-price", "abc"])).rejects.toThrow(/^--standard-price: /);
    await expect(ops("services", ["set", `cli-${tag}`, "--order-opens-at", inDays(3), "--order-closes-at", inDays(1)])).rejects.toThrow(/close after/);
    await expect(ops("services", ["set", `cli-${tag}`, "--colour", "red"])).rejects.toThrow(/Unknown option '--colour'[\s\S]*Usage: cli\.js services/);
    await expect(ops("services", ["remove", `cli-${tag}`, "--sort", "1"])).rejects.toThrow(/"remove" takes no options; got --sort/);
    // The old key=value form is refused with the usage, naming the option to type instead.
    await expect(ops("services", ["set", `cli-${tag}`, "onsitePrice=20"])).rejects.toThrow(
      /Not understood: "onsitePrice=20" \(settings are options: --onsite-price 20\)[\s\S]*Usage: cli\.js services/,
    );
    await expect(ops("services", ["remove", `cli-cart-${tag}`])).rejects.toThrow(/cannot be removed/);
    expect(await serviceRows()).toBe(before);
    expect(await ops("services", ["remove", `cli-${tag}`])).toContain("Removed");

    expect(await ops("overseas-agents", ["list"])).toContain(cliAgent.code);
    await ops("overseas-agents", ["set", cliAgent.code, "--regions-en", "All of Asia"]);
    expect((await agents()).data.list.find((a) => a.code === cliAgent.code)?.regionsEn).toBe("All of Asia");
    await expect(ops("overseas-agents", ["remove", cliAgent.code])).rejects.toThrow(/cannot be removed/);
    await expect(ops("overseas-agents", ["set", `cli-${tag}`, "regionsEn=Europe"])).rejects.toThrow(/settings are options: --regions-en Europe/);
    await ops("overseas-agents", [
      "set",
      `cli-${tag}`,
      "--name-zh",
      "欧洲",
      "--name-en",
      "Europe",
      "--regions-zh",
      "欧洲",
      "--regions-en",
      "Europe",
      "--contact-email",
      "eu@agents.test",
    ]);
    expect((await agents()).data.list.some((a) => a.code === `cli-${tag}`)).toBe(true);
    expect(await ops("overseas-agents", ["remove", `cli-${tag}`])).toContain("Removed");
  });

  it("keeps what was typed when the session ended before the save", async () => {
    const browser = portalClient(api.baseUrl);
    browser.jar.set("lng", "en");
    const admin = await api.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow();
    const adminSessions = () => api.db.selectFrom("sessions").select("id").where("user_id", "=", admin.id).execute();
    const kept = (await adminSessions()).map((row) => row.id);
    await browser.signIn("admin", "Admin#2026");
    // Only this browser's session ends: the other tests' organizer ticket stays valid, whatever the order.
    const browserSessions = (await adminSessions()).map((row) => row.id).filter((id) => !kept.includes(id));
    expect(browserSessions).toHaveLength(1);
    await api.db.deleteFrom("sessions").where("id", "in", browserSessions).execute();
    const typed = { intent: "save", ...service, code: `held-${tag}`, nameEn: `Held ${tag}`, advancePrice: "77" };
    const posted = await browser.request("/index/settings/services", { body: new URLSearchParams(typed), headers: { "sec-fetch-site": "same-origin" } });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    await browser.signIn("admin", "Admin#2026");
    const html = await (await browser.request("/index/settings/services")).text();
    expect(html).toContain(`value="Held ${tag}"`);
    expect(html).toContain('value="77"');
    expect(await api.db.selectFrom("services").select("id").where("code", "=", `held-${tag}`).executeTakeFirst()).toBeUndefined();
  });
});

idorProbesOnBothDatabases("catalogue settings", catalogueSettingsSweep, { apiOnly: true });
