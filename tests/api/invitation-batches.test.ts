import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvitationBatch, InvitationBatchList, InvitationSendAnswer } from "../../app/contracts/accounts/api-types";
import { createInvitationBatch, runInvitationBatch } from "../../server/accounts/invitation-batches";
import { invitationJobs } from "../../server/accounts/invitation-jobs";
import { startJobQueue } from "../../server/jobs/queue";
import { createLogger } from "../../server/logger";
import { createNotifier } from "../../server/notify";
import { readOutbox } from "../support/outbox";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { until } from "../support/until";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * Invitation batches (issue 39, decision 034): "send to all" records a batch and, where the process
 * runs the job queue, a job sends it; without one it is sent in the request. Every account not
 * activated gets exactly one invitation per batch, even when the batch's job runs twice.
 */
describe.each(backendsOf(import.meta.url))("invitation batches (/smeb/exhibitors/invitations/send, batches) on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let admin: string;
  let std01: string;
  let template: { role_id: number; exhibition_id: number };
  let deps: Parameters<typeof runInvitationBatch>[0];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "invitation-batches-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir });
    [admin, std01] = await Promise.all([api.login("admin", "Admin#2026"), api.login("std01", "Expo#2026")]);
    template = await api.db.selectFrom("users").select(["role_id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
    deps = { db: api.db, config: api.config, logger: createLogger("silent"), notifier: createNotifier({ config: api.config, db: api.db }) };
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** `count` imported-style exhibitors (no password, not activated), each with an e-mail. */
  async function accounts(count: number) {
    const tag = crypto.randomBytes(3).toString("hex").toUpperCase();
    return api.db
      .insertInto("users")
      .values(
        Array.from({ length: count }, (_, i) => ({
          username: `B${tag}${String(i).padStart(3, "0")}`,
          password_hash: "",
          role_id: template.role_id,
          exhibition_id: template.exhibition_id,
          business_name_en: `Batch ${tag} ${i} Ltd`,
          contact_email: `b-${tag}-${i}@example.com`.toLowerCase(),
          activated_at: null,
        })),
      )
      .returning(["id", "username", "contact_email"])
      .execute();
  }
  async function send(form: URLSearchParams, ticket = admin) {
    const response = await fetch(`${api.baseUrl}/api/smeb/exhibitors/invitations/send`, {
      method: "POST",
      headers: { ticket, "accept-language": "en", "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    return { status: response.status, ...((await response.json()) as { code: number; message: string; data: InvitationSendAnswer }) };
  }
  const batches = (query: Record<string, string> = {}, ticket = admin) =>
    api.call<InvitationBatchList>("/smeb/exhibitors/invitations/batches", { ticket, query });
  /** The mails since `from` (an outbox length), per address. */
  function mailsSince(from: number) {
    const counts = new Map<string, number>();
    for (const m of readOutbox(dataDir).slice(from)) if (m.subject) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
    return counts;
  }
  const pendingEmails = async () =>
    (
      await api.db
        .selectFrom("users")
        .select("contact_email")
        .where("exhibition_id", "=", template.exhibition_id)
        .where("role_id", "=", template.role_id)
        .where("activated_at", "is", null)
        .where("contact_email", "is not", null)
        .execute()
    ).map((u) => u.contact_email!.toLowerCase());

  it("sends to all in the request without a queue: one batch, one mail per account not activated, progress readable", async () => {
    await accounts(6);
    const pending = await pendingEmails();
    const before = readOutbox(dataDir).length;
    const result = await send(new URLSearchParams({ all: "true" }));
    expect(result.code, result.message).toBe(200);
    const batch = result.data.batch!;
    expect(batch).toMatchObject({ state: "done", total: pending.length, sent: pending.length, failed: 0 });
    expect(batch.finishedAt).not.toBeNull();
    const mails = mailsSince(before);
    expect([...mails.keys()].sort()).toEqual([...pending].sort());
    expect([...mails.values()].every((n) => n === 1)).toBe(true);

    const listed = await batches();
    expect(listed.code).toBe(200);
    expect(listed.data.batches[0]).toEqual(batch);
    expect((await batches({ id: String(batch.id) })).data.batches).toEqual([batch]);
    expect((await batches({ id: "999999" })).code).toBe(404);
  });

  it("a chosen list longer than 20 is a batch; a short one is sent at once without", async () => {
    const many = await accounts(21);
    const form = new URLSearchParams();
    for (const a of many) form.append("userId", String(a.id));
    const long = await send(form);
    expect(long.code, long.message).toBe(200);
    expect(long.data.batch).toMatchObject({ state: "done", total: 21, sent: 21 });
    const short = await send(new URLSearchParams([["userId", String(many[0]!.id)]]));
    expect(short.data.batch).toBeNull();
    expect(short.data.sent).toHaveLength(1);
  });

  it("with the queue running, send to all is a job a worker sends, once per account; the job run again sends nothing", async () => {
    // Accounts of its own to invite: the demo has none waiting, and an empty "send to all" is answered at once.
    await accounts(6);
    const queue = await startJobQueue({ database: api.database, logger: deps.logger }, [invitationJobs(deps)], { pollingSeconds: 0.5 });
    let batch: InvitationBatch;
    const before = readOutbox(dataDir).length;
    const pending = await pendingEmails();
    try {
      const result = await send(new URLSearchParams({ all: "true" }));
      expect(result.code, result.message).toBe(200);
      expect(result.message).toContain(`Invitations to ${pending.length} accounts are queued`);
      expect(result.data.sent).toEqual([]);
      batch = result.data.batch!;
      expect(batch).toMatchObject({ state: "queued", total: pending.length, sent: 0 });
      // Until the worker has finished it (the test's timeout is the only limit).
      batch = await until(async () => {
        const now = (await batches({ id: String(batch.id) })).data.batches[0]!;
        expect(now.state).not.toBe("failed");
        return now.state === "done" && now;
      }, 250);
    } finally {
      await queue.stop();
    }
    expect(batch).toMatchObject({ state: "done", total: pending.length, sent: pending.length, failed: 0, skipped: 0 });
    const mails = mailsSince(before);
    expect([...mails.keys()].sort()).toEqual([...pending].sort());
    expect([...mails.values()].every((n) => n === 1)).toBe(true);

    // A retry of the same job (a crash after sending, before pg-boss heard it finished): nothing goes again.
    const outbox = readOutbox(dataDir).length;
    await api.db.updateTable("invitation_batches").set({ state: "running" }).where("id", "=", batch.id).execute();
    const again = await runInvitationBatch(deps, batch.id);
    expect(again.sent).toEqual([]);
    expect(readOutbox(dataDir).length).toBe(outbox);
    expect((await batches({ id: String(batch.id) })).data.batches[0]).toMatchObject({ state: "done", sent: pending.length });
  });

  it("two runs of one batch at once send each account one invitation; an account left mid-send counts as failed", async () => {
    const fresh = await accounts(9);
    const batchId = await createInvitationBatch(
      api.db,
      template.exhibition_id,
      null,
      fresh.map((a) => a.id),
    );
    // One account was claimed by a run that crashed before it sent: it is not sent again.
    await api.db.updateTable("invitation_batch_items").set({ status: "sending" }).where("batch_id", "=", batchId).where("user_id", "=", fresh[0]!.id).execute();
    const before = readOutbox(dataDir).length;
    const [first, second] = await Promise.all([runInvitationBatch(deps, batchId), runInvitationBatch(deps, batchId)]);
    expect(first.sent.length + second.sent.length).toBe(8);
    const mails = mailsSince(before);
    expect(mails.size).toBe(8);
    expect([...mails.values()].every((n) => n === 1)).toBe(true);
    expect(mails.has(fresh[0]!.contact_email!)).toBe(false);
    expect((await batches({ id: String(batchId) })).data.batches[0]).toMatchObject({ state: "done", total: 9, sent: 8, failed: 1 });
  });

  it("is the organizer's only: an exhibitor gets 403 and no batch is made", async () => {
    const count = async () => (await api.db.selectFrom("invitation_batches").select("id").execute()).length;
    const before = await count();
    expect((await send(new URLSearchParams({ all: "true" }), std01)).status).toBe(403);
    expect((await batches({}, std01)).code).toBe(403);
    expect((await batches({ id: "1" }, std01)).code).toBe(403);
    expect(await count()).toBe(before);
  });
});
