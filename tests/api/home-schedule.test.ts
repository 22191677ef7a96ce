import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { WorksheetItem } from "../../server/api/routes/home";
import { DEMO_EXHIBITION_SETTINGS } from "../../server/seed/exhibition-settings";
import { saveExhibitionSettings } from "../../server/exhibition-settings/store";
import { decodeHeaderWords, encodeHeaderWord, writeMail } from "../../server/mail/outbox";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { appClock } from "../../server/clock";
import { demoName, testCalendar as cal } from "../support/test-clock";

/** The first checklist item's deadline in the demo data (exhibition date). */
const FIRST_DEADLINE = cal.schedule["profile-submitted"];

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Mail = { file: string; headers: Record<string, string>; raw: string; subject: string; text: string };

/** Parses one outbox file: unfolded headers, decoded subject and base64 body. */
function readMail(file: string): Mail {
  const raw = fs.readFileSync(file, "utf8");
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const text = Buffer.from(raw.slice(split + 4).replace(/\s+/g, ""), "base64").toString("utf8");
  return { file, headers, raw, subject: decodeHeaderWords(headers.subject ?? ""), text };
}

describe("mail outbox", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-outbox-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes an RFC 5322 message with an encoded subject and a base64 body, atomically", async () => {
    const subject = "鹏城国际智能科技博览会：您的重要日程 – a long subject that needs more than one encoded word";
    // A data folder of its own: the outbox holds this message alone, whatever the other tests wrote.
    const ownDir = fs.mkdtempSync(path.join(dir, "atomic-"));
    const file = await writeMail({ dataDir: ownDir }, { to: "someone@example.org", subject, text: "第一行\n第二行 line two" });
    expect(path.dirname(file)).toBe(path.join(ownDir, "outbox"));
    expect(path.basename(file)).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{16}\.eml$/);
    expect(fs.readdirSync(path.join(ownDir, "outbox"))).toEqual([path.basename(file)]);
    const mail = readMail(file);
    expect(mail.raw).not.toMatch(/[^\r]\n/);
    expect(mail.headers).toMatchObject({
      from: "noreply@portal.local",
      to: "someone@example.org",
      "mime-version": "1.0",
      "content-type": "text/plain; charset=utf-8",
      "content-transfer-encoding": "base64",
    });
    expect(mail.headers["message-id"]).toMatch(/^<[^<>@\s]+@portal\.local>$/);
    expect(Date.parse(mail.headers.date!)).toBeGreaterThan(Date.now() - 60_000);
    expect(mail.headers.date).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    for (const line of fs.readFileSync(file, "utf8").split("\r\n")) expect(line.length).toBeLessThanOrEqual(78);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toBe("第一行\r\n第二行 line two");
  });

  it("takes the sender from MAIL_FROM and refuses header injection", async () => {
    const file = await writeMail({ dataDir: dir, MAIL_FROM: "portal@pitf.example.org" }, { to: "a@b.example", subject: "x", text: "y" });
    expect(readMail(file).headers.from).toBe("portal@pitf.example.org");
    await expect(writeMail({ dataDir: dir }, { to: "a@b.example\r\nBcc: evil@x.example", subject: "x", text: "y" })).rejects.toThrow(/invalid To/);
    expect(encodeHeaderWord("a\r\nBcc: x")).not.toMatch(/\n(?! )/);
  });
});

describe.each(backendsOf(import.meta.url))("schedule actions API on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let outbox: string;
  let std01: string;
  let admin: string;

  const mails = () =>
    fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((name) => name.endsWith(".eml"))
          .sort()
          .map((name) => readMail(path.join(outbox, name)))
      : [];

  async function download(ticket: string | undefined, lang = "en") {
    const headers: Record<string, string> = { "accept-language": lang };
    if (ticket) headers.ticket = ticket;
    return fetch(`${api.baseUrl}/api/smeb/worksheet/export`, { headers });
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-schedule-actions-"));
    outbox = path.join(dataDir, "outbox");
    api = await startTestApi(backend, { DATA_DIR: dataDir });
    std01 = await api.login("std01", "Expo#2026");
    admin = await api.login("admin", "Admin#2026");
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => fs.rmSync(outbox, { recursive: true, force: true }));

  describe("GET /smeb/worksheet/export", () => {
    it("lets std01 export the schedule as CSV with a BOM, a header row and 9 items", async () => {
      const response = await download(std01);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="schedule.csv"');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
      const lines = text.trimEnd().split("\r\n");
      expect(lines[0]).toBe("Item (Chinese),Item (English),Deadline (UTC+8),Status,Link");
      expect(lines).toHaveLength(10);
      const worksheet = await api.call<WorksheetItem[]>("/smeb/worksheet/worksheet", { ticket: std01 });
      expect(worksheet.data).toHaveLength(9);
      const first = worksheet.data[0]!;
      const date = new Date(new Date(first.deadline).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
      expect(lines[1]).toContain(`${first.title},`);
      expect(lines[1]).toContain(`,${date},`);
      expect(lines[1]).toMatch(/,(Overdue|Due soon|Open|Done),\/[A-Za-z]/);
      expect(lines[1]!.endsWith(first.link)).toBe(true);
      // Deadlines are exhibition dates: the seed's <day>T23:59:59+08:00 stays on that day.
      expect(text).toContain(`,${FIRST_DEADLINE},`);
    });

    it("uses the caller's language for the header row and statuses", async () => {
      // Response.text() drops the BOM (checked above).
      const text = await (await download(std01, "zh-CN")).text();
      expect(text).toMatch(/,(已逾期|即将截止|待办理|已完成),/);
      expect(text.split("\r\n")[0]).toBe("事项（中文）,事项（英文）,截止日期（北京时间）,状态,链接");
    });

    it("answers 401 without a session", async () => {
      const response = await download(undefined);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { code: number }).code).toBe(401);
    });

    it("answers 403 for a role without the button (carrier)", async () => {
      const response = await download(await api.login("carrier01", "Expo#2026"));
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 403, message: "Insufficient permissions" });
    });
  });

  describe("POST /smeb/worksheet/confirm", () => {
    it("refuses std01 while the button is not open yet (403), and sends nothing", async () => {
      const result = await api.call("/smeb/worksheet/confirm", { method: "POST", ticket: std01 });
      expect(result).toMatchObject({ status: 403, code: 403, message: "Insufficient permissions" });
      expect(mails()).toEqual([]);
    });

    it("e-mails the admin the schedule with statuses; the admin sees the address unmasked", async () => {
      const result = await api.call<{ sentTo: string }>("/smeb/worksheet/confirm", { method: "POST", ticket: admin, lang: "zh-CN" });
      expect(result).toMatchObject({ status: 200, code: 200, data: { sentTo: "ops@pitf.example.org", channel: "outbox" } });
      const [mail, ...rest] = mails();
      expect(rest).toEqual([]);
      expect(mail!.headers.to).toBe("ops@pitf.example.org");
      expect(mail!.subject).toBe(`${demoName.zh}：您的重要日程`);
      expect(mail!.text).toContain("尊敬的主办方运营：");
      expect(mail!.text).toContain("提交展商资料（会刊信息）");
      expect(mail!.text).toContain(`截止日期：${FIRST_DEADLINE}`);
      expect(mail!.text).toMatch(/状态：(已逾期|即将截止|待办理|已完成)/);
      expect(mail!.text.match(/^\d\. /gm)).toHaveLength(9);
    });

    it("masks the address for others once the button is open, and needs a contact e-mail", async () => {
      await api.db
        .updateTable("button_auths")
        .set({ effect_start: new Date(appClock.now().getTime() - 60_000) })
        .where("id", "=", 102)
        .execute();
      try {
        const result = await api.call<{ sentTo: string }>("/smeb/worksheet/confirm", { method: "POST", ticket: std01 });
        expect(result).toMatchObject({ code: 200, data: { sentTo: "zh******@galaxy-smart.example.com" } });
        expect(mails().map((m) => m.headers.to)).toEqual(["zhangsan@galaxy-smart.example.com"]);
        expect(mails()[0]!.subject).toBe(`${demoName.en}: your important schedule`);

        await api.db.updateTable("users").set({ contact_email: null }).where("username", "=", "std01").execute();
        const none = await api.call("/smeb/worksheet/confirm", { method: "POST", ticket: std01 });
        expect(none).toMatchObject({ status: 400, code: 400, message: expect.stringMatching(/no contact e-mail/) });
        expect(mails()).toHaveLength(1);
      } finally {
        await api.db.updateTable("users").set({ contact_email: "zhangsan@galaxy-smart.example.com" }).where("username", "=", "std01").execute();
        await api.db
          .updateTable("button_auths")
          .set({ effect_start: new Date(appClock.now().getTime() + 10 * 86_400_000) })
          .where("id", "=", 102)
          .execute();
      }
    });

    it("answers 401 without a session", async () => {
      expect((await api.call("/smeb/worksheet/confirm", { method: "POST" })).code).toBe(401);
    });
  });

  describe("POST /smeb/worksheet/extension", () => {
    const firstItemId = async () => (await api.call<WorksheetItem[]>("/smeb/worksheet/worksheet", { ticket: admin })).data[0]!.id;

    it("refuses std01 after the button closed (403), whatever the body", async () => {
      const result = await api.call("/smeb/worksheet/extension", { ticket: std01, form: { itemId: String(await firstItemId()), reason: "late" } });
      expect(result).toMatchObject({ status: 403, code: 403 });
      expect((await api.call("/smeb/worksheet/extension", { method: "POST", ticket: std01 })).code).toBe(403);
      expect(mails()).toEqual([]);
    });

    it("sends the admin's request to the organizer, naming exhibitor, booth and item", async () => {
      const itemId = await firstItemId();
      const reason = "展品清关延误，需要多两天。\nCustoms delay.";
      const result = await api.call<{ sentTo: string }>("/smeb/worksheet/extension", { ticket: admin, form: { itemId: String(itemId), reason } });
      // No SMTP_URL here: the answer says the mail only reached the outbox.
      expect(result).toMatchObject({ status: 200, code: 200, data: { sentTo: DEMO_EXHIBITION_SETTINGS.exhibitorServiceEmail, channel: "outbox" } });
      const [mail] = mails();
      expect(mail!.headers.to).toBe(DEMO_EXHIBITION_SETTINGS.exhibitorServiceEmail);
      const logged = await api.db.selectFrom("messages").select(["kind", "status", "recipient", "reply_to"]).orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(logged).toEqual({
        kind: "extensionRequest",
        status: "sent",
        recipient: DEMO_EXHIBITION_SETTINGS.exhibitorServiceEmail,
        reply_to: "ops@pitf.example.org",
      });
      expect(mail!.headers["reply-to"]).toBe("ops@pitf.example.org");
      expect(mail!.subject).toBe("延期申请：展位 - 主办方运营 - 提交展商资料（会刊信息）");
      expect(mail!.text).toContain("展商：主办方运营");
      expect(mail!.text).toContain("Exhibitor: Organizer operations");
      expect(mail!.text).toContain("Account: admin");
      expect(mail!.text).toContain(`Item: Submit exhibitor data (catalogue entry) (no. ${itemId})`);
      expect(mail!.text).toContain(`Current deadline: ${FIRST_DEADLINE}`);
      expect(mail!.text).toContain("Customs delay.");
    });

    it("refuses the request while the organizer has set no exhibitor-service address, and sends nothing", async () => {
      const exhibition = await api.db.selectFrom("users").select("exhibition_id").where("username", "=", "admin").executeTakeFirstOrThrow();
      await saveExhibitionSettings(api.db, exhibition.exhibition_id, { exhibitorServiceEmail: null });
      try {
        const result = await api.call("/smeb/worksheet/extension", { ticket: admin, form: { itemId: String(await firstItemId()), reason: "late" } });
        expect(result).toMatchObject({
          status: 400,
          message: "The organizer has not set an address for extension requests yet; please contact the organizer directly",
        });
        const zh = await api.call("/smeb/worksheet/extension", { ticket: admin, lang: "zh-CN", form: { itemId: String(await firstItemId()), reason: "late" } });
        expect(zh.message).toBe("主办方尚未设置接收延期申请的邮箱，请直接联系主办方");
        expect(mails()).toEqual([]);
      } finally {
        await saveExhibitionSettings(api.db, exhibition.exhibition_id, { exhibitorServiceEmail: DEMO_EXHIBITION_SETTINGS.exhibitorServiceEmail });
      }
    });

    it("names the booth of an exhibitor once the button is open for them", async () => {
      await api.db
        .updateTable("button_auths")
        .set({ effect_end: new Date(appClock.now().getTime() + 60_000) })
        .where("id", "=", 103)
        .execute();
      try {
        const result = await api.call("/smeb/worksheet/extension", { ticket: std01, form: { itemId: String(await firstItemId()), reason: "need time" } });
        expect(result.code).toBe(200);
        const [mail] = mails();
        expect(mail!.subject).toBe("延期申请：展位 1A01 深圳星河智能科技有限公司 - 提交展商资料（会刊信息）");
        expect(mail!.text).toContain("Booth: 1A01");
      } finally {
        await api.db
          .updateTable("button_auths")
          .set({ effect_end: new Date(appClock.now().getTime() - 2 * 86_400_000) })
          .where("id", "=", 103)
          .execute();
      }
    });

    it("validates the reason and the item", async () => {
      const itemId = String(await firstItemId());
      const post = (form: Record<string, string>) => api.call<{ fields?: Record<string, string[]> }>("/smeb/worksheet/extension", { ticket: admin, form });
      expect(await post({ itemId, reason: "   " })).toMatchObject({
        status: 400,
        message: "Please enter a reason",
        data: { fields: { reason: ["home.actions.reasonRequired"] } },
      });
      expect(await post({ itemId })).toMatchObject({ status: 400, message: "Please enter a reason" });
      expect(await post({ itemId, reason: "x".repeat(501) })).toMatchObject({ status: 400, message: "The reason can be at most 500 characters" });
      expect((await post({ itemId, reason: "x".repeat(500) })).code).toBe(200);
      // CRLF line breaks count as one character, as in the browser.
      expect((await post({ itemId, reason: `${"x".repeat(249)}\r\n${"y".repeat(250)}` })).code).toBe(200);
      expect(await post({ reason: "late" })).toMatchObject({ status: 400, message: "Please choose an item" });
      expect(await post({ itemId: "abc", reason: "late" })).toMatchObject({ status: 400, message: "Please choose an item" });
      expect(await post({ itemId: "-3", reason: "late" })).toMatchObject({ status: 400, message: "Please choose an item" });
      expect(await post({ itemId: "1.5", reason: "late" })).toMatchObject({ status: 400, message: "Please choose an item" });
      expect(await post({ itemId: "999999", reason: "late" })).toMatchObject({
        status: 400,
        message: "This item is not on your schedule",
        data: { fields: { itemId: ["home.actions.itemInvalid"] } },
      });
      expect(mails()).toHaveLength(2);
    });

    it("refuses an item of another exhibition", async () => {
      const other = await api.db
        .insertInto("exhibitions")
        .values({
          code: "OTHER",
          name_zh: "其他展会",
          name_en: "Other fair",
          starts_on: "2027-01-01",
          ends_on: "2027-01-02",
          venue_zh: "馆",
          venue_en: "Hall",
          is_current: false,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const item = await api.db
        .insertInto("schedule_items")
        .values({ exhibition_id: other.id, title_zh: "别的", title_en: "Other", deadline: new Date(), link: "/index", done_check: null, sort: 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const result = await api.call("/smeb/worksheet/extension", { ticket: admin, form: { itemId: String(item.id), reason: "late" } });
      expect(result).toMatchObject({ status: 400, message: "This item is not on your schedule" });
      expect(mails()).toEqual([]);
    });

    it("answers 401 without a session", async () => {
      expect((await api.call("/smeb/worksheet/extension", { form: { itemId: "1", reason: "x" } })).code).toBe(401);
    });
  });
});
