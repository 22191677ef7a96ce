import { Router } from "express";
import { machineTranslationEndpoints } from "../../../app/contracts/machine-translation/endpoints.server";
import { TRANSLATE_MAX_LENGTH } from "../../../app/contracts/machine-translation/schema";
import { providerLanguage } from "../../machine-translation/libretranslate";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError } from "../envelope";
import { mount } from "../mount";
import { requireSession } from "../require-session";

/** Chinese → English (or back) for the bilingual form fields. */
export function machineTranslationRoutes(deps: ApiDeps): Router {
  const router = Router();

  mount(router, machineTranslationEndpoints.translate, async (call) => {
    await requireSession(deps, call.req, call.res);
    const { content, from, to } = call.input;
    if (!content) throw new ApiError(ApiCode.badRequest, "errors.translateNeedsChinese");
    if (content.length > TRANSLATE_MAX_LENGTH) {
      throw new ApiError(ApiCode.badRequest, "validation.tooLong", {
        prop: "content",
        max: TRANSLATE_MAX_LENGTH,
      });
    }
    const translated = providerLanguage(from) === providerLanguage(to) ? content : await deps.translator.translate({ content, from, to });
    return { content: translated, from, to };
  });

  return router;
}
