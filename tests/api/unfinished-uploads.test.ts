import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createObjectStore } from "../../server/uploads";
import { sweepUnclaimedUploads } from "../../server/uploads/grants";
import { createUser } from "../../server/seed/create-user";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { PNG } from "../support/sample-files";
import { completeUpload, postToStorage, signUpload } from "../support/upload-client";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * Issue 36, finding 1: a signed upload that is never completed must not stay forever, and one
 * account must not be able to hold any number of them (decision 005).
 */
// docs/product.md § Quotas and limits per account: at most 30 unfinished uploads per account.
const PENDING_UPLOADS_MAX = 30;

describe.each(backendsOf(import.meta.url))("unfinished uploads on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let accounts = 0;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-unfinished-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A fresh exhibitor account, so the bound counts this test's signatures only. */
  async function newAccount() {
    const username = `pending-${backend}-${++accounts}`;
    const id = await createUser(api.db, { username, password: "Expo#2026", role: "exhibitor" });
    return { id, ticket: await api.login(username, "Expo#2026") };
  }
  const fileOf = (key: string) => path.join(dataDir, "uploads", ...key.split("/"));
  /** Lets every signed form of the account run out, as 15 minutes would. */
  const expireForms = (userId: number) => sql`update upload_grants set expires_at = now() - interval '1 minute' where user_id = ${userId}`.execute(api.db);

  it(`refuses the next signature after ${PENDING_UPLOADS_MAX} unfinished ones, with a translated message; completing one makes room`, async () => {
    const { ticket } = await newAccount();
    const forms = [];
    for (let i = 0; i < PENDING_UPLOADS_MAX; i++) {
      const signed = await signUpload(api, ticket, { folder: "feedback", fileName: `p${i}.png` });
      expect(signed.code, signed.message).toBe(200);
      forms.push(signed.data);
    }
    const refused = await signUpload(api, ticket, { folder: "feedback", fileName: "one-more.png" });
    expect(refused.code).toBe(429);
    expect(refused.message).toBe(
      `This account has too many unfinished uploads (${PENDING_UPLOADS_MAX}). Let the uploads in progress finish, or try again later: unfinished uploads are cleared after 6 hours`,
    );
    const inChinese = await signUpload(api, ticket, { folder: "feedback", fileName: "one-more.png" }, "zh");
    expect(inChinese.message).toContain("本账号未完成的上传过多");

    // One of them uploaded and completed: its grant is used up, so there is room for one more.
    expect((await postToStorage(api, forms[0]!.fields, { bytes: PNG })).status).toBe(200);
    expect((await completeUpload(api, ticket, forms[0]!.key, "p0.png")).code).toBe(200);
    expect((await signUpload(api, ticket, { folder: "feedback", fileName: "one-more.png" })).code).toBe(200);
    expect((await signUpload(api, ticket, { folder: "feedback", fileName: "two-more.png" })).code).toBe(429);
  });

  it("counts signed bytes (five 200 MB videos), and lets go of forms that expired without an upload", async () => {
    const { id, ticket } = await newAccount();
    const videos = [];
    for (let i = 0; i < 5; i++) {
      const signed = await signUpload(api, ticket, { folder: "company-video", fileName: `v${i}.mp4` });
      expect(signed.code, signed.message).toBe(200);
      videos.push(signed.data);
    }
    expect((await signUpload(api, ticket, { folder: "company-video", fileName: "v5.mp4" })).code).toBe(429);
    // A photo still fits: 5 × 200 MB + 5 MB is under 1 GiB.
    expect((await signUpload(api, ticket, { folder: "feedback", fileName: "small.png" })).code).toBe(200);

    // Bytes went up under the first form only; then every form runs out.
    expect((await postToStorage(api, videos[0]!.fields, { bytes: Buffer.alloc(2048, 1) })).status).toBe(200);
    await expireForms(id);
    const again = await signUpload(api, ticket, { folder: "company-video", fileName: "v6.mp4" });
    expect(again.code, again.message).toBe(200);
    const left = await api.db.selectFrom("upload_grants").select("upload_key").where("user_id", "=", id).execute();
    // The uploaded one still counts (until completed or swept); the five unused ones (the photo's too) are gone.
    expect(left.map((row) => row.upload_key).sort()).toEqual([videos[0]!.key, again.data.key].sort());
  });

  it("the sweep removes an upload nobody completed once it is old, and never a completed file", async () => {
    const { ticket } = await newAccount();
    const store = createObjectStore(api.config, api.db);
    const completed = await signUpload(api, ticket, { folder: "feedback", fileName: "kept.png" });
    expect((await postToStorage(api, completed.data.fields, { bytes: PNG })).status).toBe(200);
    const file = await completeUpload(api, ticket, completed.data.key, "kept.png");
    expect(file.code, file.message).toBe(200);
    const abandoned = await signUpload(api, ticket, { folder: "feedback", fileName: "left.png" });
    expect((await postToStorage(api, abandoned.data.fields, { bytes: PNG })).status).toBe(200);
    // A half-written file of a crashed upload, next to it.
    fs.writeFileSync(`${fileOf(abandoned.data.key)}.0123456789ab.part`, "half");

    // Young: the regular sweep (6 hours) leaves it alone.
    await sweepUnclaimedUploads(api.db, store);
    expect(fs.existsSync(fileOf(abandoned.data.key))).toBe(true);

    // Old (a cutoff after both were written): removed with its grant; the completed file stays.
    const swept = await sweepUnclaimedUploads(api.db, store, new Date(Date.now() + 60_000));
    expect(swept.objects).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(fileOf(abandoned.data.key))).toBe(false);
    expect(fs.existsSync(`${fileOf(abandoned.data.key)}.0123456789ab.part`)).toBe(false);
    expect(await api.db.selectFrom("upload_grants").select("upload_key").where("upload_key", "=", abandoned.data.key).executeTakeFirst()).toBeUndefined();
    const served = await fetch(`${api.baseUrl}${file.data.url}`, { headers: { ticket } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    // Completing the swept one now finds nothing.
    expect((await completeUpload(api, ticket, abandoned.data.key, "left.png")).code).toBe(404);
  });

  it("one signature uploads one file: another key under the same prefix is refused", async () => {
    const { ticket } = await newAccount();
    const signed = await signUpload(api, ticket, { folder: "feedback", fileName: "a.png" });
    const sibling = signed.data.key.replace(/\/[0-9a-f]{16}-/, "/0123456789abcdef-");
    expect((await postToStorage(api, { ...signed.data.fields, key: sibling }, { bytes: PNG })).status).toBe(403);
    expect(fs.existsSync(fileOf(sibling))).toBe(false);
    expect((await postToStorage(api, signed.data.fields, { bytes: PNG })).status).toBe(200);
  });
});
