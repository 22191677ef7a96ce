import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OverseasAgentsAnswer, OverseasRequestList, OverseasRequestView } from "../../app/contracts/vehicles/overseas/types";
import { REQUESTS_PER_DAY, seedOverseasAgents } from "../../server/vehicles/overseas";
import { readOutbox } from "../support/outbox";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { idorProbesOnBothDatabases } from "../support/idor-both-databases";
import { newExhibitor } from "../support/new-exhibitor";
import { overseasSweep } from "./idor/vehicles-overseas";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Form = Record<string, string>;
type Fields = { fields: Record<string, string[]> } | null;

const ROUTES: [string, Form?][] = [["/smeb/overseas/agents"], ["/smeb/overseas/request/list"], ["/smeb/overseas/request/save", { agentId: "1" }]];

describe.each(backendsOf(import.meta.url))("overseas exhibit transport (/smeb/overseas) on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let std01: string;
  let raw01: string;
  let carrier01: string;
  let ids: { std01: number; raw01: number; exhibition: number; europe: number; asia: number; germany: number; japan: number; inactive: number };
  const europeEmail = "overseas.europe@euroexpo-logistics.example.com";

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-overseas-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir });
    [std01, raw01, carrier01] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026"), api.login("carrier01", "Expo#2026")]);
    const users = await api.db.selectFrom("users").select(["id", "username", "exhibition_id"]).where("username", "in", ["std01", "raw01"]).execute();
    const std = users.find((u) => u.username === "std01")!;
    // Twice: the seed is idempotent (the demo data may have run it already).
    await seedOverseasAgents(api.db, std.exhibition_id);
    await seedOverseasAgents(api.db, std.exhibition_id);
    const inactive = await api.db
      .insertInto("overseas_agents")
      .values({
        exhibition_id: std.exhibition_id,
        code: "retired",
        name_zh: "已撤销代理",
        name_en: "Retired agent",
        regions_zh: "非洲",
        regions_en: "Africa",
        contact_email: "retired@example.com",
        active: false,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const agents = await api.db.selectFrom("overseas_agents").select(["id", "code"]).execute();
    const countries = await api.db.selectFrom("countries").select(["id", "iso2"]).where("iso2", "in", ["DE", "JP"]).execute();
    ids = {
      std01: std.id,
      raw01: users.find((u) => u.username === "raw01")!.id,
      exhibition: std.exhibition_id,
      europe: agents.find((a) => a.code === "euro-expo-logistics")!.id,
      asia: agents.find((a) => a.code === "asia-pacific-exhibition-freight")!.id,
      germany: countries.find((c) => c.iso2 === "DE")!.id,
      japan: countries.find((c) => c.iso2 === "JP")!.id,
      inactive: inactive.id,
    };
    await api.db.deleteFrom("overseas_requests").where("user_id", "in", [ids.std01, ids.raw01]).execute();
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const zh = <T>(path: string, ticket: string, form?: Form) => api.call<T>(path, { lang: "zh", ticket, form });
  const history = async (ticket: string) => {
    const result = await zh<OverseasRequestList>("/smeb/overseas/request/list", ticket);
    expect(result.code, result.message).toBe(200);
    return result.data.requests;
  };
  const stored = () => api.db.selectFrom("overseas_requests").selectAll().where("user_id", "in", [ids.std01, ids.raw01]).orderBy("id").execute();
  const storedOf = (userId: number) => api.db.selectFrom("overseas_requests").selectAll().where("user_id", "=", userId).orderBy("id").execute();
  /** 12.5 m³ of machines from Hamburg to the exhibitor's booth, FOB, through the European agent. */
  const request = (extra: Form = {}): Form => ({
    agentId: String(ids.europe),
    originCountryId: String(ids.germany),
    port: "Hamburg",
    cargoDescription: "CNC-Fräsmaschine, 2 Kisten",
    volume: "12.5",
    incoterms: "FOB",
    contactName: "王磊",
    contactPhone: "+49 151 2345 6789",
    contactEmail: "wang.lei@xinghe-tech.example.com",
    ...extra,
  });

  it("refuses English, carriers and callers without a session", async () => {
    const before = await stored();
    for (const [route, form] of ROUTES) {
      expect((await api.call(route, { ticket: std01, lang: "en", form })).status, route).toBe(403);
      expect((await zh(route, carrier01, form)).status, route).toBe(403);
      expect((await api.call(route, { lang: "zh", form })).status, route).toBe(401);
    }
    expect(await stored()).toEqual(before);
  });

  it("lists the active agents in Chinese, the countries without mainland China, the seven terms and the contact to start from", async () => {
    const result = await zh<OverseasAgentsAnswer>("/smeb/overseas/agents", std01);
    expect(result.code, result.message).toBe(200);
    const { agents, countries, incoterms, contact } = result.data;
    expect(agents.map((a) => a.id)).toEqual([ids.europe, ids.asia]);
    expect(agents[0]).toMatchObject({ name: "欧展国际物流有限公司", contactEmail: europeEmail, contactPhone: "+49 40 1234 5678" });
    expect(agents[0]!.regions).toContain("德国");
    expect(agents[1]!.regions).toContain("日本");
    expect(agents.some((a) => a.id === ids.inactive)).toBe(false);
    expect(countries.find((c) => c.id === ids.germany)?.name).toBe("德国");
    expect(countries.some((c) => c.id === 37)).toBe(false);
    expect(countries.length).toBeGreaterThan(200);
    expect(incoterms).toEqual(["EXW", "FCA", "FOB", "CFR", "CIF", "DAP", "DDP"]);
    expect(contact.email).toMatch(/@/);
  });

  it("e-mails the request to the agent (Chinese and English, reply-to the exhibitor) and keeps it in the history", async () => {
    const exhibitor = await newExhibitor(api);
    const mails = readOutbox(dataDir).length;
    const result = await zh<OverseasRequestView>("/smeb/overseas/request/save", exhibitor.ticket, request());
    expect(result.code, result.message).toBe(200);
    expect(result.data).toMatchObject({
      agentName: "欧展国际物流有限公司",
      countryName: "德国",
      port: "Hamburg",
      volumeM3: "12.5",
      incoterms: "FOB",
      sentTo: europeEmail,
    });

    const sent = readOutbox(dataDir).slice(mails);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe(europeEmail);
    expect(mail.subject).toContain(exhibitor.businessName);
    for (const fact of [
      exhibitor.businessName,
      exhibitor.boothNo,
      "德国",
      "Germany",
      "Hamburg",
      "CNC-Fräsmaschine, 2 Kisten",
      "12.5 立方米",
      "12.5 m³",
      "FOB",
      "王磊",
      "+49 151 2345 6789",
      "wang.lei@xinghe-tech.example.com",
      "Dear EuroExpo Logistics GmbH",
    ]) {
      expect(mail.text, fact).toContain(fact);
    }
    const raw = fs.readFileSync(path.join(dataDir, "outbox", mail.file), "utf8");
    expect(raw).toMatch(/^Reply-To: wang\.lei@xinghe-tech\.example\.com$/m);

    const rows = await storedOf(exhibitor.userId);
    expect(rows).toHaveLength(1);
    // 12.5 m³ arrives as 12 500 units of 0.001 m³ and is kept in cm³.
    expect(Number(rows[0]!.volume_cm3)).toBe(12_500_000);
    expect(rows[0]).toMatchObject({ user_id: exhibitor.userId, agent_id: ids.europe, origin_country_id: ids.germany, sent_to: europeEmail, incoterms: "FOB" });
    expect(await history(exhibitor.ticket)).toEqual([result.data]);
  });

  it("lists the newest request first, with the other agent's name and the country in Chinese", async () => {
    const exhibitor = await newExhibitor(api);
    const first = await zh<OverseasRequestView>("/smeb/overseas/request/save", exhibitor.ticket, request());
    expect(first.code, first.message).toBe(200);
    const result = await zh<OverseasRequestView>(
      "/smeb/overseas/request/save",
      exhibitor.ticket,
      request({ agentId: String(ids.asia), originCountryId: String(ids.japan), port: "Yokohama", volume: "0.001", incoterms: "DDP" }),
    );
    expect(result.code, result.message).toBe(200);
    const list = await history(exhibitor.ticket);
    expect(list.map((r) => [r.agentName, r.countryName, r.port, r.volumeM3, r.incoterms])).toEqual([
      ["亚太会展货运有限公司", "日本", "Yokohama", "0.001", "DDP"],
      ["欧展国际物流有限公司", "德国", "Hamburg", "12.5", "FOB"],
    ]);
    expect(readOutbox(dataDir).at(-1)!.to).toBe("booking@apef.example.com");
  });

  it("raw01 never sees another exhibitor's requests", async () => {
    const exhibitor = await newExhibitor(api);
    expect((await zh("/smeb/overseas/request/save", exhibitor.ticket, request())).code).toBe(200);
    const own = await history(exhibitor.ticket);
    expect(own.length).toBeGreaterThan(0);
    const other = await zh<OverseasRequestList>("/smeb/overseas/request/list", raw01, undefined);
    expect(other.code).toBe(200);
    expect(other.data.requests).toEqual([]);
    const named = await api.call<OverseasRequestList>("/smeb/overseas/request/list", {
      lang: "zh",
      ticket: raw01,
      query: { userId: String(exhibitor.userId), id: String(own[0]!.id) },
    });
    expect(named.data.requests).toEqual([]);
  });

  const badInput: [string, Form | (() => Form), string, RegExp][] = [
    ["an unknown agent", { agentId: "999999" }, "agentId", /请选择指定的境外运输代理/],
    ["an agent no longer appointed", () => ({ agentId: String(ids.inactive) }), "agentId", /请选择指定的境外运输代理/],
    ["an unknown country", { originCountryId: "999999" }, "originCountryId", /请从列表中选择国家或地区/],
    ["mainland China", { originCountryId: "37" }, "originCountryId", /不属于境外运输/],
    ["a zero volume", { volume: "0" }, "volume", /体积/],
    ["a negative volume", { volume: "-2" }, "volume", /体积/],
    ["a volume with four decimals", { volume: "1.2345" }, "volume", /体积/],
    ["a bad e-mail", { contactEmail: "wang.lei@" }, "contactEmail", /邮箱/],
    ["an incoterm not in the list", { incoterms: "FAS" }, "incoterms", /贸易术语/],
    ["a missing port", { port: "  " }, "port", /起运港/],
  ];
  for (const [what, change, field, message] of badInput) {
    it(`refuses ${what} in Chinese, storing and sending nothing`, async () => {
      const form = request(typeof change === "function" ? change() : change);
      const before = { rows: (await stored()).length, mails: readOutbox(dataDir).length };
      const result = await zh<Fields>("/smeb/overseas/request/save", std01, form);
      expect(result.status, result.message).toBe(400);
      expect(Object.keys(result.data?.fields ?? {})).toEqual([field]);
      expect(result.message).toMatch(message);
      expect(result.message).not.toMatch(/[a-z]+\.[a-zA-Z]+\./);
      expect({ rows: (await stored()).length, mails: readOutbox(dataDir).length }).toEqual(before);
    });
  }

  it("answers 503 and stores nothing when the agent's mail cannot be sent", async () => {
    // An address the outbox refuses stands for a mail server that does not take the message.
    const broken = await api.db
      .insertInto("overseas_agents")
      .values({
        exhibition_id: ids.exhibition,
        code: "unreachable",
        name_zh: "无法送达代理",
        name_en: "Unreachable agent",
        regions_zh: "南美",
        regions_en: "South America",
        contact_email: "nobody@localhost",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      const before = { rows: (await stored()).length, mails: readOutbox(dataDir).length };
      const result = await zh("/smeb/overseas/request/save", std01, request({ agentId: String(broken.id) }));
      expect(result.status).toBe(503);
      expect(result.message).toContain("未能发送给代理");
      expect({ rows: (await stored()).length, mails: readOutbox(dataDir).length }).toEqual(before);
      expect(api.logLines.some((l) => l.msg === "overseas request e-mail could not be sent")).toBe(true);
    } finally {
      await api.db.deleteFrom("overseas_agents").where("id", "=", broken.id).execute();
    }
  });

  it(`refuses more than ${REQUESTS_PER_DAY} requests in 24 hours (429), sending nothing`, async () => {
    const exhibitor = await newExhibitor(api, { boothType: 2 });
    const row = {
      exhibition_id: ids.exhibition,
      user_id: exhibitor.userId,
      agent_id: ids.europe,
      origin_country_id: ids.germany,
      port: "Rotterdam",
      cargo_description: "flood",
      volume_cm3: 1_000,
      incoterms: "EXW" as const,
      contact_name: "R",
      contact_phone: "13800000000",
      contact_email: "r@example.com",
      sent_to: europeEmail,
    };
    await api.db
      .insertInto("overseas_requests")
      .values(Array.from({ length: REQUESTS_PER_DAY }, () => row))
      .execute();
    try {
      const mails = readOutbox(dataDir).length;
      const result = await zh("/smeb/overseas/request/save", exhibitor.ticket, request());
      expect(result.status).toBe(429);
      expect(result.message).toContain(String(REQUESTS_PER_DAY));
      expect(readOutbox(dataDir)).toHaveLength(mails);
      expect(await api.db.selectFrom("overseas_requests").select("id").where("user_id", "=", exhibitor.userId).execute()).toHaveLength(REQUESTS_PER_DAY);
    } finally {
      await api.db.deleteFrom("overseas_requests").where("user_id", "=", exhibitor.userId).execute();
    }
  });
});

idorProbesOnBothDatabases("overseas", overseasSweep, { apiOnly: true });
