import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { uploadAs } from "../../support/uploads";
import { fetchApi } from "../../support/idor-probe";

/**
 * The promotion pages' part of the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01), signed
 * in to the portal in Chinese (the /invitation area is hidden in English), naming exhibitor A's
 * (std01) exhibit or invitation in the pages' URLs (?edit=, ?delete=, ?view=) and forms reads none
 * of A's data and changes nothing of A's.
 */
type Ctx = { api: TestApi; a: string; b: string };
type Probe = (ctx: Ctx) => Promise<void>;

const CUSTOM = "/exhibitorInfo/invitation/custom";
const EXHIBITS = `${CUSTOM}/exhibits`;
const MARKER = "A-页面展品-MARKER-4471";
const INVITATION_MARKER = "A-页面邀请函-MARKER-9052";

async function call(ctx: Ctx, path: string, form?: Record<string, string>) {
  const response = await fetchApi(ctx, ctx.a, path, form);
  expect(response.status, path).toBe(200);
  return (await response.json()) as { data: { id: number } & Record<string, unknown> };
}

let prepared: Promise<{ exhibitId: string; invitationId: string }> | null = null;
/** A's exhibit and an invitation showing it; made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const exhibit = await call(ctx, "/smeb/invitation/exhibits/add", { nameZh: MARKER, imageUrls: await uploadAs(ctx.api, ctx.a, "exhibits-img") });
    const templates = (await call(ctx, "/smeb/invitation/templates")).data as unknown as { id: number }[];
    const invitation = await call(ctx, "/smeb/invitation/save", {
      name: INVITATION_MARKER,
      companyName: INVITATION_MARKER,
      templateId: String(templates[0]!.id),
      exhibitIds: String(exhibit.data.id),
    });
    return { exhibitId: String(exhibit.data.id), invitationId: String(invitation.data.id) };
  })();
  return prepared;
}

async function aState(ctx: Ctx) {
  const exhibits = await ctx.api.db.selectFrom("exhibits").selectAll().where("name_zh", "=", MARKER).orderBy("id").execute();
  const invitations = await ctx.api.db.selectFrom("invitations").selectAll().where("name", "=", INVITATION_MARKER).orderBy("id").execute();
  return JSON.stringify({ exhibits, invitations });
}

async function signedInB(ctx: Ctx) {
  const browser = portalClient(ctx.api.baseUrl);
  browser.jar.set("lng", "zh");
  await browser.signIn("raw01", "Expo#2026");
  return browser;
}

const readProbe: Probe = async (ctx) => {
  const { exhibitId, invitationId } = await prepare(ctx);
  const browser = await signedInB(ctx);
  // B's own pages open (so the checks below are about A's data, not a closed door).
  for (const path of [CUSTOM, EXHIBITS]) expect((await browser.request(path)).status, path).toBe(200);
  for (const path of [
    CUSTOM,
    `${CUSTOM}?edit=${invitationId}`,
    `${CUSTOM}?view=${invitationId}`,
    `${CUSTOM}?delete=${invitationId}`,
    EXHIBITS,
    `${EXHIBITS}?edit=${exhibitId}`,
    `${EXHIBITS}?delete=${exhibitId}`,
  ]) {
    const html = await (await browser.request(path)).text();
    expect(html, path).not.toContain(MARKER);
    expect(html, path).not.toContain(INVITATION_MARKER);
  }
};

const writeProbe: Probe = async (ctx) => {
  const { exhibitId, invitationId } = await prepare(ctx);
  const before = await aState(ctx);
  const browser = await signedInB(ctx);
  const post = (path: string, form: Record<string, string>) =>
    browser.request(path, { body: new URLSearchParams(form), headers: { "sec-fetch-site": "same-origin" } });
  const forms: [string, Record<string, string>][] = [
    [CUSTOM, { intent: "delete", id: invitationId }],
    [CUSTOM, { intent: "save", id: invitationId, version: "1", name: "B", companyName: "B", templateId: "1", exhibitIds: exhibitId }],
    [CUSTOM, { intent: "save", name: "B", companyName: "B", templateId: "1", exhibitIds: exhibitId }],
    [EXHIBITS, { intent: "delete", id: exhibitId }],
    [EXHIBITS, { intent: "move", id: exhibitId, direction: "up" }],
    [EXHIBITS, { intent: "save", id: exhibitId, version: "1", nameZh: "B" }],
  ];
  for (const [path, form] of forms) {
    const response = await post(path, form);
    expect([302, 400, 404], `${path} ${form.intent}`).toContain(response.status);
    const text = await response.text();
    expect(text).not.toContain(MARKER);
    expect(text).not.toContain(INVITATION_MARKER);
  }
  expect(await aState(ctx)).toBe(before);
};

export const promotionPagesSweep = {
  "routes/_shell.exhibitorInfo.invitation.custom": { probe: readProbe },
  "routes/_shell.exhibitorInfo.invitation.custom_.exhibits": { probe: writeProbe },
};
