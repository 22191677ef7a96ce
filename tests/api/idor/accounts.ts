import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { importFile, importRow } from "../exhibitor-import-files";

/**
 * The exhibitor import's part of the IDOR sweep (tests/api/idor.test.ts): the organizer's only. An
 * exhibitor (raw01) gets 403 on the template, the preview and the confirmation of the organizer's
 * own previewed file, and no account or booth is created or changed; the organizer's page and its
 * template download send it to /401, and posting to the page changes nothing.
 */
type Ctx = { api: TestApi; b: string; admin: string };
type Probe = (ctx: Ctx) => Promise<void>;

const snapshot = async (ctx: Ctx) =>
  JSON.stringify([
    await ctx.api.db.selectFrom("users").select(["id", "username", "business_name"]).orderBy("id").execute(),
    await ctx.api.db.selectFrom("booths").select(["id", "booth_no", "user_id"]).orderBy("id").execute(),
  ]);

async function preview(ctx: Ctx, ticket: string) {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(await importFile([importRow(901, "IDOR01")]))], "exhibitors.xlsx"));
  const response = await fetch(`${ctx.api.baseUrl}/api/smeb/exhibitors/import/preview`, { method: "POST", headers: { ticket }, body: form });
  return { status: response.status, text: await response.text() };
}

const templateProbe: Probe = async (ctx) => {
  const response = await fetch(`${ctx.api.baseUrl}/api/smeb/exhibitors/import/template`, { headers: { ticket: ctx.b } });
  expect(response.status).toBe(403);
  expect(response.headers.get("content-type")).not.toContain("spreadsheetml");
};

const previewProbe: Probe = async (ctx) => {
  const stages = async () => (await ctx.api.db.selectFrom("exhibitor_import_stages").select("id").execute()).length;
  const [before, stagesBefore] = [await snapshot(ctx), await stages()];
  const result = await preview(ctx, ctx.b);
  expect(result.status).toBe(403);
  expect(result.text).not.toContain("stageId");
  expect(await stages()).toBe(stagesBefore);
  expect(await snapshot(ctx)).toBe(before);
};

const confirmProbe: Probe = async (ctx) => {
  const staged = JSON.parse((await preview(ctx, ctx.admin)).text) as { data: { stageId: string } };
  expect(staged.data.stageId).toBeTruthy();
  const before = await snapshot(ctx);
  const response = await fetch(`${ctx.api.baseUrl}/api/smeb/exhibitors/import/confirm`, {
    method: "POST",
    headers: { ticket: ctx.b, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ stageId: staged.data.stageId }),
  });
  expect(response.status).toBe(403);
  expect(await snapshot(ctx)).toBe(before);
  await ctx.api.db.deleteFrom("exhibitor_import_stages").where("id", "=", staged.data.stageId).execute();
};

const pagesProbe: Probe = async (ctx) => {
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  for (const path of ["/exhibitorInfo/exhibitorImport", "/exhibitorInfo/exhibitorImport/template"]) {
    const response = await browser.request(path);
    expect([302, 403], path).toContain(response.status);
    if (response.status === 302) expect(response.headers.get("location"), path).toMatch(/\/401/);
  }
  const staged = JSON.parse((await preview(ctx, ctx.admin)).text) as { data: { stageId: string } };
  const before = await snapshot(ctx);
  const posted = await browser.request("/exhibitorInfo/exhibitorImport?confirm", {
    body: new URLSearchParams({ stageId: staged.data.stageId }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(posted.status).not.toBe(200);
  expect(await snapshot(ctx)).toBe(before);
  await ctx.api.db.deleteFrom("exhibitor_import_stages").where("id", "=", staged.data.stageId).execute();
};

/** The invitations (issue 39): the list and the send answer an exhibitor 403 and issue no link. */
const openTokens = async (ctx: Ctx) =>
  (await ctx.api.db.selectFrom("password_tokens").select("id").where("used_at", "is", null).where("voided_at", "is", null).execute()).length;

const invitationListProbe: Probe = async (ctx) => {
  const response = await fetch(`${ctx.api.baseUrl}/api/smeb/exhibitors/invitations?filter=all`, { headers: { ticket: ctx.b } });
  expect(response.status).toBe(403);
  expect(await response.text()).not.toContain("std01");
};

const invitationSendProbe: Probe = async (ctx) => {
  const std01 = await ctx.api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
  const before = await openTokens(ctx);
  for (const body of [new URLSearchParams({ all: "true" }), new URLSearchParams({ userId: String(std01.id) })]) {
    const response = await fetch(`${ctx.api.baseUrl}/api/smeb/exhibitors/invitations/send`, {
      method: "POST",
      headers: { ticket: ctx.b, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(response.status).toBe(403);
  }
  expect(await openTokens(ctx)).toBe(before);
};

/** The invitation batches' progress: an exhibitor gets 403, with or without an id, and learns nothing of them. */
const invitationBatchesProbe: Probe = async (ctx) => {
  for (const query of ["", "?id=1"]) {
    const response = await fetch(`${ctx.api.baseUrl}/api/smeb/exhibitors/invitations/batches${query}`, { headers: { ticket: ctx.b } });
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain("batches");
  }
};

/** The storage quota (issue 50) is the organizer's to set: an exhibitor raising its own or another's gets 403, nothing changes. */
const storageQuotaProbe: Probe = async (ctx) => {
  const quotas = async () => JSON.stringify(await ctx.api.db.selectFrom("users").select(["id", "upload_quota_mb"]).orderBy("id").execute());
  const before = await quotas();
  for (const username of ["raw01", "std01"]) {
    const response = await fetch(`${ctx.api.baseUrl}/api/smeb/exhibitors/storage-quota`, {
      method: "POST",
      headers: { ticket: ctx.b, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username, quotaMb: "100000" }),
    });
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain("quota");
  }
  expect(await quotas()).toBe(before);
};

const invitePageProbe: Probe = async (ctx) => {
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const response = await browser.request("/exhibitorInfo/exhibitorInvite");
  expect([302, 403]).toContain(response.status);
  if (response.status === 302) expect(response.headers.get("location")).toMatch(/\/401/);
  const before = await openTokens(ctx);
  const posted = await browser.request("/exhibitorInfo/exhibitorInvite", {
    body: new URLSearchParams({ intent: "all", confirmed: "1" }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(posted.status).not.toBe(200);
  expect(await openTokens(ctx)).toBe(before);
};

export const accountsSweep = {
  "routes/_shell.exhibitorInfo.exhibitorInvite": { probe: invitePageProbe },
  "GET /api/smeb/exhibitors/invitations": { probe: invitationListProbe },
  "POST /api/smeb/exhibitors/invitations/send": { probe: invitationSendProbe },
  "GET /api/smeb/exhibitors/invitations/batches": { probe: invitationBatchesProbe },
  "POST /api/smeb/exhibitors/storage-quota": { probe: storageQuotaProbe },
  "routes/_shell.exhibitorInfo.exhibitorImport": { probe: pagesProbe },
  "routes/exhibitorInfo.exhibitorImport.template": { probe: pagesProbe },
  "GET /api/smeb/exhibitors/import/template": { probe: templateProbe },
  "POST /api/smeb/exhibitors/import/preview": { probe: previewProbe },
  "POST /api/smeb/exhibitors/import/confirm": { probe: confirmProbe },
};
