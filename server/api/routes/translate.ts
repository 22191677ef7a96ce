import { Router } from "express";
import { z } from "zod";
import { providerLanguage } from "../../translate/libretranslate";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, handle, parseInput } from "../envelope";
import { requireSession } from "../require-session";

export const TRANSLATE_MAX_LENGTH = 5000;

const language = z.enum(["cn", "zh", "en"], { message: "errors.badRequest" });

const translateInput = z.object({
  content: z.string({ message: "errors.translateNeedsChinese" }).trim().optional().default(""),
  from: language.optional().default("cn"),
  to: language.optional().default("en"),
});

/** Chinese → English (or back) for the bilingual form fields. */
export function translateRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.post(
    "/translate",
    handle(async (req, res) => {
      await requireSession(deps, req, res);
      const body = req.body && typeof req.body === "object" ? req.body : {};
      const { content, from, to } = parseInput(translateInput, body);
      if (!content) throw new ApiError(ApiCode.badRequest, "errors.translateNeedsChinese");
      if (content.length > TRANSLATE_MAX_LENGTH) {
        throw new ApiError(ApiCode.badRequest, "validation.tooLong", {
          prop: "content",
          max: TRANSLATE_MAX_LENGTH,
        });
      }
      const translated =
        providerLanguage(from) === providerLanguage(to)
          ? content
          : await deps.translator.translate({ content, from, to });
      return { content: translated, from, to };
    }),
  );

  return router;
}
