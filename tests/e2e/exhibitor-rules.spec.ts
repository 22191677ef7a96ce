import type { Page } from "@playwright/test";
import { translate } from "../../app/contracts/i18n/translate.server";
import { FAILED_RESOURCE, accountFor, expect, test } from "./fixtures";
import { chooseCascade, errorOf, field, message, openStep, press, setLanguage, stepForm, tinyMp4, type Step } from "./exhibitor-helpers";

/**
 * Every rule of the profile steps with its message, in Chinese and in English (the `lng` cookie is
 * set before signing in). The server checks every rule and answers with its messages, with or
 * without JS (`press` waits for that answer and the page's revalidation).
 */

for (const language of ["en", "zh"] as const) {
  test(`the steps' rules and their messages (${language})`, async ({ app, page, consoleErrors }, testInfo) => {
    // Every refused press is a server round trip: forms are checked on the server only (docs/decisions/021).
    test.setTimeout(150_000);
    consoleErrors.allow(FAILED_RESOURCE(400));
    await setLanguage(page, language, testInfo);
    await app.signIn(accountFor(`profile-rules-${language}`, testInfo));
    const expectError = (step: Step, name: string, key: string, prop: string | undefined = name) =>
      expect(errorOf(page, step, name)).toHaveText(message(language, key, prop));
    const expectNoError = (step: Step, name: string) => expect(errorOf(page, step, name)).toHaveCount(0);

    // ---- company: required fields ----
    await openStep(app, "company");
    // A new profile starts from the account's company name (issue 51): emptied, to see the rule.
    await expect(field(page, "company", "companyNameZh")).toHaveValue(/^E2E /);
    await field(page, "company", "companyNameZh").fill("");
    await press(app, "company", "next");
    // The messages are the language's own, not keys.
    await expect(errorOf(page, "company", "companyNameZh")).toHaveText(language === "en" ? "Company name (Chinese) is required" : "公司中文名称不能为空");
    for (const name of ["companyNameEn", "listingStatus", "companyPhone", "countryId", "address"]) await expectError("company", name, "validation.required");

    // ---- company: formats, stock code when listed, province in zh for China ----
    await field(page, "company", "companyNameZh").fill("规则测试有限公司");
    await field(page, "company", "companyNameEn").fill("Rules Test Ltd.");
    await field(page, "company", "contractCompanyNames").fill("甲公司//乙公司");
    await stepForm(page, "company").locator("input[name=listingStatus][value=listed]").check();
    await field(page, "company", "companyPhone").fill("phone");
    await field(page, "company", "address").fill("1 Rules Road");
    await field(page, "company", "website").fill("not a website");
    await chooseCascade(app, "company", "countryId", "37");
    await press(app, "company", "next");
    await expectError("company", "stockCode", "validation.required");
    await expectError("company", "companyPhone", "validation.correct");
    await expectError("company", "contractCompanyNames", "validation.correct");
    await expectError("company", "website", "validation.correct");
    // China needs its province in Chinese only (and then its city too); in English neither yet.
    if (language === "zh") {
      await expectError("company", "provinceCode", "validation.required");
      await expectError("company", "cityCode", "validation.required");
    } else {
      await expectNoError("company", "provinceCode");
      await expectNoError("company", "cityCode");
    }

    // ---- a wrong stock code; a province needs its city, a city its district ----
    await field(page, "company", "stockCode").fill("30#07");
    await chooseCascade(app, "company", "provinceCode", "440000");
    await press(app, "company", "next");
    await expectError("company", "stockCode", "validation.correct");
    await expectError("company", "cityCode", "validation.required");
    await chooseCascade(app, "company", "cityCode", "440300");
    await press(app, "company", "next");
    await expectNoError("company", "cityCode");
    await expectError("company", "districtCode", "validation.required");

    // ---- a special region (Hong Kong, 810000) needs no city: the step is complete ----
    await chooseCascade(app, "company", "provinceCode", "810000");
    await expect(field(page, "company", "cityCode")).toHaveValue("");
    await field(page, "company", "stockCode").fill("00700");
    await field(page, "company", "companyPhone").fill("+852 2123 4567");
    await field(page, "company", "contractCompanyNames").fill("甲公司/乙公司");
    await field(page, "company", "website").fill("www.example.com");
    await press(app, "company", "next");
    await expect(page).toHaveURL(/\?step=contacts$/);

    // ---- contacts: required, mainland mobile, e-mail, then the codes (server) ----
    await press(app, "contacts", "next");
    for (const name of ["contact1Type", "contact1Name", "contact1Mobile", "contact1Email", "contact2Type", "contact2Name", "contact2Mobile", "contact2Email"]) {
      await expectError("contacts", name, "validation.required");
    }
    await stepForm(page, "contacts").locator("input[name=contact1Type][value=inside]").check();
    await field(page, "contacts", "contact1Name").fill("李四");
    await field(page, "contacts", "contact1Mobile").fill("12012345678");
    await field(page, "contacts", "contact1Email").fill("li.si@");
    await stepForm(page, "contacts").locator("input[name=contact2Type][value=overseas]").check();
    await field(page, "contacts", "contact2Name").fill("Jane Doe");
    await field(page, "contacts", "contact2Mobile").fill("+44 20 7946 0958");
    await field(page, "contacts", "contact2Email").fill("jane@example.org");
    await press(app, "contacts", "next");
    await expectError("contacts", "contact1Mobile", "validation.correct");
    await expectError("contacts", "contact1Email", "validation.email");
    await expectNoError("contacts", "contact2Mobile");
    // An overseas number is no mainland mobile.
    await stepForm(page, "contacts").locator("input[name=contact2Type][value=inside]").check();
    await field(page, "contacts", "contact1Mobile").fill("19912345678");
    await field(page, "contacts", "contact1Email").fill("li.si@example.com");
    await press(app, "contacts", "next");
    await expectNoError("contacts", "contact1Mobile");
    await expectError("contacts", "contact2Mobile", "validation.correct");
    await stepForm(page, "contacts").locator("input[name=contact2Type][value=overseas]").check();
    await press(app, "contacts", "next");
    await expect(page).toHaveURL(/\?step=contacts/);
    await expect(errorOf(page, "contacts", "contact1MobileCode")).toHaveText(translate(language, "exhibitor.verify.required"));
    await expect(errorOf(page, "contacts", "contact1EmailCode")).toHaveText(translate(language, "exhibitor.verify.required"));

    // ---- presentation: translation needs the Chinese; a video needs its cover ----
    await openStep(app, "presentation");
    await press(app, "presentation", "translate:introEn");
    await expect(errorOf(page, "presentation", "introEn")).toHaveText(translate(language, "errors.translateNeedsChinese"));
    await stepForm(page, "presentation")
      .getByTestId("upload-videoUrl")
      .getByTestId("upload-input")
      .setInputFiles({ name: "clip.mp4", mimeType: "video/mp4", buffer: tinyMp4() });
    if (app.jsEnabled) await expect(stepForm(page, "presentation").locator("input[type=hidden][name=videoUrl]")).toHaveValue(/^\/files\//);
    await press(app, "presentation", "next");
    await expect(uploadError(page, "videoCoverUrl")).toHaveText(message(language, "validation.required", "videoCoverUrl"));
    await expect(uploadError(page, "logoUrl")).toHaveText(message(language, "validation.required", "logoUrl"));
    await expect(uploadError(page, "videoUrl")).toHaveCount(0);
    for (const name of ["introZh", "introEn", "brandsZh", "brandsEn", "mainProductsZh", "mainProductsEn"])
      await expectError("presentation", name, "validation.required");

    // ---- exhibits and events: required choices ----
    await openStep(app, "exhibits");
    await press(app, "exhibits", "next");
    for (const name of ["exhibitClassIds", "industryIds", "themeId", "pavilionId"]) await expectError("exhibits", name, "validation.required");
    await openStep(app, "events");
    await press(app, "events", "submit");
    await expectError("events", "attendance", "validation.required");
    await expect(page.getByTestId("profile-status")).toHaveText(translate(language, "exhibitor.status.draft"));
  });
}

/** The error of an upload field (its wrapper holds the file list, not a control named like the field). */
function uploadError(page: Page, name: string) {
  return stepForm(page, "presentation")
    .locator(".mantine-InputWrapper-root")
    .filter({ has: page.getByTestId(`upload-${name}`) })
    .locator(".mantine-InputWrapper-error");
}
