/**
 * Button permissions (docs/product.md § Button permissions). Pure: usable in the browser and on the server.
 */
import type { ButtonAuth } from "./api-types";
import type { Language } from "~/contracts/i18n/config";
import { ORGANIZER_ROLE_ID } from "./roles";

/**
 * The grants a page's permissioned buttons are judged by in the browser (use-button.ts): sent in the
 * loader data of the pages that have such buttons (`buttonGrants`), only for their menus, not with every page's frame.
 */
export type ButtonGrants = { roleId: number; now: number; auths: ButtonAuth[] };

export type ButtonState = { visible: boolean; closedMessage: string | null };

export type ButtonStateOptions = {
  roleId: number;
  /** The current menu id; a button counts only when granted under it (auth.pid). */
  menuId: number;
  /** The button's url, e.g. "schedule:export". */
  url: string;
  /** Current time in ms (use the server's sysCurrentTime where possible). */
  now: number;
  language: Language;
};

/** Parses a window bound; null or unparsable means 'no bound'. */
function bound(value: string | null): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

function closedMessageFor(auth: ButtonAuth, language: Language): string | null {
  const message = language === "en" ? auth.closedMessageEn || auth.closedMessage : auth.closedMessage;
  return message || null;
}

/**
 * Whether to show a button, and the message to show in its place once its window closed.
 * - roleId 1: always visible.
 * - Others: only when a button with this url is granted under this menu id and `now` is inside
 *   [start, end] (inclusive; start only: from then on; end only: until then; neither: always).
 * - Before the start: hidden, no message. After the end: hidden, with the configured closed message
 *   (English falling back to Chinese) or null.
 */
export function buttonState(auths: ButtonAuth[], opts: ButtonStateOptions): ButtonState {
  if (opts.roleId === ORGANIZER_ROLE_ID) return { visible: true, closedMessage: null };
  let closedMessage: string | null = null;
  for (const auth of auths) {
    if (auth.url !== opts.url || auth.pid !== opts.menuId) continue;
    const start = bound(auth.buttonEffectStartTime);
    const end = bound(auth.buttonEffectEndTime);
    if (start !== null && opts.now < start) continue;
    if (end !== null && opts.now > end) {
      closedMessage ??= closedMessageFor(auth, opts.language);
      continue;
    }
    return { visible: true, closedMessage: null };
  }
  return { visible: false, closedMessage };
}

/** Shorthand: is the button visible? */
export function hasButton(auths: ButtonAuth[], opts: ButtonStateOptions): boolean {
  return buttonState(auths, opts).visible;
}
