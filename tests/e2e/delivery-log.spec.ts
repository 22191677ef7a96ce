import deliveryEn from "../../app/contracts/delivery-log/texts.en";
import { FAILED_RESOURCE, expect, test } from "./fixtures";

/**
 * The organizer's delivery log (issue 52), JS on and off: the organizer e-mails himself the schedule;
 * the job queue sends it, and /index/messages shows it (recipient masked, kind, channel, state, tries)
 * and filters by channel, state and kind with plain links. An exhibitor cannot open the log.
 */
const ADMIN = { username: "admin", password: "Admin#2026" };

test("the schedule mail shows in the organizer's delivery log, masked, sent by the queue, and the filters narrow the list", async ({
  app,
  page,
  consoleErrors,
}) => {
  // /401 answers 403.
  consoleErrors.allow(FAILED_RESOURCE(403));
  await app.signIn("std01");
  await app.goto("/index/messages");
  await expect(page).toHaveURL(/\/401$/);

  await page.context().clearCookies();
  await app.signIn(ADMIN.username, ADMIN.password);
  await app.goto("/index/schedule");
  await app.submit(() => page.getByTestId("schedule-actions").getByRole("button", { name: "E-mail me the schedule" }).click());
  // The e2e server has no SMTP_URL: the answer says the mail only reached the outbox.
  await expect(page.getByTestId("schedule-confirm-success")).toContainText("outbox");

  await app.goto("/index/messages?channel=email&kind=scheduleMail");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(deliveryEn.title);
  await expect(page).toHaveTitle(new RegExp(`^${deliveryEn.title}`));
  await expect(page.getByTestId("messages-outbox-note")).toBeVisible();
  await expect(page.getByTestId("messages-channel-email")).toHaveAttribute("aria-current", "page");
  const row = page.getByTestId("message-row").first();
  await expect(row).toContainText(deliveryEn.kinds.scheduleMail);
  await expect(row).toContainText(deliveryEn.channels.email);
  await expect(row.getByTestId("message-recipient")).toHaveText(/@pitf\.example\.org$/);
  await expect(row.getByTestId("message-recipient")).not.toHaveText("ops@pitf.example.org");

  // The worker sends it within seconds: reload until it says so.
  await expect(async () => {
    await app.goto("/index/messages?channel=email&kind=scheduleMail&state=sent");
    await expect(page.getByTestId("message-row").first()).toContainText(deliveryEn.states.sent, { timeout: 1000 });
  }).toPass();
  await expect(page.getByTestId("messages-state-sent")).toHaveAttribute("aria-current", "page");

  // Filter links: the SMS channel shows no schedule mail; "all" brings it back.
  await page.getByTestId("messages-channel-sms").click();
  await expect(page).toHaveURL(/channel=sms/);
  await expect(page.getByTestId("message-row").filter({ hasText: deliveryEn.kinds.scheduleMail })).toHaveCount(0);
  await page.getByTestId("messages-channel-all").click();
  await expect(page).not.toHaveURL(/channel=/);
  await expect(page.getByTestId("message-row").filter({ hasText: deliveryEn.kinds.scheduleMail }).first()).toBeVisible();

  // A resend question for a message that did not fail is not shown; nothing is posted.
  await app.goto("/index/messages?resend=999999");
  await expect(page.getByTestId("messages-resend-confirm")).toHaveCount(0);
});
