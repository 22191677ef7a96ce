import { defineServerDomain } from "../domain";
import { captchaRoutes } from "../api/routes/captcha";

/** What the captcha domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "captcha",
  routes: [captchaRoutes],
  notFileColumns: {
    captchas: ["answer"],
  },
});
