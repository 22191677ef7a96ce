import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ButtonAuth, MenuItem, PermissionInfo } from "../../app/contracts/permission/api-types";
import type { AuthTicket } from "../../app/contracts/auth/api-types";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { appClock } from "../../server/clock";
import { demoName, endOfExhibitionDay, testCalendar } from "../support/test-clock";
import { DEADLINE_ACTIONS } from "../../app/contracts/calendar/values";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const routes = (items: MenuItem[]): string[] => items.flatMap((m) => [m.route, ...routes(m.list)]);

describe.each(backendsOf(import.meta.url))("permission info on %s", (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(backend);
  });
  afterAll(() => api?.close());

  const info = async (username: string, password = "Expo#2026", lang = "en") =>
    (await api.call<PermissionInfo>("/smeb/permission/getInfo", { ticket: await api.login(username, password), lang })).data;

  it("describes std01: standard booth 1A01, 9 m², names in zh and en", async () => {
    const { infoVO } = await info("std01");
    expect(infoVO).toMatchObject({
      roleId: 2,
      businessName: "深圳星河智能科技有限公司",
      businessNameEn: "Shenzhen Galaxy Smart Technology Co., Ltd.",
      boothNo: "1A01",
      boothArea: 9,
      boothType: 1,
      exhibitName: demoName.en,
    });
    expect(infoVO.booths).toHaveLength(1);
    // The API's time is business time (server/clock.ts), which tests start at TEST_NOW.
    expect(Math.abs(infoVO.sysCurrentTime - appClock.now().getTime())).toBeLessThan(60_000);
  });

  it("describes raw01: raw space, two booths, zh name only; exhibition name in Chinese for zh", async () => {
    const { infoVO } = await info("raw01", "Expo#2026", "zh-CN");
    expect(infoVO).toMatchObject({ boothType: 2, businessName: "广州远航机器人有限公司", businessNameEn: null, exhibitName: demoName.zh });
    expect(infoVO.booths.map((b) => b.boothNo)).toEqual(["2B10", "2B12"]);
  });

  it("gives the admin (roleId 1) every menu and every button", async () => {
    const admin = await info("admin", "Admin#2026");
    expect(admin.infoVO.roleId).toBe(1);
    expect(routes(admin.menuAuths)).toEqual(expect.arrayContaining(["/index", "/index/schedule", "/exhibitTL/review", "/exhibitTL/carriageOrder"]));
    const deadlineButtons = Object.values(DEADLINE_ACTIONS).map((a) => a.buttonId);
    expect(admin.auths.map((a) => a.id).sort()).toEqual([101, 102, 103, ...deadlineButtons]);
  });

  it("ends a calendar button's window with its exhibition's date (decision 035)", async () => {
    const std = await info("std01");
    const badges = std.auths.find((a) => a.id === DEADLINE_ACTIONS.badges.buttonId);
    expect(badges).toMatchObject({ pid: DEADLINE_ACTIONS.badges.menuId, closesWith: "badges-applied" });
    expect(badges?.buttonEffectEndTime).toBe(new Date(endOfExhibitionDay(testCalendar.schedule["badges-applied"])).toISOString());
    const orders = std.auths.find((a) => a.id === DEADLINE_ACTIONS.serviceOrders.buttonId);
    expect(orders?.buttonEffectEndTime).toBe(new Date(endOfExhibitionDay(testCalendar.endsOn)).toISOString());
  });

  it("gives the carrier only the review and carrier-order pages", async () => {
    const carrier = await info("carrier01");
    const pages = routes(carrier.menuAuths);
    expect(pages).toEqual(expect.arrayContaining(["/exhibitTL/review", "/exhibitTL/carriageOrder"]));
    expect(pages).not.toContain("/index/schedule");
    expect(carrier.auths).toEqual([]);
  });

  it("masks phone and e-mail for everyone but roleId 1, on the server", async () => {
    const std = await info("std01");
    expect(std.infoVO.contactPhone).toBe("1381******8");
    expect(std.infoVO.contactEmail).toBe("zh******@galaxy-smart.example.com");
    expect(JSON.stringify(std)).not.toContain("13812345678");
    const admin = await info("admin", "Admin#2026");
    expect(admin.infoVO.contactPhone).toBe("13900000001");
    expect(admin.infoVO.contactEmail).toBe("ops@pitf.example.org");
  });

  it("changes the session's stateVersion with a booth switch (cache key for clients); a skin change shows in the state, not in the version", async () => {
    const ticket = await api.login("raw01", "Expo#2026");
    const state = async () => (await api.call<AuthTicket>("/login/authTicket", { ticket })).data;
    const first = (await state()).stateVersion;
    expect((await state()).stateVersion).toBe(first);
    const booths = (await api.call<PermissionInfo>("/smeb/permission/getInfo", { ticket })).data.infoVO.booths;
    await api.call("/smeb/user/switchBooth", { form: { boothId: String(booths[1]!.boothId) }, ticket });
    const second = await state();
    expect(second.stateVersion).not.toBe(first);
    await api.call("/smeb/user/skin", { form: { skin: "skin2" }, ticket });
    const third = await state();
    expect(third.skin).toBe("skin2");
    expect(third.stateVersion).toBe(second.stateVersion);
    expect((await api.call<PermissionInfo>("/smeb/permission/getInfo", { ticket })).data.infoVO.skin).toBe("skin2");
  });

  it("returns menus as a tree with the spec's fields", async () => {
    const { menuAuths } = await info("std01");
    const home = menuAuths.find((m) => m.route === "/index")!;
    expect(home).toMatchObject({ name: "首页", nameEn: "Home", isMenu: 1, hidden: false, pid: 0 });
    const schedule = home.list.find((m) => m.route === "/index/schedule")!;
    expect(schedule).toMatchObject({ remark: "new feature", pid: home.id, icon: "calendar" });
  });

  it("returns button auths by menu id with their time windows", async () => {
    const ticket = await api.login("std01", "Expo#2026");
    const result = await api.call<ButtonAuth[]>("/smeb/permission/getButtonsByMenu", { ticket, query: { menuId: "2" } });
    expect(result.code).toBe(200);
    const byUrl = Object.fromEntries(result.data.map((b) => [b.url, b]));
    const now = appClock.now().getTime();
    const open = byUrl["schedule:export"]!;
    expect(new Date(open.buttonEffectStartTime!).getTime()).toBeLessThan(now);
    expect(new Date(open.buttonEffectEndTime!).getTime()).toBeGreaterThan(now);
    expect(new Date(byUrl["schedule:confirm"]!.buttonEffectStartTime!).getTime()).toBeGreaterThan(now);
    const closed = byUrl["schedule:apply"]!;
    expect(closed.buttonEffectStartTime).toBeNull();
    expect(new Date(closed.buttonEffectEndTime!).getTime()).toBeLessThan(now);
    expect(closed.closedMessageEn).toMatch(/closed/);

    const bad = await api.call("/smeb/permission/getButtonsByMenu", { ticket, query: { menuId: "x" } });
    expect(bad.code).toBe(400);
    const carrier = await api.call<ButtonAuth[]>("/smeb/permission/getButtonsByMenu", {
      ticket: await api.login("carrier01", "Expo#2026"),
      query: { menuId: "2" },
    });
    expect(carrier.data).toEqual([]);
  });
});
