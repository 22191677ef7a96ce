import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import { callApi, type ProbeContext } from "../../support/idor-probe";

/**
 * The organizer's content page editing (issue 41) in the IDOR sweep (tests/api/idor.test.ts): the
 * pages are the exhibition's, edited by roleId 1 only. Exhibitor B (raw01) can neither list nor save
 * (403; the page /401), and nothing changes.
 */
type Ctx = ProbeContext;

const pages = async (ctx: Ctx) => JSON.stringify(await ctx.api.db.selectFrom("content_pages").selectAll().orderBy("exhibition_id").orderBy("slug").execute());

const probe = async (ctx: Ctx) => {
  const before = await pages(ctx);
  const answers = [
    await callApi(ctx, ctx.b, "/smeb/content/list"),
    await callApi(ctx, ctx.b, "/smeb/content/save", { slug: "promote", titleZh: "B", titleEn: "B", bodyZh: "B" }),
  ];
  expect(answers.map((a) => a.status)).toEqual([403, 403]);
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const page = await browser.request("/index/content?page=promote");
  expect(page.status).toBe(302);
  expect(page.headers.get("location")).toBe("/401");
  const posted = await browser.request("/index/content", {
    body: new URLSearchParams({ slug: "promote", titleZh: "B", titleEn: "B", bodyZh: "B", intent: "save" }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(posted.headers.get("location")).toBe("/401");
  expect(await pages(ctx)).toBe(before);
};

export const contentPagesSweep = {
  "GET /api/smeb/content/list": { probe },
  "POST /api/smeb/content/save": { probe },
  "routes/_shell.index.content": { probe },
};
