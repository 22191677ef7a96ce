import { FAILED_RESOURCE, PASSWORD, accountFor, expect, test } from "./fixtures";
import {
  PAGE,
  endSessionOnServer,
  field,
  fillCompany,
  fillContacts,
  fillEvents,
  fillExhibits,
  fillPresentation,
  intentButton,
  openStep,
  press,
  review,
  stepForm,
  uniqueEmail,
  uniqueMobile,
  verifyContact1,
} from "./exhibitor-helpers";

/**
 * The exhibitor profile (/exhibitorInfo/exhibitorData) from the exhibitor's side: five steps,
 * drafts, submission, the organizer's review and what it unlocks. Every test runs with JS on and
 * off (plain forms; the address and theme selects post by themselves only with JS).
 * Verification codes: exhibitor-verify.spec.ts; rules and messages: exhibitor-rules.spec.ts;
 * other people's profiles: exhibitor-access.spec.ts.
 */

const COMPANY = { nameZh: "星河流程测试科技有限公司", nameEn: "Galaxy Flow Test Technology Co., Ltd." };
const EXPIRED = "User not logged in or session has expired, please log in again";

test("every step is filled and kept as a draft, submitted, returned with a comment, then approved", async ({ app, page, browser }, testInfo) => {
  // Five steps, two people, every form checked on the server (docs/decisions/021).
  test.setTimeout(180_000);
  const username = accountFor("profile-flow", testInfo);
  const contact = { mobile: uniqueMobile(testInfo), email: uniqueEmail(testInfo) };
  await app.signIn(username);

  // Group data waits for the profile.
  await app.goto("/exhibitorInfo/groupData");
  await expect(page.getByTestId("improve-info")).toContainText("Please improve your information first");

  // 'My info' in the user dropdown opens the profile, a draft at its first step.
  await app.goto("/index");
  const menu = await app.openUserMenu();
  await menu.getByRole("link", { name: "My info" }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByTestId("profile-status")).toHaveText("Draft");
  await expect(stepForm(page, "company")).toBeVisible();

  // Step 1: saved as a draft, left, found again.
  await fillCompany(app, COMPANY);
  await press(app, "company", "save");
  await expect(page.getByTestId("notice")).toHaveText("Draft saved");
  await app.goto("/index");
  await openStep(app, "company");
  await expect(field(page, "company", "companyNameZh")).toHaveValue(COMPANY.nameZh);
  await expect(field(page, "company", "contractCompanyNames")).toHaveValue(`${COMPANY.nameZh}/${COMPANY.nameEn}`);
  await expect(stepForm(page, "company").locator("input[name=listingStatus][value=listed]")).toBeChecked();
  await expect(field(page, "company", "stockCode")).toHaveValue("300750.SZ");
  await expect(field(page, "company", "countryId")).toHaveValue("37");
  await expect(field(page, "company", "provinceCode")).toHaveValue("440000");
  await expect(field(page, "company", "cityCode")).toHaveValue("440300");
  await expect(field(page, "company", "districtCode")).toHaveValue("440305");
  await press(app, "company", "next");
  await expect(page).toHaveURL(/\?step=contacts$/);

  // Step 2: contact 1 verified with the codes the outbox received.
  await fillContacts(app, contact);
  await verifyContact1(app, contact);
  await press(app, "contacts", "next");
  await expect(page).toHaveURL(/\?step=presentation$/);

  // Step 3: the logo is uploaded (with JS at once, without JS with the form).
  await fillPresentation(app);
  await press(app, "presentation", "next");
  await expect(page).toHaveURL(/\?step=exhibits$/);

  // Step 4: lists from the database; the theme decides the pavilions.
  await fillExhibits(app);
  await press(app, "exhibits", "next");
  await expect(page).toHaveURL(/\?step=events$/);

  // Step 5 saved as a draft; 'previous' and coming back show every step as it was.
  await fillEvents(app);
  await press(app, "events", "save");
  await expect(page.getByTestId("notice")).toHaveText("Draft saved");
  await press(app, "events", "previous");
  await expect(page).toHaveURL(/\?step=exhibits&notice=saved$/);
  const exhibits = stepForm(page, "exhibits");
  for (const name of ['exhibitClassIds][value="1"', 'exhibitClassIds][value="2"', 'industryIds][value="1"'])
    await expect(exhibits.locator(`input[name=${name}]`)).toBeChecked();
  await expect(field(page, "exhibits", "themeId")).toHaveValue("1");
  await expect(field(page, "exhibits", "pavilionId")).toHaveValue("2");
  await app.goto("/index");
  await openStep(app, "presentation");
  await expect(stepForm(page, "presentation").getByTestId("upload-logoUrl").getByRole("link")).toHaveAttribute("href", /^\/files\//);
  await expect(field(page, "presentation", "introEn")).toHaveValue("We make smart robots.");
  await openStep(app, "events");
  await expect(stepForm(page, "events").locator("input[name=attendance][value=arrived]")).toBeChecked();
  await expect(field(page, "events", "liveEventNote")).toHaveValue("A launch on day one.");

  // Submitted: under review and read-only, whatever step is asked for.
  await press(app, "events", "submit");
  await expect(page.getByTestId("notice")).toHaveText("Submitted. Under review, expected within 3 days.");
  await expect(page.getByTestId("profile-status")).toHaveText("Under review");
  const summary = page.getByTestId("profile-summary");
  for (const text of [
    COMPANY.nameZh,
    "China",
    "Guangdong",
    "Shenzhen",
    "Nanshan District",
    "Zhang San",
    "We make smart robots.",
    "AI & Robotics",
    "Hall 2",
    "Arrived",
  ]) {
    await expect(summary).toContainText(text);
  }
  await app.goto(`${PAGE}?step=company`);
  await expect(page.getByTestId("profile-summary")).toBeVisible();
  await expect(page.locator("form[id^=profile-]")).toHaveCount(0);
  await expect(page.locator("main button[name=intent]")).toHaveCount(0);
  // A post from a tab opened before submitting changes nothing either.
  const stale = await page.request.post(PAGE, { form: { step: "company", intent: "save", companyNameZh: "改掉的名字" }, maxRedirects: 0 });
  expect(stale.status()).toBe(400);
  await app.goto(PAGE);
  await expect(page.getByTestId("profile-summary")).toContainText(COMPANY.nameZh);
  await expect(page.getByTestId("profile-summary")).not.toContainText("改掉的名字");

  // Group data opens once the profile is submitted.
  await app.goto("/exhibitorInfo/groupData");
  await expect(page.getByTestId("improve-info")).toHaveCount(0);
  await page.locator("input[name=isGroupMember][value=yes]").check();
  await page.locator("input[name=groupNameZh]").fill("星河集团");
  await app.submit(() => page.locator("main form").getByRole("button", { name: "Save" }).click());
  await expect(page.getByTestId("notice")).toHaveText("Group data saved");

  // Returned with a comment: the exhibitor sees it and can edit and submit again.
  await review(browser, testInfo, username, "return", "Please add your English brochure.");
  await app.goto(PAGE);
  await expect(page.getByTestId("profile-status")).toHaveText("Returned for changes");
  await expect(page.getByTestId("review-comment")).toHaveText("Please add your English brochure.");
  await openStep(app, "events");
  await press(app, "events", "submit");
  await expect(page.getByTestId("profile-status")).toHaveText("Under review");

  // Approved: the letter opens and the checklist item is done.
  await review(browser, testInfo, username, "approve");
  await app.goto(PAGE);
  await expect(page.getByTestId("profile-status")).toHaveText("Approved");
  await expect(page.getByTestId("review-comment")).toHaveCount(0);
  const letter = page.getByRole("link", { name: "Exhibition confirmation letter" });
  await expect(letter).toHaveAttribute("href", "/exhibitorInfo/exhibitorData/letter");
  await app.goto("/index/schedule");
  const item = page.getByTestId("schedule-list").locator("li", { hasText: "Submit exhibitor data (catalogue entry)" });
  await expect(item).toHaveAttribute("data-status", "done");
  await expect(item).toContainText("Done");
  await app.goto(PAGE);
  await page.getByRole("link", { name: "Exhibition confirmation letter" }).click();
  await expect(page).toHaveURL(/\/exhibitorInfo\/exhibitorData\/letter$/);
  // The letter is in the page's language: the English company name here.
  await expect(page.locator("main")).toContainText(COMPANY.nameEn);
});

test("a session that ends mid-form loses nothing: after signing in again the typed values are back", async ({
  app,
  page,
  context,
  request,
  consoleErrors,
}, testInfo) => {
  // With JS the refused post is a fetch answered by the redirect; the browser may log the 401 of a data request.
  consoleErrors.allow(FAILED_RESOURCE(401));
  const username = accountFor("profile-expire", testInfo);
  await app.signIn(username);
  await openStep(app, "company");
  const typed = { companyNameZh: "会话过期测试有限公司", companyNameEn: "Session Expiry Test Ltd.", companyPhone: "020-87654321", address: "88 Tianhe Road" };
  for (const [name, value] of Object.entries(typed)) await field(page, "company", name).fill(value);
  await stepForm(page, "company").locator("input[name=listingStatus][value=unlisted]").check();

  await endSessionOnServer(context, request);
  await intentButton(page, "company", "save").click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expect(page.getByTestId("notice")).toHaveText(EXPIRED);

  await app.waitForHydration();
  await app.login(username, PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${PAGE}(\\?|$)`));
  await expect(page.getByTestId("restored")).toHaveText("Your session had ended: what you typed is back. Save it now.");
  for (const [name, value] of Object.entries(typed)) await expect(field(page, "company", name)).toHaveValue(value);
  await expect(stepForm(page, "company").locator("input[name=listingStatus][value=unlisted]")).toBeChecked();

  // Saving now works, and the values are the draft's from then on.
  await app.waitForHydration();
  await press(app, "company", "save");
  await expect(page.getByTestId("notice")).toHaveText("Draft saved");
  await expect(page.getByTestId("restored")).toHaveCount(0);
  await app.goto(`${PAGE}?step=company`);
  await expect(page.getByTestId("restored")).toHaveCount(0);
  for (const [name, value] of Object.entries(typed)) await expect(field(page, "company", name)).toHaveValue(value);
});
