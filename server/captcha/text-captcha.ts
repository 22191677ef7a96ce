import { create } from "svg-captcha";
import type { Database } from "../db/database";
import { attemptCaptcha, storeCaptcha, svgDataUri, type CaptchaVerdict } from "./click-captcha";

/** Classic "type the characters" captcha, the accessible alternative to the click captcha. */

export type TextCaptcha = {
  captchaId: string;
  /** "data:image/svg+xml;base64,…" */
  image: string;
  width: number;
  height: number;
};

const TEXT_WIDTH = 150;
const TEXT_HEIGHT = 50;

export async function createTextCaptcha(db: Database, ip: string | null): Promise<TextCaptcha> {
  const { data, text } = create({
    size: 4,
    noise: 2,
    ignoreChars: "0o1ilI",
    width: TEXT_WIDTH,
    height: TEXT_HEIGHT,
  });
  const captchaId = await storeCaptcha(db, "text", { text: text.toLowerCase() }, ip);
  return { captchaId, image: svgDataUri(data), width: TEXT_WIDTH, height: TEXT_HEIGHT };
}

/** Case-insensitive; surrounding whitespace is ignored. */
export async function verifyTextCaptcha(db: Database, captchaId: string, text: string): Promise<CaptchaVerdict> {
  const given = typeof text === "string" ? text.trim().toLowerCase() : "";
  return attemptCaptcha(db, "text", captchaId, (answer) => {
    const expected = (answer as { text?: unknown } | null)?.text;
    return typeof expected === "string" && given.length > 0 && given === expected;
  });
}
