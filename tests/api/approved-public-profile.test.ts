import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import type { Ranking, VisitPage } from "../../app/contracts/promotion/visitors/api-types";
import { reviewProfile } from "../../server/exhibitor/profiles";
import { promotionImage } from "../../server/promotion/images";
import type { InvitationRenderInput, PosterRenderInput } from "../../server/promotion/render";
import { trackingCodeOf } from "../../server/promotion/tracking";
import { createObjectStore } from "../../server/uploads";
import type { ObjectStore } from "../../server/uploads/object-store";
import { renderInputFor } from "../../server/video/inputs";
import { publicVideoPage } from "../../server/video/videos";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import type { Caller } from "../../server/auth/caller";
import { storeFile } from "../support/stored-files";

/** What the poster and invitation renderers are given (the pictures themselves are not what this is about). */
const rendered = vi.hoisted(() => ({ posters: [] as unknown[], invitations: [] as unknown[] }));
vi.mock("../../server/promotion/render", async (original) => {
  const real = await original<typeof import("../../server/promotion/render")>();
  const png = new Uint8Array(Buffer.from("89504e470d0a1a0a", "hex"));
  return {
    ...real,
    renderPosterPng: async (input: unknown) => {
      rendered.posters.push(input);
      return png;
    },
    renderInvitationPng: async (input: unknown) => {
      rendered.invitations.push(input);
      return png;
    },
  };
});

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * Issue 50: a profile changed and waiting for review ("未审核名称 UNREVIEWED", another logo) showed in
 * the public video. Every public output reads the approved public profile
 * (server/exhibitor/public-profile.ts): the video's render input and public page, posters,
 * invitations, the rankings and the visitor page keep the approved name and logo until the change is
 * approved.
 */
const APPROVED = { companyNameZh: "星河审核版", companyNameEn: "Galaxy Approved" };
const PENDING = { companyNameZh: "未审核名称", companyNameEn: "UNREVIEWED" };
const notPending = (value: unknown) => expect(JSON.stringify(value)).not.toMatch(/未审核名称|UNREVIEWED/);

describe.each(backendsOf(import.meta.url))("public outputs show the approved profile on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let store: ObjectStore;
  let caller: Caller;
  let std01: string;
  let approvedLogo: Buffer;

  /** A PNG of one colour, stored as a file of std01. */
  async function storedLogo(id: string, red: number) {
    const bytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: red, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    const key = `stored/logo/${caller.userId}/2026-01/${id}-1700000000000.png`;
    await storeFile(api.db, store, { id, ownerUserId: caller.userId, folder: "logo", storageKey: key }, bytes);
    return bytes;
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-public-profile-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir });
    store = createObjectStore(api.config, api.db);
    std01 = await api.login("std01", "Expo#2026");
    const std = await api.db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
    caller = { userId: std.id, exhibitionId: std.exhibition_id!, roleId: EXHIBITOR_ROLE_ID, sessionBoothId: null, label: "std01" };
    approvedLogo = await storedLogo("a11ce00000000001", 200);
    await storedLogo("a11ce00000000002", 20);
    // Submitted and approved through the review, then changed and submitted again: under review.
    await api.db
      .insertInto("exhibitor_profiles")
      .values({
        user_id: caller.userId,
        exhibition_id: caller.exhibitionId,
        unique_id: "public-profile-std01",
        status: "under_review",
        draft: JSON.stringify({ ...APPROVED, logoUrl: "/files/a11ce00000000001" }),
        submitted: JSON.stringify({ ...APPROVED, logoUrl: "/files/a11ce00000000001" }),
      })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
    await reviewProfile(api.db, caller.userId, "approve", undefined, { id: null, label: "organizer" });
    const pending = JSON.stringify({ ...PENDING, logoUrl: "/files/a11ce00000000002" });
    await api.db
      .updateTable("exhibitor_profiles")
      .set({ status: "under_review", draft: pending, submitted: pending })
      .where("user_id", "=", caller.userId)
      .execute();
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives the video renderer the approved name and logo, and the video's public page the approved name", async () => {
    const dir = fs.mkdtempSync(path.join(dataDir, "job-"));
    const input = await renderInputFor({ db: api.db, store }, caller, "landscape", [], dir);
    expect(input.companyName).toBe(APPROVED.companyNameZh);
    expect(input.companyOther).toBe(APPROVED.companyNameEn);
    expect(input.logoFile).toBeTruthy();
    expect(fs.readFileSync(input.logoFile!).equals(approvedLogo)).toBe(true);
    notPending(input);

    const video = await api.db.selectFrom("promotional_videos").select("public_code").where("user_id", "=", caller.userId).executeTakeFirstOrThrow();
    await api.db
      .updateTable("promotional_videos")
      .set({ mp4_key: "videos/test.mp4", poster_key: "videos/test.jpg" })
      .where("user_id", "=", caller.userId)
      .execute();
    const page = await publicVideoPage(api.db, video.public_code, "en");
    expect(page.company).toBe(APPROVED.companyNameEn);
    notPending(page);
  });

  it("gives the poster and invitation renderers the approved names", async () => {
    const link = async () => "https://expo.example.com/visit/TEST";
    await promotionImage({ db: api.db, store }, caller, { kind: "poster", poster: "en" }, "png", link, "en", new Date());
    const poster = rendered.posters.at(-1) as PosterRenderInput;
    expect(poster).toMatchObject({ companyZh: APPROVED.companyNameZh, companyEn: APPROVED.companyNameEn });
    notPending(poster);

    const template = await api.db
      .selectFrom("invitation_templates")
      .select("id")
      .where("exhibition_id", "=", caller.exhibitionId)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    // No name typed on the invitation: the company's is printed.
    const invitation = await api.db
      .insertInto("invitations")
      .values({
        user_id: caller.userId,
        exhibition_id: caller.exhibitionId,
        template_id: template.id,
        name: "public profile",
        company_name: "",
        exhibit_ids: "[]",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await promotionImage({ db: api.db, store }, caller, { kind: "invitation", id: invitation.id }, "png", link, "zh", new Date());
    const card = rendered.invitations.at(-1) as InvitationRenderInput;
    expect(card.companyName).toBe(APPROVED.companyNameZh);
    notPending(card);
  });

  it("names the approved company in the rankings and on the visitor page", async () => {
    const code = await trackingCodeOf(api.db, caller);
    const page = await fetch(`${api.baseUrl}/api/visit/info?code=${code}`, {
      headers: { "accept-language": "en", "x-forwarded-for": "10.89.0.1", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0" },
    });
    const visit = (await page.json()) as { data: VisitPage };
    expect(visit.data.inviterCompany).toBe(APPROVED.companyNameEn);
    const ranking = (await api.call<Ranking>("/smeb/invitation/rank/browse", { ticket: std01, query: { period: "today" }, lang: "en" })).data;
    expect(ranking.own).toMatchObject({ companyName: APPROVED.companyNameEn, mine: true });
    expect(ranking.rows.find((r) => r.mine)?.companyName).toBe(APPROVED.companyNameEn);
    notPending(ranking);
  });
});
