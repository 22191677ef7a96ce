import home from "~/features/home/texts.en";
import settings from "~/features/settings/texts.en";
import shell from "./en-shell";
import uploads from "~/features/uploads/texts.en";
import exhibitor from "~/features/exhibitor/texts.en";
import orders from "~/features/orders/texts.en";
import bookingForms from "~/features/booking-forms/texts.en";
import contractors from "~/features/contractors/texts.en";
import badges from "~/features/badges/texts.en";
import boothConstruction from "~/features/booth-construction/texts.en";
import invoices from "~/features/invoices/texts.en";
import transport from "~/features/transport/texts.en";
import vehicles from "~/features/vehicles/texts.en";

/** English texts. Spec texts are verbatim; keys are shared with zh.ts (checked by a unit test). */
const en = {
  app: {
    title: "Exhibitor Portal",
    exhibitionFallback: "Exhibition",
    copyright: "Copyright © 1999-2025 Exhibitor Portal. All rights reserved.",
    language: "Language",
    languageZh: "中文",
    languageEn: "English",
    skipToContent: "Skip to content",
  },
  login: {
    title: "Login",
    heading: "Sign in to the Exhibitor Portal",
    username: "Username",
    password: "Password",
    submit: "Sign in",
    submitting: "Signing in…",
    usernameRequired: "Please enter username",
    passwordRequired: "Please enter password",
    wrongCredentials: "Incorrect username or password",
    locked: "Too many failed sign-in attempts. Please try again in {{minutes}} minutes.",
    captchaTitle: "Security check",
    captchaInstruction: "Click the character “{{target}}” in the picture",
    captchaRequired: "Please complete the security check first",
    captchaWrong: "The security check was not passed, please try again",
    captchaExpired: "The security check has expired, please try again",
    captchaRefresh: "Another picture",
    captchaUseText: "Type a code instead",
    captchaUseClick: "Click a picture instead",
    textCodeLabel: "Verification code",
    textCodeHint: "Type the characters shown in the picture",
    textCodeRequired: "Please enter the verification code",
    signedOut: "You have signed out",
    passwordChangedSignIn: "Your password was changed, please sign in again",
  },
  session: {
    expired: "User not logged in or session has expired, please log in again",
    logout: "Log out",
  },
  errors: {
    crossSite: "This request came from another site and was refused",
    insufficientPermissions: "Insufficient permissions",
    network: "Network exception, please try reconnecting",
    requestFailed: "Request failed, please try again!",
    system: "System error",
    notFound: "The page can't be found",
    noPermission: "You don't have permission to access this page or use this feature",
    improveInfo: "Please improve your information first",
    systemUpdated: "system updated, please refresh",
    badRequest: "The request is not valid",
    tooManyRequests: "Too many requests, please try again later",
    translateNotConfigured: "translation service not configured",
    translateFailed: "Translation failed, please try again later",
    translateNeedsChinese: "Translation needs the Chinese content first",
    decryptFailed: "The encrypted password could not be read, please reload the page and try again",
    backHome: "Back to home",
    requestId: "Request id {{id}} (please quote it when you contact us)",
    goToLogin: "Go to login",
    status: "Status {{status}}",
  },
  validation: {
    required: "{{prop}} is required",
    correct: "Please enter the correct {{prop}}",
    enter: "Please enter {{prop}}",
    email: "Email format is incorrect",
    idCard: "IDCard format is incorrect",
    exists: "The {{prop}} already exists",
    illegalEmail: "illegal email",
    tooLong: "{{prop}} can be at most {{max}} characters",
    tickRules: "please tick that you have read the rules",
    tooMany: "Too many {{prop}} chosen",
    positive: "{{prop}} must be greater than 0",
    atMost: "{{prop}} can be at most {{max}}",
    unstorable: "The input contains characters that cannot be saved (control characters); please remove them",
    // For what no schema words itself (server/API input of the wrong shape): app/lib/zod-messages.ts.
    missing: "Required information is missing",
    invalid: "A value is not valid",
    tooBig: "A value is too long or too large",
    tooSmall: "A value is too short or too small",
  },
  password: {
    title: "Change password",
    old: "Old password",
    new: "New password",
    confirm: "Confirm new password",
    submit: "Save",
    submitting: "Saving…",
    oldRequired: "please enter password",
    newRequired: "please enter new password",
    sameAsOld: "old password cannot be the same as the new",
    confirmRequired: "please enter new password again",
    mismatch: "the two new passwords do not match",
    oldWrong: "The old password is incorrect",
    tooLong: "The password can be at most 190 bytes (190 letters or digits, or 63 Chinese characters)",
    success: "modified successfully",
  },
  home,
  settings,
  shell,
  uploads,
  exhibitor,
  orders,
  bookingForms,
  contractors,
  badges,
  boothConstruction,
  invoices,
  transport,
  vehicles,
  common: {
    loading: "Loading…",
    cancel: "Cancel",
    confirm: "Confirm",
    close: "Close",
  },
};

export default en;
export type Resource = typeof en;
