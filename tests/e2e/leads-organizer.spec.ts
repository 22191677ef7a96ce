import crypto from "node:crypto";
import leadsEn from "../../app/contracts/leads/texts.en";
import leadsZh from "../../app/contracts/leads/texts.zh";
import { outboxFor, outboxMark, setLanguage } from "./exhibitor-helpers";
import { expect, FAILED_RESOURCE, successToast, test } from "./fixtures";
import { JS_ON_ONLY } from "./js-on-only";
import { captureLead, newVisitor } from "./visitor-pass-helpers";

/**
 * The company's tags and the organizer's side of leads (docs/decisions/070): tags added and deleted
 * after a question, the organizer's counts (never a contact), and the organizer's visitors with their
 * pass sent again and their personal data erased after a question. With and without JavaScript; each
 * test registers its own visitors and names its own tag.
 */
const ADMIN = { username: "admin", password: "Admin#2026" };
const VISITORS = "/exhibitorInfo/invitation/visitors";

test("an exhibitor adds a tag, picks it on a lead, is told of a name taken, and deletes it after a question", async ({
  app,
  page,
  request,
  baseURL,
  consoleErrors,
}, testInfo) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  const tagName = `T${crypto.randomBytes(4).toString("hex")}`;
  await app.signIn("std01");
  await app.goto("/leads/tags");
  const form = page.getByTestId("lead-tag-form");
  await form.getByLabel(leadsEn.fields.tagName).fill(tagName);
  await app.submit(() => form.getByRole("button", { name: leadsEn.tags.add }).click());
  await expect(successToast(page)).toContainText(leadsEn.tags.saved);
  const row = page.getByTestId("lead-tag-row").filter({ has: page.getByTestId("lead-tag-name").getByText(tagName, { exact: true }) });
  await expect(row).toHaveCount(1);

  // The same name again: refused beside the field, the name kept as typed.
  await form.getByLabel(leadsEn.fields.tagName).fill(tagName);
  await app.submit(() => form.getByRole("button", { name: leadsEn.tags.add }).click());
  await expect(form).toContainText(leadsEn.errors.tagTaken);
  await expect(form.getByLabel(leadsEn.fields.tagName)).toHaveValue(tagName);
  await expect(page.getByTestId("lead-tag-row").filter({ hasText: tagName })).toHaveCount(1);

  // Picked on a visitor's lead: the tag counts it.
  const visitor = await newVisitor(request, testInfo, baseURL!);
  const tagId = (await row.getByRole("link", { name: leadsEn.tags.leads.replace("{{count}}", "0") }).getAttribute("href"))!.split("tagId=")[1]!;
  const lead = await captureLead(page, visitor, { rating: "warm", notes: "", tagIds: tagId });
  expect(lead.tagIds).toEqual([Number(tagId)]);
  await app.goto("/leads/tags");
  await expect(row).toContainText(leadsEn.tags.leads.replace("{{count}}", "1"));

  // Deleting asks first, naming the tag and the leads that lose it; cancel keeps it.
  await row.getByTestId("lead-tag-delete").click();
  const question = page.getByTestId("lead-tag-confirm-delete");
  await expect(question).toContainText(tagName);
  await question.getByRole("link").click();
  await expect(question).toHaveCount(0);
  await expect(row).toHaveCount(1);
  await row.getByTestId("lead-tag-delete").click();
  await app.submit(() => question.getByRole("button", { name: leadsEn.tags.delete }).click());
  await expect(successToast(page)).toContainText(leadsEn.tags.removed);
  await expect(row).toHaveCount(0);
});

test(
  "the organizer sees the show's lead counts and no visitor's contact; an exhibitor is refused them",
  { tag: JS_ON_ONLY },
  async ({ app, page, request, baseURL, consoleErrors }, testInfo) => {
    consoleErrors.allow(FAILED_RESOURCE(403));
    const visitor = await newVisitor(request, testInfo, baseURL!, { leadConsent: true });
    await app.signIn("std01");
    await captureLead(page, visitor, { rating: "hot", notes: "" });
    await app.goto("/leads/overview");
    await expect(page).toHaveURL(/\/401$/);

    await page.context().clearCookies();
    await app.signIn(ADMIN.username, ADMIN.password);
    await app.goto("/leads/overview");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(leadsEn.overviewTitle);
    for (const name of ["registered", "totalLeads"]) {
      await expect(page.getByTestId(`lead-overview-${name}`).getByTestId("lead-overview-figure")).toHaveText(/^[1-9]\d*$/);
    }
    // std01's company is among the exhibitors with leads, with at least the hot one just saved.
    const rows = page.getByTestId("lead-overview-exhibitor");
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(0);
    await expect(page.getByTestId("lead-overview-per-day-row").first()).toBeVisible();
    const body = page.locator("body");
    await expect(body).not.toContainText(visitor.mobile);
    await expect(body).not.toContainText(visitor.name);
  },
);

test("the organizer sends a visitor's pass again and erases the visitor's data after a question; the pass then stops", async ({
  app,
  page,
  request,
  baseURL,
  consoleErrors,
}, testInfo) => {
  consoleErrors.allow(FAILED_RESOURCE(404));
  const visitor = await newVisitor(request, testInfo, baseURL!, { leadConsent: true });
  // The visitors' list is in the invitation area, which is Chinese only (docs/product.md § Promotion).
  await setLanguage(page, "zh", testInfo);
  await app.signIn(ADMIN.username, ADMIN.password);
  await app.goto(`${VISITORS}?keyword=${encodeURIComponent(visitor.name)}`);
  const row = page.getByTestId("audience-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(visitor.name);
  await expect(row.getByTestId("visitor-lead-consent")).toContainText(leadsZh.columns.yes);
  await expect(row.getByTestId("audience-checked-in")).toHaveText("—");
  await expect(row.getByTestId("visitor-open-pass")).toHaveAttribute("href", visitor.passPath);

  // Sent again: a new message to the visitor's mobile with the pass's link.
  const mark = outboxMark(visitor.mobile);
  await app.submit(() => row.getByTestId("visitor-resend-pass").click());
  await expect(successToast(page)).toContainText(leadsZh.visitors.resent);
  await expect
    .poll(() => outboxFor(visitor.mobile).filter((m) => !mark.has(m.file) && m.text.includes(visitor.passPath.split("/").at(-1)!)).length, {
      message: "the pass sent again",
    })
    .toBe(1);

  // Erasing asks first, naming the visitor; then the row keeps no name and the pass is refused.
  await row.getByTestId("visitor-erase").click();
  const question = page.getByTestId("visitor-confirm-erase");
  await expect(question).toContainText(visitor.name);
  await app.submit(() => question.getByRole("button", { name: leadsZh.visitors.erase }).click());
  await expect(successToast(page)).toContainText(leadsZh.visitors.erased);
  await expect(page.getByTestId("audience-row")).toHaveCount(0);
  await app.goto(visitor.passPath);
  await expect(page.getByTestId("pass-not-found")).toBeVisible();
  await expect(page.locator("body")).not.toContainText(visitor.name);
});
