import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import type { APIRequestContext, Browser, BrowserContext, Locator, Page, TestInfo } from "@playwright/test";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { PASSWORD, clientIpFor, expect, type App } from "./fixtures";
import { PNG } from "../support/sample-files";
import { readOutbox } from "../support/outbox";

/** Shared steps of the exhibitor profile specs (exhibitor-*.spec.ts); not a spec itself. */

export const PAGE = "/exhibitorInfo/exhibitorData";
export type Step = "company" | "contacts" | "presentation" | "exhibits" | "events";

const dataDir = process.env.E2E_DATA_DIR ?? ".cache/e2e-data";

/** The form of one step (Conform's id `profile-<step>`). */
export const stepForm = (page: Page, step: Step) => page.locator(`form#profile-${step}`);
export const field = (page: Page, step: Step, name: string) => stepForm(page, step).locator(`[name="${name}"]`);

/** A button of the step form by its intent (the hidden first "save" button for Enter is left out). */
export const intentButton = (page: Page, step: Step, intent: string) =>
  stepForm(page, step).locator(`button[name=intent][value="${intent}"]:not([aria-hidden=true])`);

/** Presses a button that posts the step (every intent posts, with and without JS). */
export async function press(app: App, step: Step, intent: string) {
  await app.submit(() => intentButton(app.page, step, intent).click());
}

export async function openStep(app: App, step: Step) {
  await app.goto(`${PAGE}?step=${step}`);
  await expect(stepForm(app.page, step)).toBeVisible();
}

/**
 * Chooses in a select of the address or theme cascade. With JS the address's next list fills in the
 * browser once every region has arrived (issue 51), and a theme's change posts the form by itself;
 * without JS, the 'Update the choices' button posts it.
 */
export async function chooseCascade(app: App, step: Step, name: string, value: string) {
  const select = field(app.page, step, name);
  const intent = step === "company" ? "address" : "theme";
  if (app.jsEnabled && step === "company") {
    await expect(app.page.getByTestId("address-choices")).toHaveAttribute("data-regions", "ready");
    await select.selectOption(value);
  } else if (app.jsEnabled) await app.submit(() => select.selectOption(value).then(() => undefined));
  else {
    await select.selectOption(value);
    await press(app, step, intent);
  }
  await expect(field(app.page, step, name)).toHaveValue(value);
}

/** A validation message as the app shows it: "validation.required" with the field's label as {prop}. */
export function message(language: Language, key: string, fieldName?: string) {
  return translate(language, key, fieldName ? { prop: translate(language, `exhibitor.fields.${fieldName}`) } : {});
}

/** The error shown under a field (Mantine's wrapper of the control with that name). */
export function errorOf(page: Page, step: Step, name: string): Locator {
  return stepForm(page, step)
    .locator(".mantine-InputWrapper-root")
    .filter({ has: page.locator(`[name="${name}"]`) })
    .locator(".mantine-InputWrapper-error");
}

/** One test attempt (a retry or a repeat is another), so the 60-second resend limit never meets an earlier attempt. */
const attemptKey = (testInfo: TestInfo, salt: string) =>
  [testInfo.project.name, testInfo.titlePath.join(">"), testInfo.repeatEachIndex, testInfo.retry, salt].join("\n");

/** A mainland mobile (13x–19x) of this test attempt only: the 60-second resend limit is per number. */
export function uniqueMobile(testInfo: TestInfo, salt = "") {
  const hash = crypto.createHash("sha256").update(attemptKey(testInfo, salt)).digest();
  return `139${String(hash.readUInt32BE(0) % 100_000_000).padStart(8, "0")}`;
}

export function uniqueEmail(testInfo: TestInfo, salt = "") {
  const hash = crypto.createHash("sha256").update(attemptKey(testInfo, salt)).digest("hex");
  return `e2e-${hash.slice(0, 12)}@example.com`;
}

const outboxEntries = () => readOutbox(dataDir).map((m) => ({ ...m, to: m.to.toLowerCase() }));

/** The messages sent to a target so far, oldest first. */
export const outboxFor = (target: string) => outboxEntries().filter((e) => e.to === target.toLowerCase());

/** The outbox files already there for a target, to tell the next one apart. */
export function outboxMark(target: string) {
  return new Set(
    outboxEntries()
      .filter((e) => e.to === target.toLowerCase())
      .map((e) => e.file),
  );
}

/** The code in the newest outbox message (SMS or e-mail) for the target written after `mark`. */
export async function newestCode(target: string, mark: Set<string>) {
  let code = "";
  await expect
    .poll(
      () => {
        const fresh = outboxEntries().filter((e) => e.to === target.toLowerCase() && !mark.has(e.file));
        code = fresh.at(-1)?.text.match(/\b(\d{6})\b/)?.[1] ?? "";
        return code;
      },
      { message: `a code sent to ${target}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** A six-digit code that is not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** Ends this browser's API session behind its back (as tests/e2e/expiry.spec.ts does). */
export async function endSessionOnServer(context: BrowserContext, request: APIRequestContext) {
  const ticket = await apiTicket(context);
  const response = await request.post("/api/login/cancellation", { headers: { ticket } });
  expect((await response.json()).code).toBe(200);
}

/** The API ticket behind the browser's signed `ticket` cookie. */
export async function apiTicket(context: BrowserContext) {
  const signed = (await context.cookies()).find((c) => c.name === "ticket");
  expect(signed, "ticket cookie").toBeDefined();
  const ticket = await createCookie("ticket", { secrets: ["e2e-session-secret-0123456789"] }).parse(`ticket=${signed!.value}`);
  expect(typeof ticket).toBe("string");
  return ticket as string;
}

export async function setLanguage(page: Page, language: Language, testInfo: TestInfo) {
  await page.context().addCookies([{ name: "lng", value: language, url: testInfo.project.use.baseURL! }]);
}

// ---------- filling the steps with valid data ----------

export async function fillCompany(app: App, company: { nameZh: string; nameEn: string }) {
  const { page } = app;
  await field(page, "company", "companyNameZh").fill(company.nameZh);
  await field(page, "company", "companyNameEn").fill(company.nameEn);
  await field(page, "company", "contractCompanyNames").fill(`${company.nameZh}/${company.nameEn}`);
  await stepForm(page, "company").locator("input[name=listingStatus][value=listed]").check();
  await field(page, "company", "stockCode").fill("300750.SZ");
  await field(page, "company", "companyPhone").fill("0755-12345678");
  await field(page, "company", "address").fill("1 Keji Road");
  await field(page, "company", "website").fill("https://example.com");
  // The cascade posts the step (saving what is typed): China → Guangdong → Shenzhen → Nanshan.
  await chooseCascade(app, "company", "countryId", "37");
  await chooseCascade(app, "company", "provinceCode", "440000");
  await chooseCascade(app, "company", "cityCode", "440300");
  await field(page, "company", "districtCode").selectOption("440305");
}

/** Contact 1 inside China (verified by the codes from the outbox), contact 2 overseas. */
export async function fillContacts(app: App, contact: { mobile: string; email: string }) {
  const { page } = app;
  const form = stepForm(page, "contacts");
  await form.locator("input[name=contact1Type][value=inside]").check();
  await field(page, "contacts", "contact1Name").fill("Zhang San");
  await field(page, "contacts", "contact1Position").fill("Sales manager");
  await field(page, "contacts", "contact1Mobile").fill(contact.mobile);
  await field(page, "contacts", "contact1Email").fill(contact.email);
  await form.locator("input[name=contact2Type][value=overseas]").check();
  await field(page, "contacts", "contact2Name").fill("John Smith");
  await field(page, "contacts", "contact2Mobile").fill("+44 20 7946 0958");
  await field(page, "contacts", "contact2Email").fill("john.smith@example.org");
}

/** Sends both codes for contact 1 and types what the outbox received. */
export async function verifyContact1(app: App, contact: { mobile: string; email: string }, language: Language = "en") {
  const { page } = app;
  const smsMark = outboxMark(contact.mobile);
  await press(app, "contacts", "sendSms");
  await expect(page.getByTestId("notice")).toHaveText(translate(language, "exhibitor.notices.smsSent"));
  const smsCode = await newestCode(contact.mobile, smsMark);
  const mailMark = outboxMark(contact.email);
  await press(app, "contacts", "sendEmail");
  await expect(page.getByTestId("notice")).toHaveText(translate(language, "exhibitor.notices.emailSent"));
  const mailCode = await newestCode(contact.email, mailMark);
  await field(page, "contacts", "contact1MobileCode").fill(smsCode);
  await field(page, "contacts", "contact1EmailCode").fill(mailCode);
  return { smsCode, mailCode };
}

export async function uploadLogo(app: App) {
  const form = stepForm(app.page, "presentation");
  await form.getByTestId("upload-logoUrl").getByTestId("upload-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  // With JS the file goes to storage at once; without, it travels with the next post of the form.
  if (app.jsEnabled) await expect(form.locator("input[type=hidden][name=logoUrl]")).toHaveValue(/^\/files\//);
}

export async function fillPresentation(app: App) {
  const { page } = app;
  await uploadLogo(app);
  await field(page, "presentation", "introZh").fill("我们生产智能机器人。");
  await field(page, "presentation", "introEn").fill("We make smart robots.");
  await field(page, "presentation", "brandsZh").fill("星河");
  await field(page, "presentation", "brandsEn").fill("Galaxy");
  await field(page, "presentation", "mainProductsZh").fill("服务机器人");
  await field(page, "presentation", "mainProductsEn").fill("Service robots");
  await stepForm(page, "presentation").locator("input[name=advantages][value=highTech]").check();
}

export async function fillExhibits(app: App) {
  const { page } = app;
  const form = stepForm(page, "exhibits");
  await form.locator('input[name=exhibitClassIds][value="1"]').check();
  await form.locator('input[name=exhibitClassIds][value="2"]').check();
  await form.locator('input[name=industryIds][value="1"]').check();
  await chooseCascade(app, "exhibits", "themeId", "1");
  await field(page, "exhibits", "pavilionId").selectOption("2");
}

export async function fillEvents(app: App) {
  const { page } = app;
  const form = stepForm(page, "events");
  await form.locator("input[name=liveEventThemes][value=productLaunch]").check();
  await field(page, "events", "liveEventNote").fill("A launch on day one.");
  await form.locator("input[name=attendance][value=arrived]").check();
}

/** A minimal MP4 (H.264 video track, no audio) that the storage's byte and codec checks accept. */
export function tinyMp4() {
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const u16 = (n: number) => {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(n);
    return b;
  };
  const ascii = (s: string) => Buffer.from(s, "latin1");
  const zeros = (n: number) => Buffer.alloc(n);
  const box = (type: string, ...body: Buffer[]) => {
    const payload = Buffer.concat(body);
    return Buffer.concat([u32(8 + payload.length), ascii(type), payload]);
  };
  const full = (type: string, ...body: Buffer[]) => box(type, zeros(4), ...body);
  const video = box("avc1", zeros(6), u16(1), zeros(16), u16(64), u16(64), zeros(46), box("avcC", Buffer.from([1, 0x64, 0, 0x0a])));
  const hdlr = full("hdlr", zeros(4), ascii("vide"), zeros(12), ascii("Handler\0"));
  const stsd = full("stsd", u32(1), video);
  const trak = box("trak", full("tkhd", zeros(80)), box("mdia", full("mdhd", zeros(20)), hdlr, box("minf", box("stbl", stsd, full("stts", u32(0))))));
  return Buffer.concat([box("ftyp", ascii("isom"), u32(0x200), ascii("isomiso2avc1mp41")), box("moov", full("mvhd", zeros(96)), trak), box("mdat", zeros(64))]);
}

// ---------- the organizer ----------

/** A second browser for the organizer (admin), with the project's JS setting and its own client address. */
export async function adminSession(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    locale: "en-US",
    extraHTTPHeaders: { "x-forwarded-for": clientIpFor(testInfo, "admin") },
  });
  await context.addCookies([{ name: "lng", value: "en", url: testInfo.project.use.baseURL! }]);
  const response = await context.request.post("/login", { form: { username: "admin", password: "Admin#2026" }, maxRedirects: 0 });
  expect(response.status(), "admin sign-in").toBe(302);
  const page = await context.newPage();
  return { context, page };
}

/** The admin opens the exhibitor's submitted profile from the review list and decides. */
export async function review(browser: Browser, testInfo: TestInfo, username: string, decision: "approve" | "return", comment?: string) {
  const { context, page } = await adminSession(browser, testInfo);
  try {
    await page.goto("/exhibitorInfo/exhibitorReview");
    const row = page.getByTestId("review-list").locator("tr", { hasText: username });
    await row.getByRole("link", { name: "Open" }).click();
    await expect(page).toHaveURL(/\?userId=\d+$/);
    await expect(page.getByTestId("profile-status")).toHaveText("Under review");
    if (testInfo.project.use.javaScriptEnabled !== false)
      await page.waitForFunction(() => Object.keys(document.documentElement).some((k) => k.startsWith("__reactFiber$")));
    if (comment) await page.locator("textarea[name=comment]").fill(comment);
    await page.locator(`button[name=decision][value=${decision}]`).first().click();
    if (decision === "approve") {
      // Approving asks once more; the comment typed stays.
      const confirm = page.getByTestId("confirm-approve");
      await expect(confirm).toContainText("Approve this exhibitor's data?");
      if (comment) await expect(page.locator("textarea[name=comment]")).toHaveValue(comment);
      await confirm.getByRole("button", { name: "Yes, approve" }).click();
    }
    await expect(page.getByText("Decision saved")).toBeVisible();
    await expect(page.getByTestId("profile-status")).toHaveText(decision === "approve" ? "Approved" : "Returned for changes");
  } finally {
    await context.close();
  }
}

export { PASSWORD };
