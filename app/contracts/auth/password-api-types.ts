/** Shapes of the invitation and forgot-password API's answers (issue 39, docs/decisions/033). */

/** The same for every identifier typed, whether or not an account matches. */
export type ForgotPasswordAnswer = { linkMinutes: number; codeMinutes: number };

/** A valid link: what it is for and whose it is. */
export type PasswordLinkInfo = { purpose: "activate" | "reset"; username: string };

/** Why a link does not work (the refusal's `data.state`). */
export type PasswordLinkState = "expired" | "used" | "replaced" | "invalid";
