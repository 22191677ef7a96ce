import { FAILED_RESOURCE, accountFor, expect, test } from "./fixtures";
import { errorOf, field, fillContacts, newestCode, openStep, outboxMark, press, uniqueEmail, uniqueMobile, wrongCode } from "./exhibitor-helpers";

/**
 * Contact 1's verification codes through the outbox (DATA_DIR/outbox: *.sms.json and *.eml):
 * sent by the buttons next to the code fields, checked when the step goes on. The mobile and
 * e-mail are this test's and project's own, so the 60-second resend limit never meets another run.
 */

test("the SMS and e-mail codes arrive in the outbox; a wrong one is refused, the right one accepted", async ({ app, page, consoleErrors }, testInfo) => {
  // Refused codes and resends are answered 400 with the form again.
  consoleErrors.allow(FAILED_RESOURCE(400));
  const contact = { mobile: uniqueMobile(testInfo), email: uniqueEmail(testInfo) };
  await app.signIn(accountFor("profile-verify", testInfo));
  await openStep(app, "contacts");
  await fillContacts(app, contact);

  const smsMark = outboxMark(contact.mobile);
  await press(app, "contacts", "sendSms");
  await expect(page.getByTestId("notice")).toHaveText("A verification code was sent to the mobile number; it is valid for 10 minutes.");
  const smsCode = await newestCode(contact.mobile, smsMark);
  // Sending again within a minute is refused, next to the code field.
  await press(app, "contacts", "sendSms");
  await expect(errorOf(page, "contacts", "contact1MobileCode")).toHaveText(/^Please wait \d+ seconds before requesting another code$/);
  expect(await newestCode(contact.mobile, smsMark)).toBe(smsCode);

  const mailMark = outboxMark(contact.email);
  await press(app, "contacts", "sendEmail");
  await expect(page.getByTestId("notice")).toHaveText("A verification code was sent to the e-mail address; it is valid for 10 minutes.");
  const mailCode = await newestCode(contact.email, mailMark);

  // Without codes the step does not go on.
  await press(app, "contacts", "next");
  await expect(page).toHaveURL(/\?step=contacts/);
  await expect(errorOf(page, "contacts", "contact1MobileCode")).toHaveText("Please verify with the code sent to you");
  await expect(errorOf(page, "contacts", "contact1EmailCode")).toHaveText("Please verify with the code sent to you");
  // With JS the first refused field has the focus, kept through the revalidation of the draft this press saved.
  if (app.jsEnabled) await expect(field(page, "contacts", "contact1MobileCode")).toBeFocused();

  // Wrong codes: refused with their message, the typed contact kept.
  await field(page, "contacts", "contact1MobileCode").fill(wrongCode(smsCode));
  await field(page, "contacts", "contact1EmailCode").fill(wrongCode(mailCode));
  await press(app, "contacts", "next");
  await expect(page).toHaveURL(/\?step=contacts/);
  await expect(errorOf(page, "contacts", "contact1MobileCode")).toHaveText("The verification code is incorrect");
  await expect(errorOf(page, "contacts", "contact1EmailCode")).toHaveText("The verification code is incorrect");
  await expect(field(page, "contacts", "contact1Mobile")).toHaveValue(contact.mobile);
  // A second refusal in a row keeps the same form too (it names the version the form was made from).
  if (app.jsEnabled) await expect(field(page, "contacts", "contact1MobileCode")).toBeFocused();

  // The right codes: the step goes on, and the contact stays verified (no code needed again).
  await field(page, "contacts", "contact1MobileCode").fill(smsCode);
  await field(page, "contacts", "contact1EmailCode").fill(mailCode);
  await press(app, "contacts", "next");
  await expect(page).toHaveURL(/\?step=presentation$/);
  await openStep(app, "contacts");
  await press(app, "contacts", "next");
  await expect(page).toHaveURL(/\?step=presentation$/);
});
