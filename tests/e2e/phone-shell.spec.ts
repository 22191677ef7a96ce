import type { Locator, Page } from "@playwright/test";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { setLanguage } from "./exhibitor-helpers";
import { expect, test } from "./fixtures";
import { JS_ON_ONLY, NO_JS_SUBJECT } from "./js-on-only";

/**
 * The shell under 1024 px (docs/product.md § Header and menus, § Footer and floating buttons): a cheap
 * phone (360 px) and a small tablet (800 px), in both languages, with and without JavaScript. Every area
 * of the top menu is reached by clicking through it, the user menu opens inside the screen, and the
 * floating buttons never sit on a link or button of the page.
 */

const SCREENS = [
  { width: 360, height: 640 },
  { width: 800, height: 720 },
];
const LANGUAGES: Language[] = ["zh", "en"];

/** The element at the centre of the locator's box is the element itself (or inside it): a tap there reaches it. */
async function expectTappable(locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  await expect(locator, `${what}: wholly on the screen`).toBeInViewport({ ratio: 1 });
  const atCentre = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit === null) return "nothing";
    return element === hit || element.contains(hit) ? "itself" : `${hit.tagName.toLowerCase()}.${hit.className}`;
  });
  expect(atCentre, `${what}: the element at its centre`).toBe("itself");
}

const mainMenu = (page: Page, language: Language) => page.getByRole("navigation", { name: translate(language, "shell.mainMenu") });

for (const screen of SCREENS) {
  for (const language of LANGUAGES) {
    test(
      `${screen.width} px, ${language}: every area of the top menu is reached by clicking through it from /index`,
      { tag: JS_ON_ONLY },
      async ({ app, page }, testInfo) => {
        await page.setViewportSize(screen);
        await setLanguage(page, language, testInfo);
        await app.signIn("std01");
        await app.goto("/index");
        // Every area the menu lists (its 4-per-group and 10-per-group copies hold the same items).
        const areas = await mainMenu(page, language)
          .locator("a")
          .evaluateAll((links) => [...new Map(links.map((a) => [a.getAttribute("href")!, (a.textContent ?? "").trim()])).entries()]);
        // std01's menu (docs/product.md § Menus and page access): ten areas in Chinese, five in English
        // (leads at the show is in both).
        expect(areas.length, "areas in the menu").toBe(language === "zh" ? 10 : 5);

        for (const [href, label] of areas) {
          await test.step(label, async () => {
            await app.goto("/index");
            const nav = mainMenu(page, language);
            // Only what is on screen counts: the other width's copy and a closed 'more' are not.
            let link = nav.getByRole("link", { name: label, exact: true });
            if ((await link.count()) === 0) {
              const more = nav.locator("summary").filter({ hasText: translate(language, "shell.more"), visible: true });
              await expectTappable(more, `${label}: 'more'`);
              await more.click();
              link = nav.getByRole("link", { name: label, exact: true });
            }
            await expect(link).toHaveCount(1);
            await expectTappable(link, label);
            await link.click();
            await expect(page).toHaveURL((url) => url.pathname === href);
            await app.waitForHydration();
            // The menu closes behind the click (with JS the header stays on the page).
            await expect(page.locator("header details[open]")).toHaveCount(0);
          });
        }
      },
    );

    test(
      `${screen.width} px, ${language}: the user menu opens inside the screen, every entry tappable`,
      { tag: NO_JS_SUBJECT },
      async ({ app, page }, testInfo) => {
        await page.setViewportSize(screen);
        await setLanguage(page, language, testInfo);
        // raw01 has two booths: the fullest user menu (the booth switch is a form in it).
        await app.signIn("raw01");
        await app.goto("/index");
        const label = page.getByTestId("user-label");
        await expectTappable(label, "the user name");
        const menu = await app.openUserMenu();
        const entries = menu.locator(".shell-dropdown-panel").locator("a, button, select");
        expect(await entries.count(), "entries of the user menu").toBeGreaterThanOrEqual(5);
        for (const entry of await entries.all()) await expectTappable(entry, (await entry.textContent()) ?? "entry");
      },
    );

    test(
      `${screen.width} px, ${language}: the floating buttons never cover a link or button of the page`,
      { tag: JS_ON_ONLY },
      async ({ app, page }, testInfo) => {
        test.setTimeout(120_000);
        await page.setViewportSize(screen);
        await setLanguage(page, language, testInfo);
        await app.signIn("std01");
        // The home (quick links), long forms (their buttons at the end), and in Chinese the long booking page.
        const pages = ["/index", "/exhibitorInfo/exhibitorData", "/feedback", "/changePassword"];
        if (language === "zh") pages.push("/bookingService/onlineBookingService");
        for (const path of pages) {
          await test.step(path, async () => {
            await app.goto(path);
            // The buttons are still there and can be tapped themselves.
            await expectTappable(
              page.locator(".shell-floating").getByRole("link", { name: translate(language, "shell.contactUs"), exact: true }),
              "Contact us",
            );
            if (language === "zh")
              await expectTappable(
                page.locator(".shell-floating").getByRole("link", { name: translate(language, "shell.userGuide"), exact: true }),
                "User guide",
              );
            const result = await page.evaluate(coveredControls);
            expect(result.view, "the screen left to the page").toBeGreaterThan(screen.height / 2);
            expect(result.checked, "controls of the page checked").toBeGreaterThanOrEqual(3);
            expect(result.covered, `${path}: controls covered somewhere on the way through the screen`).toEqual([]);
          });
        }
      },
    );
  }
}

test(
  "360 px: an area's menu opens over the page from the header's button, and closes once a page is chosen or on the overlay",
  { tag: NO_JS_SUBJECT },
  async ({ app, page }, testInfo) => {
    await page.setViewportSize(SCREENS[0]!);
    await setLanguage(page, "en", testInfo);
    await app.signIn("std01");
    await app.goto("/exhibitorInfo/exhibitorData");
    const sidebar = page.getByRole("complementary", { name: translate("en", "shell.areaMenu") });
    const openButton = page.locator("label.shell-burger");
    await expect(sidebar).not.toBeInViewport();

    // The dark overlay closes it.
    await expectTappable(openButton, "the menu button");
    await openButton.click();
    await expect(sidebar).toBeInViewport({ ratio: 1 });
    await page.mouse.click(SCREENS[0]!.width - 20, SCREENS[0]!.height / 2);
    await expect(sidebar).not.toBeInViewport();

    // Choosing a page closes it (with JS the shell stays on the page, and the menu's checkbox with it).
    await openButton.click();
    await expect(sidebar).toBeInViewport({ ratio: 1 });
    const other = sidebar.locator("a.shell-side-link:not(.active)").first();
    const href = (await other.getAttribute("href"))!;
    await expectTappable(other, "a page of the area");
    await other.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    await app.waitForHydration();
    await expect(sidebar).not.toBeInViewport();
  },
);

/**
 * Runs in the page. Each visible link, button and field of the page's main content (and footer) is moved through
 * the whole screen, 16 px at a time, as scrolling a phone does; wherever it stands wholly in the part
 * of the screen that shows the page, the element at its centre must be the control. That part ends at
 * the header if it stays on screen, and at any bar fixed across the whole width at the bottom (a frame,
 * like such a header); a button floating over the page does not end it.
 */
function coveredControls() {
  const STEP = 16;
  const header = document.querySelector("header")!;
  const headerStays = ["sticky", "fixed"].includes(getComputedStyle(header).position);
  let bottom = window.innerHeight;
  for (const element of document.querySelectorAll<HTMLElement>("body *")) {
    const style = getComputedStyle(element);
    if (style.position !== "fixed" || style.display === "none" || style.visibility === "hidden") continue;
    const box = element.getBoundingClientRect();
    if (box.width >= window.innerWidth - 1 && box.bottom >= window.innerHeight - 1 && box.height < window.innerHeight / 4) bottom = Math.min(bottom, box.top);
  }
  const top = headerStays ? header.getBoundingClientRect().bottom : 0;
  // The page's content, and the footer below it (its last link must clear the buttons at the page's end).
  const controls = [...document.querySelectorAll<HTMLElement>(":is(#main, footer) :is(a[href], button, input, select, textarea, summary)")].filter(
    (control) => {
      if (control.closest("[aria-hidden=true], [hidden], [inert]") || (control instanceof HTMLInputElement && control.type === "hidden")) return false;
      const style = getComputedStyle(control);
      const box = control.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && style.visibility === "visible" && Number(style.opacity) > 0;
    },
  );
  const nameOf = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.split(" ")[0]}` : ""} "${(element.textContent || element.getAttribute("name") || element.getAttribute("aria-label") || "").trim().slice(0, 30)}"`;
  const reaches = (control: HTMLElement, hit: Element | null) =>
    hit !== null &&
    (control === hit ||
      control.contains(hit) ||
      ("labels" in control && [...((control as HTMLInputElement).labels ?? [])].some((label) => label.contains(hit))));
  const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
  const covered: string[] = [];
  let checked = 0;
  for (const control of controls) {
    window.scrollTo({ top: 0, behavior: "instant" });
    const start = control.getBoundingClientRect();
    // A control partly beside the screen (in a table that scrolls sideways) or taller than the view is not checked.
    if (start.left < 0 || start.right > window.innerWidth || start.height > bottom - top) continue;
    const pageTop = start.top + window.scrollY;
    // Scroll positions that put the control 16 px further down the view each time, plus both ends of the page.
    const scrolls = new Set([0, maxScroll]);
    for (let at = top; at < bottom - start.height + STEP; at += STEP) scrolls.add(Math.round(pageTop - Math.min(at, bottom - start.height)));
    let checkedHere = false;
    for (const scroll of [...scrolls].filter((s) => s >= 0 && s <= maxScroll).sort((a, b) => a - b)) {
      window.scrollTo({ top: scroll, behavior: "instant" });
      const box = control.getBoundingClientRect();
      if (box.top < top - 0.5 || box.bottom > bottom + 0.5) continue;
      checkedHere = true;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!reaches(control, hit)) {
        covered.push(`${nameOf(control)} at ${Math.round(box.top)} px: under ${hit ? nameOf(hit) : "nothing"}`);
        break;
      }
    }
    if (checkedHere) checked += 1;
  }
  window.scrollTo({ top: 0, behavior: "instant" });
  return { view: bottom - top, checked, covered: covered.slice(0, 20) };
}
