import { ApiCode, ApiError } from "../api/envelope";
import type { TranslateRequest, Translator } from "./provider";

const TRANSLATE_TIMEOUT_MS = 30_000;

/** The spec speaks of "cn"; LibreTranslate (and ISO 639-1) says "zh". */
export function providerLanguage(code: string) {
  const lower = code.trim().toLowerCase();
  return lower === "cn" ? "zh" : lower;
}

type TranslatorConfig = { TRANSLATE_URL?: string; TRANSLATE_API_KEY?: string };

/**
 * A LibreTranslate-compatible provider when TRANSLATE_URL is set
 * (`POST {url}/translate` with `{q, source, target, format, api_key?}` → `{translatedText}`),
 * otherwise one that reports itself unconfigured.
 */
export function createTranslator(config: TranslatorConfig, fetchImpl: typeof fetch = fetch): Translator {
  const baseUrl = config.TRANSLATE_URL?.trim().replace(/\/+$/, "");
  if (!baseUrl) {
    return {
      configured: false,
      async translate() {
        throw new ApiError(ApiCode.unavailable, "errors.translateNotConfigured");
      },
    };
  }

  const endpoint = `${baseUrl}/translate`;
  const apiKey = config.TRANSLATE_API_KEY?.trim() || undefined;
  const failed = () => new ApiError(ApiCode.unavailable, "errors.translateFailed");

  return {
    configured: true,
    async translate({ content, from, to }: TranslateRequest) {
      const body: Record<string, string> = {
        q: content,
        source: providerLanguage(from),
        target: providerLanguage(to),
        format: "text",
      };
      if (apiKey) body.api_key = apiKey;

      let response: Response;
      try {
        response = await fetchImpl(endpoint, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(TRANSLATE_TIMEOUT_MS),
        });
      } catch {
        throw failed();
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw failed();
      }
      let payload: unknown;
      try {
        payload = await response.json();
      } catch {
        throw failed();
      }
      const translated = (payload as { translatedText?: unknown } | null)?.translatedText;
      if (typeof translated !== "string") throw failed();
      return translated;
    },
  };
}
