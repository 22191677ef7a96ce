import type { HistoryKind } from "../../app/contracts/team/schema";

/**
 * The kind of change an API path makes, for the history (docs/decisions/069), by its words: the
 * first rule that matches wins. Named actions (sign-in, reminders) set their kind themselves.
 */
const KIND_RULES: readonly (readonly [RegExp, HistoryKind])[] = [
  [/^\/smeb\/(team|staff)\/(invite|resend)$/, "invite"],
  [/^\/smeb\/(team|staff)\//, "grant"],
  [/\/modifyPasswd$/, "update"],
  [/^\/smeb\/calendar\//, "calendar"],
  [/\/(decide|review)$|\/review\/|\/handle$|\/(enable|hide)$/, "review"],
  [/\/import\/|\/import$|\/upload$/, "import"],
  [/\/invitations\/send|\/resend|\/sendEmail|\/resendCode/, "invite"],
  [/\/reminders\/sendNow/, "remind"],
  [/\/settings|\/exhibition\/|\/storage-quota|\/content\/save|\/guides\//, "settings"],
  [/\/(submit|commit|claimPayment)$/, "submit"],
  [/\/(cancel|withdraw)$/, "withdraw"],
  [/\/(delete|batchDelete|remove|revoke)$/, "delete"],
  [/\/(update|updateFlags|updateContractor|updateExhibitorContact|saveDraft|step|paid|complete|confirm|switchBooth|skin|urgent|renew|extension)$/, "update"],
  [/\/(save|saveAll|add|create|book|request|entrust|generate|addInfo)$/, "create"],
];

export function kindOfPath(path: string): HistoryKind {
  for (const [pattern, kind] of KIND_RULES) if (pattern.test(path)) return kind;
  return "other";
}

/** Fields never written into the history: secrets and what stands in for them. */
const SECRET_FIELD = /pass(word|wd)?|code|captcha|token|ticket|signature|secret/i;

/** The fields a request sent, as the history's changes when the route says nothing more (new values only). */
export function sentFields(input: unknown): { field: string; value: unknown }[] {
  if (!input || typeof input !== "object" || Array.isArray(input)) return [];
  return Object.entries(input as Record<string, unknown>)
    .filter(([field, value]) => !SECRET_FIELD.test(field) && value !== undefined && value !== "")
    .slice(0, 60)
    .map(([field, value]) => ({ field, value }));
}

/** POSTs that change no record of the show (reads sent as POST, a skin, the booth a session works on, uploads before a record names them). */
const NOT_RECORDED = ["/address/", "/hall/", "/oss/", "/translate", "/wx/getMiniQrCode", "/smeb/user/", "/login/"];

export const isRecordedPath = (path: string) => !NOT_RECORDED.some((prefix) => path.startsWith(prefix));
