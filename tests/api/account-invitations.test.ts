import crypto from "node:crypto";
import { signInDemo } from "../support/demo-cast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvitationPage, InvitationSendAnswer } from "../../app/contracts/accounts/api-types";
import { rsaEncrypt } from "../../app/features/auth/rsa.server";
import { createLogger } from "../../server/logger";
import { createNotifier } from "../../server/notify";
import type { OpsContext } from "../../server/ops/command-types";
import { opsHelp, runOpsCommand } from "../../server/ops/commands";
import { readOutbox } from "../support/outbox";
import { portalClient } from "../support/portal-client";
import { backendsOf, loadRemixBuild, postgresSkipReason, DEFAULT_BACKEND, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";
import { insertImportedAccount } from "../support/accounts";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const LINK = /\/setPassword\/([A-Za-z0-9_-]{43})/;
const tokenOf = (text: string) => LINK.exec(text)?.[1] ?? "";

/**
 * Invitations to the portal, the organizer's side (issue 39): the list of exhibitor accounts with
 * who activated, sending links to chosen accounts or to all not activated (activated ones skipped,
 * accounts without contacts skipped), one message per account and channel in the outbox, a new link
 * voiding the old, and the CLI's send-invitations.
 */
describe.each(backendsOf(import.meta.url))("invitations to the portal (/smeb/exhibitors/invitations, send, send-invitations) on %s", (backend) => {
  let api: TempDirTestApi;
  let admin: string;
  let std01: string;
  let publicKey: string;
  let serial = 0;

  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "account-invitations-");
    ({ admin, std01 } = await signInDemo(api, ["admin", "std01"]));
    publicKey = (await api.call<{ publicKey: string }>("/login/publicKey")).data.publicKey;
  });
  afterAll(() => api?.close());

  /** An imported-style exhibitor (no password, not activated) with the contacts given. */
  async function account(contacts: { email?: string; phone?: string; company?: string; activated?: boolean }) {
    serial++;
    const username = `INV${serial}${crypto.randomBytes(2).toString("hex")}`.toUpperCase();
    const { company, ...rest } = contacts;
    return insertImportedAccount(api.db, { username, businessName: company ?? `${username} Ltd`, businessNameEn: `${username} Ltd`, ...rest });
  }

  const list = async (filter = "all", ticket = admin) =>
    api.call<InvitationPage>("/smeb/exhibitors/invitations", { ticket, query: { filter, pageSize: "50" } });
  /** The send as a browser posts ticked boxes: `userId` repeated. */
  async function send(body: { userIds?: number[]; all?: boolean }, ticket = admin, lang = "en") {
    const form = new URLSearchParams();
    for (const id of body.userIds ?? []) form.append("userId", String(id));
    if (body.all) form.set("all", "true");
    const response = await fetch(`${api.baseUrl}/api/smeb/exhibitors/invitations/send`, {
      method: "POST",
      headers: { ticket, "accept-language": lang, "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    return { status: response.status, ...((await response.json()) as { code: number; message: string; data: InvitationSendAnswer }) };
  }
  const mailsTo = (to: string) => readOutbox(api.dataDir).filter((m) => m.to === to.toLowerCase());
  const openTokens = async () =>
    (await api.db.selectFrom("password_tokens").select("id").where("used_at", "is", null).where("voided_at", "is", null).execute()).length;

  it("sends to the chosen accounts in their language, skips the activated ones and says so; a second send voids the first link", async () => {
    const zh = await account({ email: `zh-${backend}@example.com`, phone: "13900002222", company: "上海测试展商有限公司" });
    const done = await account({ email: `done-${backend}@example.com`, activated: true });
    const result = await send({ userIds: [zh.id, done.id] });
    expect(result.code, result.message).toBe(200);
    expect(result.data).toEqual({
      sent: [{ username: zh.username, email: true, sms: true, language: "zh" }],
      skippedActivated: [done.username],
      skippedNoContact: [],
      failed: [],
      // Two chosen accounts: sent in the request, no batch.
      batch: null,
    });
    expect(result.message).toBe("Sent to 1; skipped 1 (1 already activated, 0 without an e-mail or mobile)");
    const [mail] = mailsTo(`zh-${backend}@example.com`);
    expect(mailsTo(`zh-${backend}@example.com`)).toHaveLength(1);
    expect(mail!.subject).toBe("参展商门户邀请");
    expect(mail!.text).toContain(zh.username);
    const first = tokenOf(mail!.text);
    expect(first).toHaveLength(43);
    expect(tokenOf(mailsTo("13900002222")[0]!.text)).toBe(first);
    expect(mailsTo(`done-${backend}@example.com`)).toHaveLength(0);

    const pending = (await list("pending")).data;
    const row = pending.rows.find((r) => r.username === zh.username)!;
    expect(row).toMatchObject({ activatedAt: null, linkState: "open", email: `zh-${backend}@example.com`, mobile: "13900002222" });
    expect(row.lastSentAt).not.toBeNull();
    expect(pending.rows.some((r) => r.username === done.username)).toBe(false);

    const again = await send({ userIds: [zh.id] }, admin, "zh-CN");
    expect(again.message).toBe("已发送 1 个；跳过 0 个（已开通 0 个，无邮箱或手机号 0 个）");
    const second = tokenOf(mailsTo(`zh-${backend}@example.com`)[1]!.text);
    expect(second).not.toBe(first);
    const old = await api.call<{ state?: string }>("/login/setPassword", { form: { token: first, newPassword: rsaEncrypt(publicKey, "Fresh#2026") } });
    expect([old.code, old.data.state]).toEqual([400, "replaced"]);
    expect((await api.call<{ username: string }>("/login/passwordLink", { query: { token: second } })).data.username).toBe(zh.username);
  });

  it("sends to all not activated, one message per account, skipping those without contacts; the list shows who activated", async () => {
    const a = await account({ email: `all-a-${backend}@example.com` });
    const b = await account({ phone: "13900003333" });
    const none = await account({});
    const before = readOutbox(api.dataDir).length;
    const result = await send({ all: true });
    expect(result.code, result.message).toBe(200);
    // No job queue in this process: the batch was sent in the request.
    expect(result.data.batch).toMatchObject({ state: "done", sent: result.data.sent.length });
    const sentNames = result.data.sent.map((s) => s.username);
    expect(sentNames).toEqual(expect.arrayContaining([a.username, b.username]));
    expect(result.data.skippedNoContact).toContain(none.username);
    // Only accounts not activated: the demo exhibitors (activated) are not even looked at.
    expect(result.data.skippedActivated).toEqual([]);
    expect(sentNames).not.toContain("std01");
    const messages = readOutbox(api.dataDir).slice(before);
    const channels = result.data.sent.reduce((n, s) => n + Number(s.email) + Number(s.sms), 0);
    expect(messages).toHaveLength(channels);
    expect(messages.filter((m) => m.to === `all-a-${backend}@example.com`)).toHaveLength(1);
    expect(messages.filter((m) => m.to === "13900003333")).toHaveLength(1);
    expect(messages.find((m) => m.to === `all-a-${backend}@example.com`)!.subject).toBe("Your invitation to the Exhibitor Portal");

    // a sets the password through its link: the list counts it activated.
    const token = tokenOf(mailsTo(`all-a-${backend}@example.com`).at(-1)!.text);
    const set = await api.call("/login/setPassword", { form: { token, newPassword: rsaEncrypt(publicKey, "Fresh#2026") } });
    expect(set.code, set.message).toBe(200);
    const activated = (await list("activated")).data;
    expect(activated.rows.find((r) => r.username === a.username)?.activatedAt).toBeTruthy();
    expect(activated.rows.map((r) => r.username)).toEqual(expect.arrayContaining(["std01", "raw01"]));
    const all = (await list("all")).data;
    expect(all.counts.all).toBe(all.counts.pending + all.counts.activated);
    expect((await list("pending")).data.rows.some((r) => r.username === a.username)).toBe(false);

    // Sending to a again now skips it.
    const skipped = await send({ userIds: [a.id] });
    expect(skipped.data).toMatchObject({ sent: [], skippedActivated: [a.username] });
  });

  it("refuses an empty choice and accounts that are not exhibitors of the exhibition, sending nothing", async () => {
    const a = await account({ email: `refused-${backend}@example.com` });
    const organizer = await api.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow();
    const before = readOutbox(api.dataDir).length;
    const empty = await send({});
    expect([empty.status, empty.message]).toEqual([400, "Tick at least one account, or send to all not activated"]);
    const foreign = await send({ userIds: [a.id, organizer.id] });
    expect([foreign.status, foreign.message]).toEqual([400, "Some of the accounts are not exhibitors of this exhibition; nothing was sent"]);
    expect(readOutbox(api.dataDir).length).toBe(before);
  });

  it("refuses an exhibitor on both routes, sending nothing", async () => {
    const a = await account({ email: `idor-${backend}@example.com` });
    const tokens = await openTokens();
    expect((await list("all", std01)).status).toBe(403);
    expect((await send({ userIds: [a.id] }, std01)).status).toBe(403);
    expect((await send({ all: true }, std01)).status).toBe(403);
    expect(await openTokens()).toBe(tokens);
    expect(mailsTo(`idor-${backend}@example.com`)).toHaveLength(0);
  });

  it("send-invitations: an unknown exhibitor number exits non-zero naming it and sends nothing; named and --all send and print who got what", async () => {
    const context: OpsContext = {
      db: api.db,
      store: undefined as never,
      mail: { config: api.config, notifier: createNotifier({ config: api.config, db: api.db }), logger: createLogger("silent") },
    };
    expect(opsHelp("--help", [])).toContain("  send-invitations");
    expect(opsHelp("send-invitations", ["--help"])).toContain("Usage: cli.js send-invitations --all | <exhibitor number> [...]");
    await expect(runOpsCommand(context, "send-invitations", [])).rejects.toThrow("Usage: cli.js send-invitations");
    await expect(runOpsCommand(context, "send-invitations", ["--all", "STD01"])).rejects.toThrow("Usage: cli.js send-invitations");

    const a = await account({ email: `cli-a-${backend}@example.com` });
    const b = await account({ email: `cli-b-${backend}@example.com`, phone: "13900004444" });
    const before = readOutbox(api.dataDir).length;
    await expect(runOpsCommand(context, "send-invitations", [a.username, "NO-SUCH-1"])).rejects.toThrow(/No exhibitor NO-SUCH-1 in .*; nothing was sent\./);
    expect(readOutbox(api.dataDir).length).toBe(before);

    const named = await runOpsCommand(context, "send-invitations", [a.username.toLowerCase(), "std01"]);
    expect(named).toContain(`Sent ${a.username} a link by e-mail (en).`);
    expect(named).toContain("Skipped std01: already activated.");
    expect(named).toContain("Sent to 1; skipped 1 (1 already activated, 0 without an e-mail or mobile).");
    expect(mailsTo(`cli-a-${backend}@example.com`)).toHaveLength(1);

    const all = await runOpsCommand(context, "send-invitations", ["--all"]);
    expect(all).toContain(`Sent ${a.username} a link by e-mail (en).`);
    expect(all).toContain(`Sent ${b.username} a link by e-mail and SMS (en).`);
    expect(all).not.toContain("std01");
    expect(mailsTo(`cli-a-${backend}@example.com`)).toHaveLength(2);
    expect(mailsTo(`cli-b-${backend}@example.com`)).toHaveLength(1);
    expect(mailsTo("13900004444")).toHaveLength(1);
  });
});

/** The organizer's page as a browser without JavaScript uses it: the list, a send to the ticked accounts, and the confirmation before sending to all. */
describe("the invitation page /exhibitorInfo/exhibitorInvite, without JavaScript", () => {
  let api: TempDirTestApi;
  beforeAll(async () => {
    api = await startTestApiInTempDir(DEFAULT_BACKEND, "invitation-page-", {}, { remixBuild: await loadRemixBuild() });
  });
  afterAll(() => api?.close());
  const sameOrigin = { "sec-fetch-site": "same-origin" };

  it("lists the accounts with their state, sends to the ticked ones, and asks before sending to all", async () => {
    const fresh = await insertImportedAccount(api.db, {
      username: "PAGE001",
      businessName: "页面测试公司",
      businessNameEn: "Page Test Co",
      email: "page001@example.com",
    });
    const browser = portalClient(api.baseUrl);
    await browser.signIn("admin", "Admin#2026");
    const page = await browser.request("/exhibitorInfo/exhibitorInvite?filter=pending");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Invite exhibitors to the portal");
    expect(html).toContain("PAGE001");
    expect(html).toContain("Never invited");
    expect(html).toMatch(new RegExp(`<input[^>]*name="userId"[^>]*type="checkbox" value="${fresh.id}"`));
    expect(html).not.toContain(">std01<");
    const empty = await (await browser.request("/exhibitorInfo/exhibitorInvite?filter=activated&page=9")).text();
    expect(empty).toContain("No exhibitor account matches this filter.");

    const ticked = await browser.request("/exhibitorInfo/exhibitorInvite?filter=pending", {
      body: new URLSearchParams([
        ["intent", "selected"],
        ["userId", String(fresh.id)],
      ]),
      headers: sameOrigin,
    });
    expect(ticked.status).toBe(302);
    expect(ticked.headers.get("location")).toBe("/exhibitorInfo/exhibitorInvite?filter=pending");
    const after = await (await browser.request("/exhibitorInfo/exhibitorInvite?filter=pending")).text();
    expect(after).toContain("Sent to 1; skipped 0 (0 already activated, 0 without an e-mail or mobile)");
    expect(after).toMatch(/Invited \d{4}-\d{2}-\d{2}, link valid until \d{4}-\d{2}-\d{2}/);
    expect(readOutbox(api.dataDir).filter((m) => m.to === "page001@example.com")).toHaveLength(1);

    const question = await browser.request("/exhibitorInfo/exhibitorInvite", { body: new URLSearchParams({ intent: "all" }), headers: sameOrigin });
    expect(question.status).toBe(200);
    const questionHtml = await question.text();
    expect(questionHtml).toMatch(/Send invitations to \d+ accounts that are not activated yet\?/);
    expect(questionHtml).toContain('name="confirmed" value="1"');
    expect(readOutbox(api.dataDir).filter((m) => m.to === "page001@example.com")).toHaveLength(1);

    const confirmed = await browser.request("/exhibitorInfo/exhibitorInvite", {
      body: new URLSearchParams({ intent: "all", confirmed: "1" }),
      headers: sameOrigin,
    });
    expect(confirmed.status).toBe(302);
    expect(readOutbox(api.dataDir).filter((m) => m.to === "page001@example.com")).toHaveLength(2);
    // Sent in the request (no job queue here) as a batch: the page shows its result, and no refresh.
    const done = await (await browser.request("/exhibitorInfo/exhibitorInvite")).text();
    expect(done).toContain('data-testid="invite-batch" data-state="done"');
    expect(done).toMatch(/Done \d{4}-\d{2}-\d{2} \d{2}:\d{2}.*: \d+ of \d+ sent, 0 failed/);
    expect(done).not.toContain('http-equiv="refresh"');
    // While a batch waits for its job, the page refreshes itself without JavaScript.
    await api.db.updateTable("invitation_batches").set({ state: "queued", sent: 0, finished_at: null }).execute();
    const waiting = await (await browser.request("/exhibitorInfo/exhibitorInvite")).text();
    expect(waiting).toMatch(/Waiting to start: \d+ accounts/);
    expect(waiting).toMatch(/<noscript><meta http-equiv="refresh" content="5"\/?><\/noscript>/);
    expect(waiting).toContain('data-testid="invite-batch-refresh"');

    // Switching the language signs out (docs/product.md § Sign-in and sessions): in again, in Chinese.
    await browser.request("/language", { body: new URLSearchParams({ lng: "zh" }), headers: sameOrigin });
    await browser.signIn("admin", "Admin#2026");
    const zhHtml = await (await browser.request("/exhibitorInfo/exhibitorInvite")).text();
    expect(zhHtml).toContain("邀请展商开通账号");
    expect(zhHtml).toContain("页面测试公司");
  });
});
