import express, { Router } from "express";
import type { ApiDeps } from "./context";
import { ApiCode, ApiError, apiErrorHandler } from "./envelope";
import { loginRoutes } from "./routes/auth";
import { captchaRoutes } from "./routes/captcha";
import { permissionRoutes } from "./routes/permission";
import { lookupRoutes } from "./routes/lookups";
import { translateRoutes } from "./routes/translate";
import { settingsRoutes } from "./routes/settings";
import { homeRoutes } from "./routes/home";
import { scheduleActionRoutes } from "./routes/home-schedule";
import { uploadRoutes } from "./routes/uploads";
import { exhibitorInfoRoutes } from "./routes/exhibitor";
import { exhibitorContactRoutes } from "./routes/exhibitor-contact";
import { orderRoutes } from "./routes/orders";
import { bookingFormRoutes } from "./routes/booking-forms";
import { contractorRoutes } from "./routes/contractors";
import { refuseUnstorableText } from "./text-input";
import { badgeRoutes } from "./routes/badges";
import { badgeExcelRoutes } from "./routes/badges-excel";
import { badgePrintRoutes } from "./routes/badges-print";
import { badgeReviewRoutes } from "./routes/badges-review";
import { boothBuildRoutes } from "./routes/booth-build";
import { boothSafetyRoutes } from "./routes/booth-safety";
import { boothReviewRoutes } from "./routes/booth-review";
import { paymentVoucherRoutes } from "./routes/payment-vouchers";
import { invoiceRoutes } from "./routes/invoices";
import { transportDeclarationRoutes } from "./routes/transport-declarations";
import { transportCarrierRoutes } from "./routes/transport-carrier";
import { liftingRoutes } from "./routes/transport-lifting";

/** Our implementation of the exhibition API, mounted under /api. */
export function createApiRouter(deps: ApiDeps): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  router.use(express.urlencoded({ extended: false, limit: "1mb" }));
  router.use(express.json({ limit: "1mb" }));
  router.use(refuseUnstorableText());

  router.use(loginRoutes(deps));
  router.use(captchaRoutes(deps));
  router.use(permissionRoutes(deps));
  router.use(lookupRoutes(deps));
  router.use(translateRoutes(deps));
  router.use(settingsRoutes(deps));
  router.use(homeRoutes(deps));
  router.use(scheduleActionRoutes(deps));
  router.use(uploadRoutes(deps));
  router.use(exhibitorContactRoutes(deps));
  router.use(exhibitorInfoRoutes(deps));
  router.use(orderRoutes(deps));
  router.use(bookingFormRoutes(deps));
  router.use(contractorRoutes(deps));
  router.use(badgeRoutes(deps));
  router.use(badgeExcelRoutes(deps));
  router.use(badgePrintRoutes(deps));
  router.use(badgeReviewRoutes(deps));
  router.use(boothBuildRoutes(deps));
  router.use(boothSafetyRoutes(deps));
  router.use(boothReviewRoutes(deps));
  router.use(paymentVoucherRoutes(deps));
  router.use(invoiceRoutes(deps));
  router.use(transportDeclarationRoutes(deps));
  router.use(transportCarrierRoutes(deps));
  router.use(liftingRoutes(deps));

  router.use((_req, _res, next) => next(new ApiError(ApiCode.notFound, "errors.notFound")));
  router.use(apiErrorHandler(deps.logger));
  return router;
}
