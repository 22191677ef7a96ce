import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import settingsEn from "../../app/contracts/exhibition-settings/texts.en";
import { DEMO_EXHIBITION_SETTINGS } from "../../server/seed/exhibition-settings";
import { FAILED_RESOURCE, expect, successToast, test } from "./fixtures";

/**
 * The organizer's general settings (issue 52), JS on and off: a refused save keeps what was typed and
 * changes nothing; a saved filing number shows in every page's footer; emptied, the footer leaves it
 * out. The filing number is the demo exhibition's one setting both projects change, so each run holds
 * a lock around its changes and puts the demo's value back; the contact code and the user guide,
 * which other specs use, are never changed here.
 */
const ADMIN = { username: "admin", password: "Admin#2026" };

/** One run at a time changes the shared setting: a directory made atomically is the lock (waited for, never slept on). */
async function exclusively(run: () => Promise<void>) {
  const lock = path.join(os.tmpdir(), `portal-e2e-exhibition-settings-${process.env.E2E_PORT ?? "default"}.lock`);
  await expect
    .poll(
      () =>
        fs.mkdir(lock).then(
          () => true,
          () => false,
        ),
      { timeout: 120_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
  try {
    await run();
  } finally {
    await fs.rm(lock, { recursive: true, force: true });
  }
}

test("a refused save keeps the input; a saved filing number shows in the footer, an empty one is left out", async ({ app, page, consoleErrors }) => {
  // A refused save answers 400.
  consoleErrors.allow(FAILED_RESOURCE(400));
  const filing = `京ICP备${test.info().project.name}-${crypto.randomBytes(3).toString("hex")}号`;
  await app.signIn(ADMIN.username, ADMIN.password);
  await app.goto("/index/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(settingsEn.title);
  const form = page.getByTestId("settings-form");
  const field = (name: string) => form.locator(`input[name=${name}]`);
  const save = () => app.submit(() => page.getByTestId("settings-save").click());

  // Refused: a guide address that is not one, an e-mail that is not one; each says so at its field, all typed stays.
  await field("filingNumber").fill(filing);
  await field("userGuideUrl").fill("guide.portal.test/help");
  await field("exhibitorServiceEmail").fill("service-at-portal");
  await save();
  await expect(page.locator("#setting-userGuideUrl")).toContainText(settingsEn.errors.url.replace("{{prop}}", settingsEn.fields.userGuideUrl));
  await expect(page.locator("#setting-exhibitorServiceEmail")).toContainText(settingsEn.errors.email);
  await expect(field("filingNumber")).toHaveValue(filing);
  await expect(field("userGuideUrl")).toHaveValue("guide.portal.test/help");
  await expect(field("exhibitorServiceEmail")).toHaveValue("service-at-portal");
  await expect(page.locator("footer")).not.toContainText(filing);

  await exclusively(async () => {
    // Saved: the footer of the next page shows the new filing number.
    await app.goto("/index/settings");
    await field("filingNumber").fill(filing);
    await save();
    await expect(successToast(page)).toHaveText(settingsEn.saved);
    await expect(field("filingNumber")).toHaveValue(filing);
    await app.goto("/index/schedule");
    await expect(page.getByTestId("footer-filing")).toHaveText(`Filing number: ${filing}`);

    // Emptied: no filing number in the footer, and the settings page lists it as missing.
    await app.goto("/index/settings");
    await field("filingNumber").fill("");
    await save();
    await expect(successToast(page)).toHaveText(settingsEn.saved);
    await expect(page.getByTestId("settings-missing")).toContainText(settingsEn.missing.filingNumber);
    await app.goto("/index/schedule");
    await expect(page.locator("footer.shell-footer")).toBeVisible();
    await expect(page.getByTestId("footer-filing")).toHaveCount(0);

    // The demo's value back, for the other specs.
    await app.goto("/index/settings");
    await field("filingNumber").fill(DEMO_EXHIBITION_SETTINGS.filingNumber);
    await save();
    await expect(successToast(page)).toHaveText(settingsEn.saved);
  });
});
