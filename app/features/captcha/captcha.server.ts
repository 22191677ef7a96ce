import type { ApiClient } from "../../lib/api.server";
import { captchaEndpoints } from "../../contracts/captcha/endpoints.server";
import type { Captcha } from "../../contracts/permission/api-types";

export type CaptchaKind = "click" | "text";

export function captchaKindFrom(url: URL): CaptchaKind {
  return url.searchParams.get("captcha") === "text" ? "text" : "click";
}

/** A fresh captcha from the API; null when the API cannot give one (the form still renders). */
export async function fetchCaptcha(api: ApiClient, kind: CaptchaKind): Promise<(Captcha & { kind: CaptchaKind }) | null> {
  const result = await api.call(kind === "text" ? captchaEndpoints.text : captchaEndpoints.click);
  return result.ok ? { ...result.data, kind } : null;
}

/**
 * Click coordinates: `captcha.x/.y` from a plain `<input type="image">` submit (JS off),
 * or `captchaX/captchaY` filled in by the enhanced form.
 */
export function clickFromForm(formData: FormData): { x: number; y: number } | null {
  const rawX = formData.get("captcha.x") ?? formData.get("captchaX");
  const rawY = formData.get("captcha.y") ?? formData.get("captchaY");
  if (typeof rawX !== "string" || typeof rawY !== "string" || rawX === "" || rawY === "") return null;
  const x = Number(rawX);
  const y = Number(rawY);
  return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
}
