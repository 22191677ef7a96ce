import { Router } from "express";
import type { ApiDeps } from "./context";
import { apiErrorHandler, notFound } from "./envelope";
import { keepApiDeps } from "./mount";
import { serverDomains } from "../domains";
import { loginRoutes } from "./routes/auth";
import { passwordLinkRoutes } from "./routes/password-links";
import { permissionRoutes } from "./routes/permission";
import { uploadRoutes } from "./routes/uploads";

/** Our implementation of the exhibition API, mounted under /api. */
export function createApiRouter(deps: ApiDeps): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  // Each endpoint checks the session, then reads its body (server/api/mount.ts).
  router.use(keepApiDeps(deps));

  // The shell's own routes: signing in, password links, the menu tree, uploads (the kernel's).
  router.use(loginRoutes(deps));
  router.use(passwordLinkRoutes(deps));
  router.use(permissionRoutes(deps));
  router.use(uploadRoutes(deps));
  // Each domain's routes, as its domain.ts declares them (server/domains.ts, docs/decisions/063).
  for (const routes of serverDomains.flatMap((domain) => domain.routes ?? [])) router.use(routes(deps));

  router.use((_req, _res, next) => next(notFound()));
  router.use(apiErrorHandler(deps.logger));
  return router;
}
