import type { Browser, TestInfo } from "@playwright/test";
import { appFor, type App } from "./fixtures";
import { setLanguage } from "./exhibitor-helpers";

/**
 * A second person (the organizer, a carrier, an exhibitor) in a browser of its own, with the test's
 * JavaScript setting: a new context in `locale`, sending `ip` as the client address when given (the
 * sign-in limits count per address), with `viewport` when given; its page as an App. The caller closes it.
 */
export async function otherPerson(
  browser: Browser,
  app: App,
  testInfo: TestInfo,
  options: { locale: string; ip?: string; viewport?: { width: number; height: number } },
) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: app.jsEnabled,
    locale: options.locale,
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.ip ? { extraHTTPHeaders: { "x-forwarded-for": options.ip } } : {}),
  });
  return { context, other: appFor(await context.newPage(), app.jsEnabled) };
}

/** The same in Chinese (locale zh-CN and the language chosen), for the areas that are Chinese only. */
export async function otherPersonInChinese(browser: Browser, app: App, testInfo: TestInfo, viewport?: { width: number; height: number }) {
  const { context, other } = await otherPerson(browser, app, testInfo, { locale: "zh-CN", viewport });
  await setLanguage(other.page, "zh", testInfo);
  return { other, close: () => context.close() };
}
