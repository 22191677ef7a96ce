import { expect } from "vitest";
import type { TestApi } from "../../support/test-api";
import { portalClient } from "../../support/portal-client";
import { uploadAs } from "../../support/uploads";
import { callApi } from "../../support/idor-probe";

/**
 * The promotion part of the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01) naming
 * exhibitor A's (std01) exhibit, invitation or image gets 404 or 400, none of A's data, and changes
 * nothing of A's. tests/api/exhibits.test.ts and invitations.test.ts cover the same on both databases.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-展品-MARKER-3817";

const call = callApi;

const imageOf = (ctx: Ctx, username: string) => uploadAs(ctx.api, username === "std01" ? ctx.a : ctx.b, "exhibits-img");

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

const INVITATION_MARKER = "A-邀请函-MARKER-6642";

let preparedInvitation: Promise<string> | null = null;
function prepareInvitation(ctx: Ctx) {
  preparedInvitation ??= (async () => {
    const { id: exhibitId } = await prepare(ctx);
    const templates = JSON.parse((await call(ctx, ctx.a, "/smeb/invitation/templates")).text).data as { id: number }[];
    const made = await call(ctx, ctx.a, "/smeb/invitation/save", {
      name: INVITATION_MARKER,
      companyName: INVITATION_MARKER,
      templateId: String(templates[0]!.id),
      exhibitIds: exhibitId,
    });
    expect(made.status, made.text).toBe(200);
    return String(JSON.parse(made.text).data.id);
  })();
  return preparedInvitation;
}

const invitationState = async (ctx: Ctx) =>
  JSON.stringify(await ctx.api.db.selectFrom("invitations").selectAll().where("name", "=", INVITATION_MARKER).orderBy("id").execute());

const invitationProbe: Probe = async (ctx) => {
  const id = await prepareInvitation(ctx);
  const { id: aExhibit } = await prepare(ctx);
  const before = await invitationState(ctx);
  const templates = JSON.parse((await call(ctx, ctx.b, "/smeb/invitation/templates")).text).data as { id: number }[];
  const templateId = String(templates[0]!.id);
  for (const [path, form] of [
    ["/smeb/invitation/list"],
    ["/smeb/invitation/update", { id, version: "1", name: "B", companyName: "B", templateId, exhibitIds: aExhibit }],
    ["/smeb/invitation/delete", { id }],
    // A's exhibit in B's own invitation: refused as unknown.
    ["/smeb/invitation/save", { name: "B", companyName: "B", templateId, exhibitIds: aExhibit }],
  ] as [string, Record<string, string>?][]) {
    const answer = await call(ctx, ctx.b, path, form);
    if (path.endsWith("/list")) expect(answer.status).toBe(200);
    else expect([400, 404], `${path} ${answer.text}`).toContain(answer.status);
    expect(answer.text, path).not.toContain(INVITATION_MARKER);
    expect(answer.text, path).not.toContain(MARKER);
  }
  expect(await invitationState(ctx)).toBe(before);
  expect((await call(ctx, ctx.a, "/smeb/invitation/list")).text).toContain(INVITATION_MARKER);
};

const templateState = async (ctx: Ctx) => JSON.stringify(await ctx.api.db.selectFrom("invitation_templates").selectAll().orderBy("id").execute());

/** The organizer's template management: an exhibitor gets 403 and changes nothing; the organizer reads them (control). */
const templateAdminProbe: Probe = async (ctx) => {
  const before = await templateState(ctx);
  const [first] = JSON.parse((await call(ctx, ctx.admin, "/smeb/invitation/templates/all")).text).data as { id: number }[];
  const form = { nameZh: "B", nameEn: "B", language: "zh", exhibitSlots: "2", active: "on" };
  for (const [path, body] of [
    ["/smeb/invitation/templates/all"],
    ["/smeb/invitation/templates/save", form],
    ["/smeb/invitation/templates/update", { ...form, id: String(first!.id) }],
  ] as [string, Record<string, string>?][]) {
    const answer = await call(ctx, ctx.b, path, body);
    expect(answer.status, `${path} ${answer.text}`).toBe(403);
  }
  expect(await templateState(ctx)).toBe(before);
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const imageRows = async (ctx: Ctx) => JSON.stringify(await ctx.api.db.selectFrom("promotion_images").selectAll().orderBy("kind").orderBy("format").execute());

/** A's invitation as an image (API and the portal's resource route): B gets 404 (or no permission), no picture, and no image is made. */
const invitationImageProbe: Probe = async (ctx) => {
  const id = await prepareInvitation(ctx);
  const before = await imageRows(ctx);
  for (const format of ["png", "pdf"]) {
    const response = await fetch(`${ctx.api.baseUrl}/api/smeb/invitation/image?id=${id}&format=${format}`, {
      headers: { ticket: ctx.b, "accept-language": "en" },
    });
    expect(response.status, format).toBe(404);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.includes(PNG_SIGNATURE)).toBe(false);
    expect(body.toString(), format).not.toContain(INVITATION_MARKER);
  }
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const viaPortal = await browser.request(`/exhibitorInfo/invitation/custom/${id}/image?format=png`);
  if (viaPortal.status === 302) expect(viaPortal.headers.get("location")).toBe("/401");
  else expect(viaPortal.status).toBe(404);
  expect(Buffer.from(await viaPortal.arrayBuffer()).includes(PNG_SIGNATURE)).toBe(false);
  expect(await imageRows(ctx)).toBe(before);
  // Control: the owner gets it, so the refusals above are about ownership.
  expect((await fetch(`${ctx.api.baseUrl}/api/smeb/invitation/image?id=${id}`, { headers: { ticket: ctx.a } })).status).toBe(200);
};

const OWN_POSTER = "the caller's own poster, made from the caller's session (its booth and company names); no id is read";

export const promotionSweep = {
  "GET /api/smeb/invitation/image": { probe: invitationImageProbe },
  "routes/exhibitorInfo.invitation.custom.$id.image": { probe: invitationImageProbe },
  "GET /api/smeb/invitation/poster": { noOwnedId: OWN_POSTER },
  "routes/index.poster-image.$kind": { noOwnedId: OWN_POSTER },
  "GET /api/smeb/invitation/templates/all": { probe: templateAdminProbe },
  "POST /api/smeb/invitation/templates/save": { probe: templateAdminProbe },
  "POST /api/smeb/invitation/templates/update": { probe: templateAdminProbe },
  "GET /api/smeb/invitation/templates": { noOwnedId: "the organizer's templates of the caller's exhibition, the same for every exhibitor" },
  "GET /api/smeb/invitation/list": { probe: invitationProbe },
  "POST /api/smeb/invitation/save": { probe: invitationProbe },
  "POST /api/smeb/invitation/update": { probe: invitationProbe },
  "POST /api/smeb/invitation/delete": { probe: invitationProbe },
  "GET /api/smeb/invitation/exhibits/list": { probe: exhibitProbe },
  "GET /api/smeb/invitation/exhibits/detail": { probe: exhibitProbe },
  "POST /api/smeb/invitation/exhibits/add": { probe: exhibitProbe },
  "POST /api/smeb/invitation/exhibits/update": { probe: exhibitProbe },
  "POST /api/smeb/invitation/exhibits/delete": { probe: exhibitProbe },
  "POST /api/smeb/invitation/exhibits/saveAll": { probe: exhibitProbe },
};
