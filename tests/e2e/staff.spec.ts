import crypto from "node:crypto";
import teamEn from "../../app/contracts/team/texts.en";
import { expect, FAILED_RESOURCE, test } from "./fixtures";
import { setLanguage } from "./exhibitor-helpers";

/**
 * The organizer's staff (issue 55), JS on and off: a taken user name keeps the form; a staff account
 * is invited with the finance role, moved to logistics and revoked after a confirmation; a role is
 * composed. The demo's finance desk sees the finance desk and not the badge review.
 */
const ADMIN = { username: "admin", password: "Admin#2026" };

test("the organizer invites a staff account, changes its role, revokes it after asking, and composes a role", async ({ app, page, consoleErrors }) => {
  // The refused invitation answers 400.
  consoleErrors.allow(FAILED_RESOURCE(400));
  await app.signIn(ADMIN.username, ADMIN.password);
  await app.goto("/index/staff");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(teamEn.staff.title);
  const form = page.getByTestId("invite-staff-form");
  await form.getByRole("textbox", { name: teamEn.fields.username, exact: true }).fill("finance01");
  await form.getByRole("textbox", { name: teamEn.fields.displayName, exact: true }).fill("新会计");
  await form.getByRole("textbox", { name: teamEn.fields.email, exact: true }).fill(`staff-${crypto.randomUUID().slice(0, 8)}@example.org`);
  await form.getByLabel(teamEn.fields.role).selectOption({ label: "Finance desk" });
  await app.submit(() => form.getByRole("button", { name: teamEn.staff.inviteSubmit }).click());
  await expect(form).toContainText(teamEn.errors.usernameTaken);
  await expect(form.getByRole("textbox", { name: teamEn.fields.displayName, exact: true })).toHaveValue("新会计");

  const username = `st-${crypto.randomBytes(3).toString("hex")}`;
  await form.getByRole("textbox", { name: teamEn.fields.username, exact: true }).fill(username);
  await form.getByLabel(teamEn.fields.role).selectOption({ label: "Finance desk" });
  await app.submit(() => form.getByRole("button", { name: teamEn.staff.inviteSubmit }).click());
  await expect(page.getByTestId("notice")).toContainText(teamEn.staff.notices.invited);
  const card = page.getByTestId(`staff-${username}`);
  await card.getByLabel(teamEn.fields.role).selectOption({ label: "Logistics" });
  await app.submit(() => card.getByRole("button", { name: teamEn.staff.changeRole }).click());
  await expect(page.getByTestId("notice")).toContainText(teamEn.staff.notices.roleChanged);
  await expect(page.getByTestId(`staff-${username}`).getByLabel(teamEn.fields.role).locator("option:checked")).toHaveText("Logistics");

  await page.getByTestId(`staff-${username}`).getByRole("link", { name: teamEn.staff.revoke }).click();
  await app.submit(() => page.getByTestId("confirm-revoke-staff").getByRole("button", { name: teamEn.staff.confirmRevokeYes }).click());
  await expect(page.getByTestId("notice")).toContainText(teamEn.staff.notices.revoked);
  await expect(page.getByTestId(`staff-${username}`).getByTestId("staff-status")).toHaveText(teamEn.team.status.revoked);

  const roleName = `Desk ${crypto.randomBytes(2).toString("hex")}`;
  const compose = page.getByTestId("compose-role");
  await compose.getByLabel(teamEn.fields.roleNameZh).fill("服务台");
  await compose.getByLabel(teamEn.fields.roleNameEn).fill(roleName);
  await compose.getByLabel(teamEn.areas.badges).selectOption("read");
  await app.submit(() => compose.getByRole("button", { name: teamEn.staff.saveRole }).click());
  await expect(page.getByTestId("notice")).toContainText(teamEn.staff.notices.roleSaved);
  await expect(page.getByTestId("staff-roles")).toContainText(roleName);
});

test("the finance desk sees the finance desk and not the badge review", { tag: "@js-on-only" }, async ({ app, page, consoleErrors }, testInfo) => {
  consoleErrors.allow(FAILED_RESOURCE(403));
  // The invoice area is Chinese only.
  await setLanguage(page, "zh", testInfo);
  await app.signIn("finance01");
  await app.goto("/invoiceArea/financeDesk");
  await expect(page).toHaveURL(/\/invoiceArea\/financeDesk$/);
  await app.goto("/exhibitorInfo/badgeReview");
  await expect(page).toHaveURL(/\/401$/);
  await app.goto("/index/staff");
  await expect(page).toHaveURL(/\/401$/);
});

test("the read-only staff reads the badge review, is told so, and has no decision to press", { tag: "@js-off-only" }, async ({ app, page }) => {
  await app.signIn("viewer01");
  await app.goto("/exhibitorInfo/badgeReview?status=submitted");
  await expect(page.getByTestId("read-only-banner")).toHaveText(teamEn.readOnlyBanner);
  const first = page
    .getByTestId("review-table")
    .getByRole("link", { name: /^Review / })
    .first();
  await first.click();
  const decision = page.getByTestId("review-decision");
  await expect(decision).toBeAttached();
  // The decision's buttons are in the page, hidden by the read-only state (CSS, so without JavaScript too).
  await expect(decision.locator("button[type=submit]")).toHaveCount(2);
  await expect(decision.getByRole("button")).toHaveCount(0);

  // The full organizer is not on a team: no note, the buttons there.
  await page.context().clearCookies();
  await app.signIn(ADMIN.username, ADMIN.password);
  await app.goto("/exhibitorInfo/badgeReview?status=submitted");
  await expect(page.getByTestId("review-table")).toBeVisible();
  await expect(page.getByTestId("read-only-banner")).toHaveCount(0);
});
