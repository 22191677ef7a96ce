import { FAILED_RESOURCE, accountFor, expect, test } from "./fixtures";
import { PAGE, apiTicket, field, openStep, press, stepForm } from "./exhibitor-helpers";

/**
 * One exhibitor cannot read or change another's profile through the pages (the full per-route
 * sweep is tests/api/idor.test.ts). std01 and raw01 are only read here; the profile that gets
 * written is this test's own account's.
 */

test("an exhibitor sees only its own profile; posts name no user; another's uniqueId is a 404; review is /401", async ({
  app,
  page,
  request,
  consoleErrors,
}, testInfo) => {
  // The /401 page answers with status 403.
  consoleErrors.allow(FAILED_RESOURCE(403));
  const owner = accountFor("profile-idor", testInfo);
  const secret = `IDOR ${testInfo.project.name} 保密公司`;

  // The owner saves a draft; what the form posts names no user or profile.
  await app.signIn(owner);
  await openStep(app, "company");
  const posted = page.waitForRequest((r) => r.method() === "POST" && r.url().includes(PAGE));
  await field(page, "company", "companyNameZh").fill(secret);
  await press(app, "company", "save");
  const body = (await posted).postData() ?? "";
  expect(body).toContain("companyNameZh");
  expect(body).not.toMatch(/userId|uniqueId|user_id|exhibitorId/i);
  // Besides the step, the only hidden field is the draft version the form was made from: a number, no owner.
  await expect(stepForm(page, "company").locator("input[type=hidden]:not([name=step]):not([name=formVersion])")).toHaveCount(0);
  await expect(stepForm(page, "company").locator("input[type=hidden][name=formVersion]")).toHaveValue(/^\d+$/);
  const ownerTicket = await apiTicket(page.context());
  const ownerProfile = await (await request.get("/api/smeb/exhibitor/info/findByUserId", { headers: { ticket: ownerTicket } })).json();
  const ownerUniqueId = ownerProfile.data.uniqueId as string;
  await page.context().clearCookies();

  expect(ownerUniqueId).toMatch(/^[A-Za-z0-9_-]{16,}$/);

  // std01's uniqueId, read as std01 ("" while std01 has never saved: reading stores nothing).
  await app.signIn("std01");
  const stdTicket = await apiTicket(page.context());
  const stdUniqueId = (await (await request.get("/api/smeb/exhibitor/info/findByUserId", { headers: { ticket: stdTicket } })).json()).data.uniqueId as string;
  expect(stdUniqueId).not.toBe(ownerUniqueId);
  await page.context().clearCookies();

  // raw01 sees its own data only: not the owner's draft, not std01's.
  await app.signIn("raw01");
  await openStep(app, "company");
  await expect(page.locator("main")).not.toContainText(secret);
  await expect(field(page, "company", "companyNameZh")).not.toHaveValue(secret);
  await app.goto(`${PAGE}?userId=1&uniqueId=${stdUniqueId}&step=company`);
  await expect(field(page, "company", "companyNameZh")).not.toHaveValue(secret);

  // The API answers someone else's uniqueId exactly like an unknown one.
  const rawTicket = await apiTicket(page.context());
  for (const uniqueId of [stdUniqueId, ownerUniqueId, "no-such-profile"].filter(Boolean)) {
    const reply = await (
      await request.get(`/api/smeb/exhibitor/info/findExhibitorInfoByUniqueId?uniqueId=${encodeURIComponent(uniqueId)}`, { headers: { ticket: rawTicket } })
    ).json();
    expect(reply.code, uniqueId).toBe(404);
    expect(reply.data).toBeNull();
  }
  // Control: the owner reads its own by the same call, so the 404s are about ownership.
  const ownById = await (
    await request.get(`/api/smeb/exhibitor/info/findExhibitorInfoByUniqueId?uniqueId=${ownerUniqueId}`, { headers: { ticket: ownerTicket } })
  ).json();
  expect(ownById.code).toBe(200);

  // The organizer's review pages are not an exhibitor's.
  await app.goto("/exhibitorInfo/exhibitorReview");
  await expect(page).toHaveURL(/\/401$/);
  await app.goto("/exhibitorInfo/exhibitorReview?userId=1");
  await expect(page).toHaveURL(/\/401$/);
  const review = await page.request.post("/exhibitorInfo/exhibitorReview?userId=1", { form: { userId: "1", decision: "approve" }, maxRedirects: 0 });
  expect(review.status()).toBe(302);
  expect(review.headers().location).toMatch(/\/401$/);

  // The owner's draft is untouched.
  await page.context().clearCookies();
  await app.signIn(owner);
  await openStep(app, "company");
  await expect(field(page, "company", "companyNameZh")).toHaveValue(secret);
});
