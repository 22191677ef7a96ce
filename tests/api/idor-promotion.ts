import crypto from "node:crypto";
import { expect } from "vitest";
import type { TestApi } from "../support/test-api";

/**
 * The promotion part of the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01) naming
 * exhibitor A's (std01) exhibit, or one of A's images, gets 404 or 400, none of A's data, and
 * changes nothing of A's. tests/api/exhibits.test.ts covers the same on both databases.
 */
type Ctx = { api: TestApi; a: string; b: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-展品-MARKER-3817";

async function call(ctx: Ctx, ticket: string, path: string, form?: Record<string, string>) {
  const response = await fetch(`${ctx.api.baseUrl}/api${path}`, {
    method: form ? "POST" : "GET",
    headers: { ticket, "content-type": "application/x-www-form-urlencoded", "accept-language": "en" },
    body: form ? new URLSearchParams(form) : undefined,
  });
  return { status: response.status, text: await response.text() };
}

async function imageOf(ctx: Ctx, username: string) {
  const user = await ctx.api.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow();
  const id = crypto.randomBytes(12).toString("base64url");
  await ctx.api.db
    .insertInto("stored_files")
    .values({
      id,
      owner_user_id: user.id,
      folder: "exhibits-img",
      original_name: `${MARKER}.png`,
      content_type: "image/png",
      size_bytes: 10,
      storage_key: `stored/exhibits-img/${id}`,
      upload_key: null,
    })
    .execute();
  return `/files/${id}`;
}

let prepared: Promise<{ id: string; aImage: string }> | null = null;
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const aImage = await imageOf(ctx, "std01");
    const added = await call(ctx, ctx.a, "/smeb/invitation/exhibits/add", { nameZh: MARKER, imageUrls: aImage });
    expect(added.status, added.text).toBe(200);
    return { id: String(JSON.parse(added.text).data.id), aImage };
  })();
  return prepared;
}

const aState = async (ctx: Ctx) => JSON.stringify(await ctx.api.db.selectFrom("exhibits").selectAll().where("name_zh", "=", MARKER).orderBy("id").execute());

const exhibitProbe: Probe = async (ctx) => {
  const { id, aImage } = await prepare(ctx);
  const before = await aState(ctx);
  const bImage = await imageOf(ctx, "raw01");
  for (const [path, form] of [
    [`/smeb/invitation/exhibits/detail?id=${id}`],
    ["/smeb/invitation/exhibits/list"],
    ["/smeb/invitation/exhibits/update", { id, version: "1", nameZh: "B", imageUrls: bImage }],
    ["/smeb/invitation/exhibits/delete", { id }],
    ["/smeb/invitation/exhibits/saveAll", { ids: id }],
    // A's image in B's own exhibit: refused as not B's upload.
    ["/smeb/invitation/exhibits/add", { nameZh: "B", imageUrls: aImage }],
  ] as [string, Record<string, string>?][]) {
    const answer = await call(ctx, ctx.b, path, form);
    if (path.endsWith("/list")) expect(answer.status).toBe(200);
    else expect([400, 404], `${path} ${answer.text}`).toContain(answer.status);
    expect(answer.text, path).not.toContain(MARKER);
  }
  expect(await aState(ctx)).toBe(before);
  // Control: the owner reads it, so the refusals above are about ownership.
  expect((await call(ctx, ctx.a, `/smeb/invitation/exhibits/detail?id=${id}`)).text).toContain(MARKER);
};

export const promotionSweep = {
  "GET /api/smeb/invitation/exhibits/list": { probe: exhibitProbe },
  "GET /api/smeb/invitation/exhibits/detail": { probe: exhibitProbe },
  "POST /api/smeb/invitation/exhibits/add": { probe: exhibitProbe },
  "POST /api/smeb/invitation/exhibits/update": { probe: exhibitProbe },
  "POST /api/smeb/invitation/exhibits/delete": { probe: exhibitProbe },
  "POST /api/smeb/invitation/exhibits/saveAll": { probe: exhibitProbe },
};
