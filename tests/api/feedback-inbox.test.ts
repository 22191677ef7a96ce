import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChecklistOverview } from "../../app/contracts/home/overview-types";
import type { FeedbackInboxPage, FeedbackInboxRow } from "../../app/contracts/settings/feedback-inbox-values";
import inboxEn from "../../app/contracts/settings/texts-inbox.en";
import inboxZh from "../../app/contracts/settings/texts-inbox.zh";
import { portalClient } from "../support/portal-client";
import { PNG } from "../support/sample-files";
import { addDays, testCalendar } from "../support/test-clock";
import { backendsOf, loadRemixBuild, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { sendFeedbackWithPicture } from "../support/uploads";
import { signInDemo } from "../support/demo-cast";
import { newExhibitor } from "../support/new-exhibitor";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The organizer's feedback inbox (issue 51): feedback that was saved and read by nobody is listed
 * for the organizer, newest first, by type and state, with its image and a handled switch; an
 * exhibitor or a carrier gets 403 (pages: /401); another exhibition's feedback reads as missing.
 */
describe.each(backendsOf(import.meta.url))("the feedback inbox (/smeb/feedback/list, handle, image) on %s", (backend) => {
  let api: TestApi;
  let admin: string;
  let std01: string;
  let raw01: string;
  let carrier: string;
  /** std01's feedback: a content error with a screenshot, then a suggestion without one. */
  let withImage: number;
  let withoutImage: number;
  const marker = `inbox-${backend}-${crypto.randomBytes(4).toString("hex")}`;

  beforeAll(async () => {
    api = await startTestApi(backend, {}, { remixBuild: await loadRemixBuild() });
    ({ admin, std01, raw01, carrier01: carrier } = await signInDemo(api, ["admin", "std01", "raw01", "carrier01"]));
    const saved = await sendFeedbackWithPicture(api, std01, { type: "3", content: `${marker} the hall map is wrong`, fileName: "map.png" });
    expect(saved.status).toBe(200);
    withImage = ((await saved.json()) as { data: { id: number } }).data.id;
    const plain = await api.call<{ id: number }>("/smeb/feedback/save", { ticket: std01, form: { type: "2", content: `${marker} more parking` } });
    expect(plain.code).toBe(200);
    withoutImage = plain.data.id;
  });
  afterAll(async () => {
    await api?.close();
  });

  const list = async (query: string, ticket = admin) => {
    const answer = await api.call<FeedbackInboxPage>(`/smeb/feedback/list?${query}`, { ticket });
    expect(answer.code).toBe(200);
    return answer.data;
  };
  const feedbackRows = async () => api.db.selectFrom("feedback").selectAll().orderBy("id").execute();
  /** A new exhibitor's feedback, as beforeAll's: a content error with a screenshot, then a suggestion without one. */
  async function ownFeedback() {
    const sender = await newExhibitor(api);
    const tag = `${marker}-${sender.tag}`;
    const saved = await sendFeedbackWithPicture(api, sender.ticket, { type: "3", content: `${tag} the hall map is wrong`, fileName: "map.png" });
    expect(saved.status).toBe(200);
    const withImage = ((await saved.json()) as { data: { id: number } }).data.id;
    const plain = await api.call<{ id: number }>("/smeb/feedback/save", { ticket: sender.ticket, form: { type: "2", content: `${tag} more parking` } });
    expect(plain.code).toBe(200);
    return { sender, tag, withImage, withoutImage: plain.data.id };
  }

  it("lists the waiting feedback newest first with its sender, and filters by type and by state", async () => {
    const { sender, tag, withImage, withoutImage } = await ownFeedback();
    const waiting = await list("pageSize=50");
    const ids = waiting.rows.map((r) => r.id);
    expect(ids).toContain(withImage);
    expect(ids.indexOf(withoutImage)).toBeLessThan(ids.indexOf(withImage));
    const row = waiting.rows.find((r) => r.id === withImage)!;
    expect(row).toMatchObject({
      type: 3,
      content: `${tag} the hall map is wrong`,
      username: sender.username,
      hasImage: true,
      handledAt: null,
      handledBy: null,
    });
    expect(row.companyName).toBe(sender.businessName);
    expect(waiting.rows.find((r) => r.id === withoutImage)?.hasImage).toBe(false);

    const contentErrors = await list("type=3&pageSize=50");
    expect(contentErrors.rows.every((r) => r.type === 3)).toBe(true);
    expect(contentErrors.rows.map((r) => r.id)).toContain(withImage);
    expect(contentErrors.rows.map((r) => r.id)).not.toContain(withoutImage);
    expect(contentErrors.total).toBe(contentErrors.counts.open);
  });

  it("pages the list", async () => {
    const all = await list("state=all&pageSize=50");
    expect(all.total).toBeGreaterThanOrEqual(2);
    const first = await list("state=all&pageSize=10&page=1");
    expect(first.rows.length).toBe(Math.min(10, all.total));
    const past = await list(`state=all&pageSize=10&page=${Math.ceil(all.total / 10) + 1}`);
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(all.total);
  });

  it("answers the organizer the attached image, and 404 for a feedback without one", async () => {
    const image = await fetch(`${api.baseUrl}/api/smeb/feedback/image?id=${withImage}`, { headers: { ticket: admin } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("content-disposition")).toMatch(/^inline/);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const none = await api.call(`/smeb/feedback/image?id=${withoutImage}`, { ticket: admin });
    expect(none).toMatchObject({ code: 404, message: inboxEn.imageNotFound });
  });

  it("marks a feedback handled (when, by whom) and waiting again; the state filters follow", async () => {
    const { withoutImage } = await ownFeedback();
    const handled = await api.call<FeedbackInboxRow>("/smeb/feedback/handle", { ticket: admin, form: { id: String(withoutImage), handled: "1" } });
    expect(handled).toMatchObject({ code: 200, message: inboxEn.markedHandled });
    expect(handled.data).toMatchObject({ id: withoutImage, handledBy: "admin" });
    expect(handled.data.handledAt).not.toBeNull();
    expect((await list("pageSize=50")).rows.map((r) => r.id)).not.toContain(withoutImage);
    expect((await list("state=handled&pageSize=50")).rows.map((r) => r.id)).toContain(withoutImage);

    const zh = await api.call<FeedbackInboxRow>("/smeb/feedback/handle", { ticket: admin, form: { id: String(withoutImage), handled: "0" }, lang: "zh-CN" });
    expect(zh).toMatchObject({ code: 200, message: inboxZh.markedOpen, data: { handledAt: null, handledBy: null } });
    expect((await list("pageSize=50")).rows.map((r) => r.id)).toContain(withoutImage);
  });

  it("refuses exhibitors and carriers (403) before reading anything, and changes nothing", async () => {
    const before = await feedbackRows();
    for (const ticket of [std01, raw01, carrier]) {
      const answers = [
        await api.call("/smeb/feedback/list", { ticket }),
        await api.call(`/smeb/feedback/image?id=${withImage}`, { ticket }),
        await api.call("/smeb/feedback/handle", { ticket, form: { id: String(withImage), handled: "1" } }),
      ];
      expect(answers.map((a) => a.status)).toEqual([403, 403, 403]);
      for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(marker);
    }
    expect((await api.call("/smeb/feedback/list", {})).code).toBe(401);
    expect(await feedbackRows()).toEqual(before);
  });

  it("bounds its integers and refuses unknown filters", async () => {
    for (const query of ["type=6", "type=0", "state=done", "pageSize=1000", "page=0", `type=${2 ** 31}`]) {
      expect((await api.call(`/smeb/feedback/list?${query}`, { ticket: admin })).code, query).toBe(400);
    }
    expect((await api.call(`/smeb/feedback/image?id=${2 ** 31}`, { ticket: admin })).code).toBe(400);
    expect((await api.call("/smeb/feedback/handle", { ticket: admin, form: { id: String(2 ** 53), handled: "1" } })).code).toBe(400);
    expect((await api.call("/smeb/feedback/handle", { ticket: admin, form: { id: String(withImage), handled: "yes" } })).code).toBe(400);
  });

  it("never shows, changes or opens another exhibition's feedback", async () => {
    const other = await api.db
      .insertInto("exhibitions")
      .values({
        code: `OTHER-${backend}`,
        name_zh: "另一展会",
        name_en: "Another fair",
        // Last year's fair.
        starts_on: addDays(testCalendar.opensOn, -365),
        ends_on: addDays(testCalendar.endsOn, -365),
        venue_zh: "馆",
        venue_en: "Hall",
        is_current: false,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const user = await api.db
      .insertInto("users")
      .values({ username: `other-fair-${backend}`, password_hash: "x", role_id: 2, exhibition_id: other.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    const file = await api.db.selectFrom("feedback").select("img_url").where("id", "=", withImage).executeTakeFirstOrThrow();
    const foreign = await api.db
      .insertInto("feedback")
      .values({ user_id: user.id, type: 1, content: `${marker} other fair`, img_url: file.img_url })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(await list("state=all&pageSize=50"))).not.toContain("other fair");
    expect((await api.call("/smeb/feedback/handle", { ticket: admin, form: { id: String(foreign.id), handled: "1" } })).code).toBe(404);
    expect((await api.call(`/smeb/feedback/image?id=${foreign.id}`, { ticket: admin })).code).toBe(404);
    expect((await api.db.selectFrom("feedback").select("handled_at").where("id", "=", foreign.id).executeTakeFirstOrThrow()).handled_at).toBeNull();
  });

  it("counts the waiting feedback among the organizer's queues on the home page", async () => {
    const overview = await api.call<ChecklistOverview>("/smeb/worksheet/overview", { ticket: admin });
    expect(overview.code).toBe(200);
    const queue = overview.data.queues.find((q) => q.queue === "feedback");
    expect(queue).toMatchObject({ link: "/index/feedbackInbox" });
    expect(queue!.waiting).toBe((await list("pageSize=10")).counts.open);
  });

  it("the page without JavaScript: filters by link, opens the image, marks handled by a plain post; an exhibitor lands on /401", async () => {
    const { tag, withImage } = await ownFeedback();
    const browser = portalClient(api.baseUrl);
    await browser.signIn("admin", "Admin#2026");
    const page = await browser.request("/index/feedbackInbox?type=3");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<title>${inboxEn.title}`);
    expect(html).toContain(`${tag} the hall map is wrong`);
    expect(html).not.toContain(`${tag} more parking`);
    expect(html).toContain(`href="/index/feedbackInbox/${withImage}/image"`);

    const image = await browser.request(`/index/feedbackInbox/${withImage}/image`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    const posted = await browser.request("/index/feedbackInbox?type=3", {
      body: new URLSearchParams({ id: String(withImage), handled: "1" }),
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/index/feedbackInbox?type=3");
    expect((await api.db.selectFrom("feedback").select("handled_at").where("id", "=", withImage).executeTakeFirstOrThrow()).handled_at).not.toBeNull();
    const handledPage = await (await browser.request("/index/feedbackInbox?type=3&state=handled")).text();
    expect(handledPage).toContain(`${tag} the hall map is wrong`);

    const exhibitor = portalClient(api.baseUrl);
    await exhibitor.signIn("std01", "Expo#2026");
    for (const path of ["/index/feedbackInbox", `/index/feedbackInbox/${withImage}/image`]) {
      const answer = await exhibitor.request(path);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("location"), path).toBe("/401");
    }
  });
});
