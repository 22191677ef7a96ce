import type { Request } from "express";
import { ApiCode, ApiError, requestLanguage } from "../api/envelope";

/**
 * docs/product.md § Menus and page access hides the invoice area in English; the API refuses it in English too (403, as a page
 * outside the menu), so the rule does not rest on the menu alone. The public QR page is exempt: the
 * finance colleague who opens it may read any language.
 */
export function requireChinese(req: Request) {
  if (requestLanguage(req) !== "zh") throw new ApiError(ApiCode.forbidden, "invoices.errors.chineseOnly");
}
