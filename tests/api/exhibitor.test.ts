import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { appClock } from "../../server/clock";
import { translateMessage } from "../../app/contracts/i18n/translate.server";
import type { MenuItem, PermissionInfo } from "../../app/contracts/permission/api-types";
import type { WorksheetItem } from "../../server/api/routes/home";
import type { ProfileView } from "../../server/exhibitor/profiles";
import type { AreaTheme, NamedItem } from "../../server/exhibitor/reference-lists";
import { listReviewsCommand } from "../../server/exhibitor/review-queue";
import { seedDemoData } from "../../server/seed/demo-data";
import { seedExhibitorReference } from "../../server/seed/exhibitor-reference";
import { newExhibitor, type NewExhibitor } from "../support/new-exhibitor";
import { opsCommand } from "../support/ops-command";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const DAY_MS = 24 * 60 * 60 * 1000;
const routes = (items: MenuItem[]): string[] => items.flatMap((m) => [m.route, ...routes(m.list)]);
type Fields = { fields?: Record<string, string[]>; step?: string; saved?: boolean };

describe.each(backendsOf(import.meta.url))("exhibitor info API on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let raw01: string;
  let admin: string;
  let classes: NamedItem[];
  let industries: NamedItem[];
  let themes: AreaTheme[];

  const info = (path: string, ticket: string, init: { json?: unknown; query?: Record<string, string>; lang?: string } = {}) =>
    api.call<ProfileView & Fields & { url?: string }>(`/smeb/exhibitor/info/${path}`, { ticket, ...init });
  const save = (ticket: string, step: string, values: Record<string, unknown>, lang = "en") => info("saveDraft", ticket, { json: { step, ...values }, lang });
  const profile = async (ticket: string) => (await info("findByUserId", ticket)).data;

  const company = {
    companyNameZh: "深圳星河智能科技有限公司",
    companyNameEn: "Shenzhen Galaxy Smart Technology Co., Ltd.",
    listingStatus: "unlisted",
    companyPhone: "0755-86001234",
    countryId: "37",
    provinceCode: "440000",
    cityCode: "440300",
    districtCode: "440305",
    address: "科技园科苑路 1 号",
  };
  const contacts = {
    contact1Type: "inside",
    contact1Name: "张三",
    contact1Mobile: "13812345678",
    contact1Email: "ZhangSan@galaxy-smart.example.com",
    contact2Type: "overseas",
    contact2Name: "Li Si",
    contact2Mobile: "+852 9123 4567",
    contact2Email: "lisi@galaxy-smart.example.com",
  };
  const presentation = {
    logoUrl: "/files/logo1",
    introZh: "智能机器人",
    introEn: "Smart robots",
    brandsZh: "星河",
    brandsEn: "Galaxy",
    mainProductsZh: "机器人",
    mainProductsEn: "Robots",
  };
  const exhibits = () => ({
    exhibitClassIds: [classes[0]!.id, classes[1]!.id],
    industryIds: [industries[2]!.id],
    themeId: themes[0]!.id,
    pavilionId: themes[0]!.pavilions[0]!.id,
  });
  const events = { liveEventThemes: ["productLaunch", "liveBroadcast"], attendance: "arrived" };

  async function verifyContact1(userId: number) {
    // As if the codes had been sent and typed: targets are stored normalized.
    await api.db
      .insertInto("verified_contacts")
      .values([
        { user_id: userId, channel: "sms", target: "13812345678" },
        { user_id: userId, channel: "email", target: "zhangsan@galaxy-smart.example.com" },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  beforeAll(async () => {
    api = await startTestApi(backend);
    [std01, raw01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026"), api.login("admin", "Admin#2026")]);
    classes = (await api.call<NamedItem[]>("/smeb/exhibitor/class/list", { ticket: std01 })).data;
    industries = (await api.call<NamedItem[]>("/smeb/exhibitor/industry/list", { ticket: std01 })).data;
    themes = (await api.call<AreaTheme[]>("/smeb/exhibitor/info/listAreaClassify", { ticket: std01 })).data;
  });
  afterAll(() => api?.close());

  /**
   * A new exhibitor (std01's and raw01's demo records stay as seeded) whose draft has the steps
   * before the presentation complete: the company, the contacts (contact 1 verified), the exhibits.
   */
  async function withDraft() {
    const exhibitor = await newExhibitor(api);
    await verifyContact1(exhibitor.userId);
    for (const [step, values] of [
      ["company", company],
      ["contacts", contacts],
      ["exhibits", exhibits()],
    ] as const) {
      const saved = await save(exhibitor.ticket, step, values);
      expect(saved.code, saved.message).toBe(200);
    }
    return exhibitor;
  }
  /**
   * Once the test is over, the organizer returns the exhibitor's profile if it is still waiting: the
   * review queue the other tests count holds only their own.
   */
  function outOfTheQueueAfterTest(exhibitor: NewExhibitor) {
    onTestFinished(async () => {
      if ((await profile(exhibitor.ticket)).status !== "under_review") return;
      const returned = await info("review", admin, { json: { userId: exhibitor.userId, decision: "return", comment: "test over" } });
      expect(returned.code, returned.message).toBe(200);
    });
  }
  /** withDraft's exhibitor with its profile complete and submitted: under review (until the test is over). */
  async function submitted() {
    const exhibitor = await withDraft();
    outOfTheQueueAfterTest(exhibitor);
    expect((await save(exhibitor.ticket, "presentation", presentation)).code).toBe(200);
    const sent = await info("update", exhibitor.ticket, { json: { step: "events", ...events } });
    expect(sent.code, sent.message).toBe(200);
    expect(sent.data.status).toBe("under_review");
    return exhibitor;
  }

  it("serves the seeded choice lists in zh and en, and seeding again changes nothing", async () => {
    expect(classes).toHaveLength(12);
    expect(classes[0]).toEqual({ id: expect.any(Number), name: "人工智能", nameEn: "Artificial intelligence" });
    expect(industries).toHaveLength(12);
    expect(themes.length).toBeGreaterThanOrEqual(4);
    for (const theme of themes) {
      expect(theme.pavilions.length).toBeGreaterThanOrEqual(2);
      expect(theme.pavilions[0]).toEqual({
        id: expect.any(Number),
        code: expect.any(String),
        name: expect.stringMatching(/号馆$/),
        nameEn: expect.stringMatching(/^Hall /),
      });
    }
    const count = async () => (await api.db.selectFrom("theme_halls").select("hall_id").execute()).length;
    const before = await count();
    const exhibition = await api.db.selectFrom("exhibitions").select("id").executeTakeFirstOrThrow();
    await seedExhibitorReference(api.db, exhibition.id);
    await seedDemoData(api.db);
    expect(await count()).toBe(before);
    expect((await api.call<NamedItem[]>("/smeb/exhibitor/class/list", { ticket: std01 })).data).toEqual(classes);
    expect((await api.call("/smeb/exhibitor/class/list", {})).code).toBe(401);
  });

  it("shows the review menu to the organizer only; re-seeding an old database adds it", async () => {
    await api.db.deleteFrom("menus").where("id", "=", 17).execute();
    await seedDemoData(api.db);
    const menus = async (ticket: string) => routes((await api.call<PermissionInfo>("/smeb/permission/getInfo", { ticket })).data.menuAuths);
    expect(await menus(admin)).toContain("/exhibitorInfo/exhibitorReview");
    expect(await menus(std01)).not.toContain("/exhibitorInfo/exhibitorReview");
  });

  it("reads an empty draft without storing it, and creates the profile (random url-safe unique id) on the first save", async () => {
    const [exhibitor, other] = [await newExhibitor(api), await newExhibitor(api)];
    const empty = await profile(exhibitor.ticket);
    expect(empty).toMatchObject({
      status: "draft",
      draft: {},
      submitted: null,
      version: 0,
      complete: false,
      firstIncompleteStep: "company",
      expectedReviewBy: null,
      uniqueId: "",
    });
    expect(await api.db.selectFrom("exhibitor_profiles").select("user_id").where("user_id", "in", [exhibitor.userId, other.userId]).execute()).toEqual([]);
    await save(exhibitor.ticket, "company", {});
    await save(other.ticket, "company", {});
    const first = await profile(exhibitor.ticket);
    expect(first.uniqueId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect((await profile(other.ticket)).uniqueId).not.toBe(first.uniqueId);
    expect((await profile(exhibitor.ticket)).uniqueId).toBe(first.uniqueId);
  });

  it("saves a draft step by step, merging steps and clearing what is left out of a step", async () => {
    const exhibitor = await newExhibitor(api);
    const before = (await profile(exhibitor.ticket)).version;
    expect((await save(exhibitor.ticket, "company", { companyNameZh: "星河", companyPhone: "not yet" })).data.draft).toEqual({
      companyNameZh: "星河",
      companyPhone: "not yet",
    });
    const afterEvents = (await save(exhibitor.ticket, "events", { liveEventThemes: ["prizeDraw"], attendance: "arrived" })).data;
    expect(afterEvents.draft).toEqual({ companyNameZh: "星河", companyPhone: "not yet", liveEventThemes: ["prizeDraw"], attendance: "arrived" });
    // Unticking every theme: the list is absent from the body and so cleared.
    const cleared = (await save(exhibitor.ticket, "events", { attendance: "notArrived" })).data;
    expect(cleared.draft).toEqual({ companyNameZh: "星河", companyPhone: "not yet", attendance: "notArrived" });
    expect(cleared.version).toBe(before + 3);
    // A plain form works too.
    const form = await api.call<ProfileView>("/smeb/exhibitor/info/saveDraft", {
      ticket: exhibitor.ticket,
      form: { step: "company", companyNameZh: "星河智能", address: "南山" },
    });
    expect(form.data.draft).toMatchObject({ companyNameZh: "星河智能", address: "南山", attendance: "notArrived" });
    expect(form.data.draft.companyPhone).toBeUndefined();
    expect(form.data.history[0]).toMatchObject({
      action: "draft_saved",
      actorLabel: exhibitor.username,
      step: "company",
      fromStatus: "draft",
      toStatus: "draft",
    });
    expect((await save(exhibitor.ticket, "nope", {})).code).toBe(400);
  });

  it("validate=1 keeps the draft but answers the step's errors, in en and zh", async () => {
    const exhibitor = await newExhibitor(api);
    const result = await save(exhibitor.ticket, "company", { ...company, companyPhone: "call me", validate: "1" });
    expect(result.code).toBe(400);
    expect(result.data).toMatchObject({ saved: true, step: "company", fields: { companyPhone: ["validation.correct|exhibitor.fields.companyPhone"] } });
    expect(result.message).toBe(translateMessage("en", "validation.correct|exhibitor.fields.companyPhone"));
    expect((await profile(exhibitor.ticket)).draft.companyPhone).toBe("call me");
    const zh = await save(exhibitor.ticket, "company", { ...company, companyPhone: "call me", validate: "1" }, "zh-CN");
    expect(zh.message).toBe(translateMessage("zh", "validation.correct|exhibitor.fields.companyPhone"));
    expect(zh.message).not.toBe(result.message);

    // The server knows Shenzhen has districts, and which regions hang together.
    const noDistrict = await save(exhibitor.ticket, "company", { ...company, districtCode: "", validate: "1" });
    expect(noDistrict.data.fields).toEqual({ districtCode: ["validation.required|exhibitor.fields.districtCode"] });
    const wrongCity = await save(exhibitor.ticket, "company", { ...company, cityCode: "110100", districtCode: "", validate: "1" });
    expect(wrongCity.data.fields?.cityCode).toEqual(["validation.correct|exhibitor.fields.cityCode"]);
    expect((await save(exhibitor.ticket, "company", { ...company, validate: "1" })).code).toBe(200);
  });

  it("checks chosen ids against the caller's exhibition and the pavilion against the theme", async () => {
    const exhibitor = await newExhibitor(api);
    const ok = exhibits();
    const otherTheme = themes[1]!;
    const wrong = await save(exhibitor.ticket, "exhibits", {
      ...ok,
      exhibitClassIds: [ok.exhibitClassIds[0], 999999],
      industryIds: [ok.industryIds[0], ok.industryIds[0]],
      pavilionId: otherTheme.pavilions[0]!.id,
      validate: "1",
    });
    expect(wrong.data.fields).toEqual({
      exhibitClassIds: ["validation.correct|exhibitor.fields.exhibitClassIds"],
      industryIds: ["validation.correct|exhibitor.fields.industryIds"],
      pavilionId: ["validation.correct|exhibitor.fields.pavilionId"],
    });
    const missing = await save(exhibitor.ticket, "exhibits", { exhibitClassIds: [ok.exhibitClassIds[0]], industryIds: ok.industryIds, validate: "1" });
    expect(missing.data.fields).toEqual({
      themeId: ["validation.required|exhibitor.fields.themeId"],
      pavilionId: ["validation.required|exhibitor.fields.pavilionId"],
    });
    expect((await save(exhibitor.ticket, "exhibits", { ...ok, validate: "1" })).code).toBe(200);
  });

  it("needs contact 1 verified (or codes) before the contacts step is complete", async () => {
    const exhibitor = await newExhibitor(api);
    const unverified = await save(exhibitor.ticket, "contacts", { ...contacts, validate: "1" });
    expect(unverified.code).toBe(400);
    expect(unverified.data.fields).toEqual({ contact1MobileCode: ["exhibitor.verify.required"], contact1EmailCode: ["exhibitor.verify.required"] });
    await verifyContact1(exhibitor.userId);
    expect((await save(exhibitor.ticket, "contacts", { ...contacts, validate: "1" })).code).toBe(200);
  });

  it("refuses an incomplete submission naming the first failing step, then submits a complete one", async () => {
    const exhibitor = await withDraft();
    outOfTheQueueAfterTest(exhibitor);
    await save(exhibitor.ticket, "presentation", { ...presentation, logoUrl: "" });
    const incomplete = await info("update", exhibitor.ticket, { json: {} });
    expect(incomplete.code).toBe(400);
    expect(incomplete.data.step).toBe("presentation");
    expect(incomplete.data.fields?.logoUrl).toEqual(["validation.required|exhibitor.fields.logoUrl"]);
    expect((await profile(exhibitor.ticket)).status).toBe("draft");

    // The last step's fields come with the submission.
    await save(exhibitor.ticket, "presentation", presentation);
    await save(exhibitor.ticket, "events", {});
    const submitted = await info("update", exhibitor.ticket, { json: { step: "events", ...events } });
    expect(submitted.code).toBe(200);
    const view = submitted.data;
    expect(view).toMatchObject({ status: "under_review", complete: true, firstIncompleteStep: null, reviewComment: null });
    expect(view.submitted).toEqual(view.draft);
    expect(view.draft.liveEventThemes).toEqual(events.liveEventThemes);
    expect(Date.parse(view.expectedReviewBy!) - Date.parse(view.submittedAt!)).toBe(3 * DAY_MS);
    // Submitted in business time (server/clock.ts), so the expected date follows the exhibition's calendar.
    expect(Math.abs(Date.parse(view.submittedAt!) - appClock.now().getTime())).toBeLessThan(60_000);
    expect(view.history[0]).toMatchObject({ action: "submitted", actorLabel: exhibitor.username, fromStatus: "draft", toStatus: "under_review" });
  });

  it("is read-only while under review (409), but contacts may still change", async () => {
    const exhibitor = await submitted();
    const en = await save(exhibitor.ticket, "company", company);
    expect(en).toMatchObject({ status: 409, code: 409, message: translateMessage("en", "exhibitor.api.underReview") });
    expect((await save(exhibitor.ticket, "company", company, "zh")).message).toBe(translateMessage("zh", "exhibitor.api.underReview"));
    expect((await info("update", exhibitor.ticket, { json: {} })).code).toBe(409);

    const changed = await info("updateExhibitorContact", exhibitor.ticket, { json: { ...contacts, contact2Name: "王五" } });
    expect(changed.code).toBe(200);
    expect(changed.data).toMatchObject({ status: "under_review", draft: { contact2Name: "王五" }, submitted: { contact2Name: "王五" } });
    expect(changed.data.history[0]).toMatchObject({ action: "contact_updated", actorLabel: exhibitor.username });
    const badMobile = await info("updateExhibitorContact", exhibitor.ticket, { json: { ...contacts, contact1Mobile: "12345" } });
    expect(badMobile.data.fields?.contact1Mobile).toEqual(["validation.correct|exhibitor.fields.contact1Mobile"]);
  });

  it("keeps the review endpoints for the organizer (403 for exhibitors)", async () => {
    // The owner of a profile under review and another exhibitor.
    const exhibitor = await submitted();
    for (const ticket of [exhibitor.ticket, raw01]) {
      expect((await info("reviewList", ticket)).code).toBe(403);
      expect((await info("reviewDetail", ticket, { query: { userId: String(exhibitor.userId) } })).code).toBe(403);
      const review = await info("review", ticket, { json: { userId: exhibitor.userId, decision: "approve" } });
      expect(review).toMatchObject({ status: 403, code: 403, message: "Insufficient permissions" });
    }
    expect((await profile(exhibitor.ticket)).status).toBe("under_review");
  });

  it("lets the organizer return with a comment the exhibitor sees, then approve a resubmission", async () => {
    const exhibitor = await submitted();
    const list = await api.call<{ total: number; rows: { userId: number; username: string; companyNameZh: string; status: string; submittedAt: string }[] }>(
      "/smeb/exhibitor/info/reviewList",
      { ticket: admin },
    );
    expect(list.data.total).toBe(1);
    expect(list.data.rows[0]).toMatchObject({
      userId: exhibitor.userId,
      username: exhibitor.username,
      companyNameZh: company.companyNameZh,
      status: "under_review",
    });
    expect((await info("reviewList", admin, { query: { pageSize: "101" } })).code).toBe(400);
    const detail = await info("reviewDetail", admin, { query: { userId: String(exhibitor.userId) } });
    expect(detail.data).toMatchObject({ userId: exhibitor.userId, username: exhibitor.username, status: "under_review" });

    expect((await info("review", admin, { json: { userId: exhibitor.userId, decision: "return" } })).data.fields?.comment).toEqual([
      "validation.required|exhibitor.review.comment",
    ]);
    const returned = await info("review", admin, { json: { userId: exhibitor.userId, decision: "return", comment: "Logo is blurry" } });
    expect(returned.data).toMatchObject({ status: "returned", reviewComment: "Logo is blurry" });
    expect(await info("review", admin, { json: { userId: exhibitor.userId, decision: "approve" } })).toMatchObject({
      code: 409,
      message: translateMessage("en", "exhibitor.api.notUnderReview"),
    });

    // The exhibitor sees the comment, cannot get the letter yet, and the checklist is not done.
    const seen = await profile(exhibitor.ticket);
    expect(seen).toMatchObject({ status: "returned", reviewComment: "Logo is blurry", expectedReviewBy: null });
    expect(seen.draft.companyNameZh).toBe(company.companyNameZh);
    expect(await info("getExhibitionLetterUrl", exhibitor.ticket)).toMatchObject({ code: 400, message: "Please improve your information first" });
    const worksheet = async () =>
      (await api.call<WorksheetItem[]>("/smeb/worksheet/worksheet", { ticket: exhibitor.ticket })).data.find((i) => i.link === "/exhibitorInfo/exhibitorData")!;
    expect((await worksheet()).status).not.toBe("done");

    expect((await save(exhibitor.ticket, "presentation", { ...presentation, logoUrl: "/files/logo2" })).data.status).toBe("returned");
    expect((await info("update", exhibitor.ticket, { json: {} })).data.status).toBe("under_review");
    const approved = await info("review", admin, { json: { userId: exhibitor.userId, decision: "approve" } });
    expect(approved.data).toMatchObject({ status: "approved", reviewComment: null });
    expect(approved.data.approvedAt).toBeTruthy();
    expect((await info("getExhibitionLetterUrl", exhibitor.ticket)).data).toEqual({ url: "/exhibitorInfo/exhibitorData/letter" });
    expect((await worksheet()).status).toBe("done");

    // Editing after approval: draft again, still approved for the catalogue until resubmitted.
    const edited = (await save(exhibitor.ticket, "events", events)).data;
    expect(edited).toMatchObject({ status: "draft", approvedAt: approved.data.approvedAt });
    expect((await info("getExhibitionLetterUrl", exhibitor.ticket)).code).toBe(200);
    expect((await worksheet()).status).toBe("done");
  });

  it("records who did what and when", async () => {
    // A profile through the review as above: submitted, returned with a comment, resubmitted, approved, edited.
    const exhibitor = await submitted();
    expect((await info("review", admin, { json: { userId: exhibitor.userId, decision: "return", comment: "Logo is blurry" } })).code).toBe(200);
    expect((await save(exhibitor.ticket, "presentation", { ...presentation, logoUrl: "/files/logo2" })).code).toBe(200);
    expect((await info("update", exhibitor.ticket, { json: {} })).data.status).toBe("under_review");
    expect((await info("review", admin, { json: { userId: exhibitor.userId, decision: "approve" } })).code).toBe(200);
    expect((await save(exhibitor.ticket, "events", events)).code).toBe(200);
    const history = (await profile(exhibitor.ticket)).history;
    const actions = history.map((e) => `${e.action}:${e.actorLabel}`);
    expect(actions.slice(0, 5)).toEqual([
      `draft_saved:${exhibitor.username}`,
      "approved:admin",
      `submitted:${exhibitor.username}`,
      `draft_saved:${exhibitor.username}`,
      "returned:admin",
    ]);
    expect(history.find((e) => e.action === "returned")).toMatchObject({ fromStatus: "under_review", toStatus: "returned", comment: "Logo is blurry" });
    // Events are dated in business time (server/clock.ts), like the profile's own dates.
    for (const e of history) expect(appClock.now().getTime() - Date.parse(e.createdAt)).toBeLessThan(10 * 60_000);
    expect(history.length).toBeLessThanOrEqual(20);
    const rows = await api.db
      .selectFrom("exhibitor_profile_events")
      .select(["actor_id", "action"])
      .where("user_id", "=", exhibitor.userId)
      .where("action", "=", "approved")
      .execute();
    const adminId = (await api.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow()).id;
    expect(rows.map((r) => r.actor_id)).toEqual([adminId]);
  });

  it("never lets raw01 read or change std01's profile or group data", async () => {
    // Two exhibitors of its own in their places: the owner of a profile, and another.
    const [owner, other] = [await newExhibitor(api), await newExhibitor(api)];
    expect((await save(owner.ticket, "company", { companyNameZh: company.companyNameZh })).code).toBe(200);
    const stdProfile = await profile(owner.ticket);
    const foreign = await info("findExhibitorInfoByUniqueId", other.ticket, { query: { uniqueId: stdProfile.uniqueId } });
    const unknown = await info("findExhibitorInfoByUniqueId", other.ticket, { query: { uniqueId: "no-such-profile-id-000" } });
    expect(foreign).toMatchObject({ status: 404, code: 404 });
    expect(JSON.stringify(foreign)).toBe(JSON.stringify(unknown));
    expect((await info("findExhibitorInfoByUniqueId", owner.ticket, { query: { uniqueId: stdProfile.uniqueId } })).data.uniqueId).toBe(stdProfile.uniqueId);
    expect((await info("findExhibitorInfoByUniqueId", admin, { query: { uniqueId: stdProfile.uniqueId } })).data.draft).toEqual(stdProfile.draft);

    // Ids in the body are ignored: the other writes its own profile and group row.
    await info("saveDraft", other.ticket, { json: { step: "company", companyNameZh: "远航", userId: owner.userId, uniqueId: stdProfile.uniqueId } });
    expect((await profile(owner.ticket)).draft).toEqual(stdProfile.draft);
    expect((await profile(other.ticket)).draft.companyNameZh).toBe("远航");

    expect((await info("saveGroupInfo", owner.ticket, { json: { isGroupMember: "yes", groupNameZh: "星河集团" } })).code).toBe(200);
    expect((await info("saveGroupInfo", other.ticket, { json: { isGroupMember: "yes" } })).data.fields?.groupNameZh).toEqual([
      "validation.required|exhibitor.group.groupNameZh",
    ]);
    await info("saveGroupInfo", other.ticket, { json: { isGroupMember: "no", userId: owner.userId } });
    expect((await info("getGroupInfo", owner.ticket)).data).toMatchObject({ isGroupMember: "yes", groupNameZh: "星河集团" });
    expect((await info("getGroupInfo", other.ticket)).data).toMatchObject({ isGroupMember: "no" });
  });

  it("loses no update when saves race (version)", async () => {
    // An exhibitor of its own, its profile made first.
    const { ticket } = await newExhibitor(api);
    expect((await save(ticket, "company", {})).code).toBe(200);
    const start = (await profile(ticket)).version;
    const steps = [
      ["company", { companyNameZh: "远航机器人" }],
      ["presentation", { introZh: "并发" }],
      ["events", { attendance: "arrived" }],
      ["exhibits", { themeId: "1" }],
      ["contacts", { contact1Name: "李四" }],
    ] as const;
    const results = await Promise.all([...steps, ...steps].map(([step, values]) => save(ticket, step, values)));
    expect(results.map((r) => r.code)).toEqual(Array(10).fill(200));
    const end = await profile(ticket);
    expect(end.version).toBe(start + 10);
    expect(end.draft).toMatchObject({ companyNameZh: "远航机器人", introZh: "并发", attendance: "arrived", themeId: "1", contact1Name: "李四" });
  });

  it("offers ops the review queue and decisions from the CLI (actor ops-cli)", async () => {
    // An exhibitor of its own with a profile, put under review.
    const exhibitor = await newExhibitor(api);
    outOfTheQueueAfterTest(exhibitor);
    const { username } = exhibitor;
    expect((await save(exhibitor.ticket, "company", {})).code).toBe(200);
    await api.db
      .updateTable("exhibitor_profiles")
      .set({ status: "under_review", submitted_at: appClock.now() })
      .where("user_id", "=", exhibitor.userId)
      .execute();
    expect(await listReviewsCommand(api.db)).toMatch(new RegExp(`^1 profile\\(s\\) waiting for review:\n {2}${username} `));
    await expect(opsCommand(api.db, "review-profile", [username, "return"])).rejects.toThrow(/needs a comment[\s\S]*Usage: cli\.js review-profile/);
    // The comment is an option; the old form (the comment as words) is refused with the usage.
    await expect(opsCommand(api.db, "review-profile", [username, "return", "Please", "add", "a", "logo"])).rejects.toThrow(
      /Not understood: "Please"[\s\S]*Usage: cli\.js review-profile <username> approve\|return \[--comment <text>\]/,
    );
    expect(await opsCommand(api.db, "review-profile", [username, "return", "--comment", "Please add a logo"])).toBe(
      `${username}: returned (Please add a logo)`,
    );
    await expect(opsCommand(api.db, "review-profile", [username, "approve"])).rejects.toThrow("not waiting for review");
    expect((await profile(exhibitor.ticket)).history[0]).toMatchObject({ action: "returned", actorLabel: "ops-cli", comment: "Please add a logo" });
    expect(await listReviewsCommand(api.db)).toBe("No profiles are waiting for review.");
  });
});
