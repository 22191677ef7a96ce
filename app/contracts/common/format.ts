/**
 * Display formatting (docs/product.md § Button permissions / Display constants). Pure: usable in the browser and on the server.
 */
import type { Language } from "~/contracts/i18n/config";
import { ORGANIZER_ROLE_ID } from "../permission/roles";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Texts of relativeTime (not in the locale files). */
const FORMAT_TEXTS = {
  zh: { justNow: "刚刚", minute: "{n}分钟前", minutes: "{n}分钟前", hour: "{n}小时前", hours: "{n}小时前", oneDay: "1天前" },
  en: { justNow: "just now", minute: "{n} minute ago", minutes: "{n} minutes ago", hour: "{n} hour ago", hours: "{n} hours ago", oneDay: "1 day ago" },
} as const satisfies Record<Language, Record<string, string>>;

const pad = (n: number) => String(n).padStart(2, "0");

/** YYYY-MM-DD in the runtime's local time zone. */
export function formatDate(time: number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * docs/product.md § Display constants: under 30 s 'just now'; under 1 hour 'N minutes ago'; under 1 day 'N hours ago';
 * under 2 days '1 day ago'; otherwise the date YYYY-MM-DD (local time zone).
 * Times in ms. A time in the future counts as 'just now'. English uses the singular for 1
 * ('1 minute ago', '1 hour ago'); 30–59 s reads '1 minute ago'.
 */
export function relativeTime(from: number, now: number, language: Language): string {
  const texts = FORMAT_TEXTS[language];
  const diff = now - from;
  if (diff < 30 * SECOND) return texts.justNow;
  if (diff < HOUR) {
    const n = Math.max(1, Math.floor(diff / MINUTE));
    return (n === 1 ? texts.minute : texts.minutes).replace("{n}", String(n));
  }
  if (diff < DAY) {
    const n = Math.floor(diff / HOUR);
    return (n === 1 ? texts.hour : texts.hours).replace("{n}", String(n));
  }
  if (diff < 2 * DAY) return texts.oneDay;
  return formatDate(from);
}

/**
 * Money is stored in cents (docs/product.md § Money and prices): "1,234.50" – yuan with thousands separators and
 * 2 decimals. Negative amounts get a leading "-"; non-finite input gives "".
 */
export function formatMoney(cents: number): string {
  if (!Number.isFinite(cents)) return "";
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const yuan = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${rounded < 0 ? "-" : ""}${yuan}.${pad(abs % 100)}`;
}

/** CNY amount from cents: "¥1,234.50" ("-¥1,234.50" when negative). */
export function formatCny(cents: number): string {
  const money = formatMoney(cents);
  if (!money) return "";
  return money.startsWith("-") ? `-¥${money.slice(1)}` : `¥${money}`;
}

const USERNAME_MAX_LENGTH = 17;
const USERNAME_TRUNCATED_LENGTH = 14;

/** docs/product.md § Display constants: longer than 17 characters → the first 14 + "...". Counts code points. */
export function truncateUsername(name: string): string {
  const chars = Array.from(name ?? "");
  return chars.length > USERNAME_MAX_LENGTH ? `${chars.slice(0, USERNAME_TRUNCATED_LENGTH).join("")}...` : chars.join("");
}

/**
 * docs/product.md § Button permissions: the first 4 and the last character kept, each character in between replaced
 * by '*': 13812345678 → 1381******8. Values of 5 characters or fewer are returned unchanged.
 */
export function maskPhone(phone: string | null | undefined): string {
  const value = (phone ?? "").trim();
  if (value.length <= 5) return value;
  return `${value.slice(0, 4)}${"*".repeat(value.length - 5)}${value.slice(-1)}`;
}

/**
 * docs/product.md § Masked personal data, e-mail partly masked: the domain is kept; of the local part only the first
 * character is kept (the first 2 when the local part is longer than 4), each other character
 * becomes '*': zhangsan@example.com → zh******@example.com, anna@x.cn → a***@x.cn.
 * A one-character local part is fully masked (a@x.cn → *@x.cn). Without '@' the whole value
 * is treated as the local part.
 */
export function maskEmail(email: string | null | undefined): string {
  const value = (email ?? "").trim();
  if (!value) return "";
  const at = value.lastIndexOf("@");
  const local = at >= 0 ? value.slice(0, at) : value;
  const domain = at >= 0 ? value.slice(at) : "";
  const chars = Array.from(local);
  const keep = chars.length > 4 ? 2 : chars.length > 1 ? 1 : 0;
  return `${chars.slice(0, keep).join("")}${"*".repeat(chars.length - keep)}${domain}`;
}

/** roleId 1 sees phone numbers unmasked; everyone else masked. */
export function phoneForRole(phone: string | null | undefined, roleId: number): string {
  return roleId === ORGANIZER_ROLE_ID ? (phone ?? "") : maskPhone(phone);
}

/** roleId 1 sees e-mail addresses unmasked; everyone else partly masked. */
export function emailForRole(email: string | null | undefined, roleId: number): string {
  return roleId === ORGANIZER_ROLE_ID ? (email ?? "") : maskEmail(email);
}
