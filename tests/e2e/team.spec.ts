import crypto from "node:crypto";
import teamEn from "../../app/contracts/team/texts.en";
import { accountFor, expect, FAILED_RESOURCE, test } from "./fixtures";
import { setLanguage } from "./exhibitor-helpers";

/**
 * The company's team (issue 55), JS on and off: the owner invites a member (a taken user name is
 * refused with what was typed kept), changes the member's areas, and revokes them after a
 * confirmation. The demo's std01a, std01's logistics member, sees transport and not invoices, and the
 * team page is not theirs.
 */
test("the owner invites a member, a taken user name keeps the form, grants change, and revoking asks first", async ({ app, page, consoleErrors }, testInfo) => {
  // The refused invitation answers 400.
  consoleErrors.allow(FAILED_RESOURCE(400));
  await app.signIn(accountFor("team-flow", testInfo));
  await app.goto("/exhibitorInfo/team");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(teamEn.team.title);
  const form = page.getByTestId("invite-form");

  // A user name already in use: refused at its field, the rest kept.
  await form.getByRole("textbox", { name: teamEn.fields.username, exact: true }).fill("std01");
  await form.getByRole("textbox", { name: teamEn.fields.displayName, exact: true }).fill("王物流");
  await form.getByLabel(teamEn.fields.email).fill(`taken-${crypto.randomUUID().slice(0, 8)}@example.com`);
  await form.getByLabel(teamEn.areas.transport).selectOption("edit");
  await app.submit(() => form.getByRole("button", { name: teamEn.team.inviteSubmit }).click());
  await expect(form).toContainText(teamEn.errors.usernameTaken);
  await expect(form.getByRole("textbox", { name: teamEn.fields.displayName, exact: true })).toHaveValue("王物流");

  const username = `tm-${crypto.randomBytes(3).toString("hex")}`;
  await form.getByRole("textbox", { name: teamEn.fields.username, exact: true }).fill(username);
  await form.getByLabel(teamEn.areas.transport).selectOption("edit");
  await app.submit(() => form.getByRole("button", { name: teamEn.team.inviteSubmit }).click());
  await expect(page.getByTestId("notice")).toContainText(teamEn.team.notices.invited);
  const card = page.getByTestId(`member-${username}`);
  await expect(card.getByTestId("member-status")).toHaveText(teamEn.team.status.invited);
  await expect(card.getByLabel(teamEn.areas.transport)).toHaveValue("edit");

  // Another area, read only; transport taken away.
  await card.getByLabel(teamEn.areas.transport).selectOption("none");
  await card.getByLabel(teamEn.areas.badges).selectOption("read");
  await app.submit(() => card.getByRole("button", { name: teamEn.team.saveGrants }).click());
  await expect(page.getByTestId("notice")).toContainText(teamEn.team.notices.granted);
  await expect(page.getByTestId(`member-${username}`).getByLabel(teamEn.areas.badges)).toHaveValue("read");
  await expect(page.getByTestId(`member-${username}`).getByLabel(teamEn.areas.transport)).toHaveValue("none");

  // Revoking asks first; keeping leaves the member as they were.
  await page.getByTestId(`member-${username}`).getByRole("link", { name: teamEn.team.revoke }).click();
  const confirm = page.getByTestId("confirm-revoke");
  await expect(confirm).toContainText("王物流");
  await app.submit(() => confirm.getByRole("button", { name: teamEn.team.confirmRevokeYes }).click());
  await expect(page.getByTestId("notice")).toContainText(teamEn.team.notices.revoked);
  await expect(page.getByTestId(`member-${username}`).getByTestId("member-status")).toHaveText(teamEn.team.status.revoked);
});

test("std01's logistics member sees transport, not invoices, and not the team page", { tag: "@js-on-only" }, async ({ app, page, consoleErrors }, testInfo) => {
  // /401 answers 403.
  consoleErrors.allow(FAILED_RESOURCE(403));
  // Transport and invoices are Chinese-only areas.
  await setLanguage(page, "zh", testInfo);
  await app.signIn("std01a");
  await app.goto("/exhibitTL/carriage");
  await expect(page).toHaveURL(/\/exhibitTL\/carriage$/);
  await app.goto("/invoiceArea/billingApplication");
  await expect(page).toHaveURL(/\/401$/);
  await app.goto("/exhibitorInfo/team");
  await expect(page).toHaveURL(/\/401$/);
});
