import { publicEndpoint } from "../api/endpoint";
import type { LoginTicket } from "./api-types";
import type { ForgotPasswordAnswer, PasswordLinkInfo } from "./password-api-types";
import { forgotPasswordSchema, passwordLinkSchema, resetByCodeRequestSchema, setPasswordRequestSchema } from "./password-schema";

/** The public invitation and forgot-password calls (issue 39, docs/decisions/033). */
export const passwordEndpoints = {
  /** Same answer whether or not an account matches; a reset link by e-mail or a code by SMS. */
  forgotPassword: publicEndpoint.post("/login/forgotPassword", forgotPasswordSchema).answers<ForgotPasswordAnswer>(),
  /** Whether a link works; a refusal names why in `data.state`. */
  passwordLink: publicEndpoint.get("/login/passwordLink", passwordLinkSchema).answers<PasswordLinkInfo>(),
  /** Sets the password from a link, ends the account's sessions and signs in. */
  setPassword: publicEndpoint.post("/login/setPassword", setPasswordRequestSchema).answers<LoginTicket>(),
  /** Sets the password with the user name and the SMS code, ends the account's sessions and signs in. */
  resetByCode: publicEndpoint.post("/login/resetByCode", resetByCodeRequestSchema).answers<LoginTicket>(),
};
