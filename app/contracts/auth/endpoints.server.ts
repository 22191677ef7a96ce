import * as z from "zod";
import { endpoint, publicEndpoint } from "../api/endpoint";
import type { AuthTicket, CaptchaRequirement, LoginTicket, PublicKey } from "./api-types";
import { encryptedPasswordsSchema } from "./change-password-schema";
import { loginRequestSchema } from "./login-schema";

/** GET /login/captchaRequired?username: an absent or unusable username is asked about as "". */
const captchaRequiredSchema = z.object({ username: z.string().max(100).catch("") });

/** Sign-in, sign-out, the session's state, the public key and the password change. */
export const authEndpoints = {
  captchaRequired: publicEndpoint.get("/login/captchaRequired", captchaRequiredSchema).answers<CaptchaRequirement>(),
  login: publicEndpoint.post("/login/login", loginRequestSchema).answers<LoginTicket>(),
  authTicket: endpoint.get("/login/authTicket").answers<AuthTicket>(),
  publicKey: publicEndpoint.get("/login/publicKey").answers<PublicKey>(),
  /** Logout; idempotent. */
  cancellation: publicEndpoint.post("/login/cancellation").answers<null>(),
  /** Both passwords RSA-encrypted (base64); checked with modifyPasswordRequestSchema once decrypted. */
  modifyPasswd: endpoint.post("/login/modifyPasswd", encryptedPasswordsSchema).answers<null>(),
};
