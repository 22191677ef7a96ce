import * as z from "zod";
import "../common/zod-messages";
import { blank, idValue, listPaging, optionalList, requiredText, withProp } from "../common/validation";
import { INVITATION_FILTERS, INVITATION_MAX_CHOSEN } from "./values";
import "./texts";

/** The invitation list (issue 39): a filter (all when absent or unknown) and the page. */
export const invitationListSchema = z.object({
  filter: z.preprocess((v) => ((INVITATION_FILTERS as readonly unknown[]).includes(v) ? v : "all"), z.enum(INVITATION_FILTERS)),
  ...listPaging,
});

/** One send: the ticked accounts (`userId` repeated, as checkboxes post them), or `all` the accounts not activated yet. */
export const invitationSendSchema = z.object({
  userId: optionalList("accounts.invite.choose", idValue("accounts.invite.choose"), INVITATION_MAX_CHOSEN),
  all: z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on", z.boolean()),
});

/** The batches' progress: the newest few, or the one `id` names. */
export const invitationBatchSchema = z.object({
  id: z.preprocess(blank, idValue("accounts.invite.batch.id").optional()),
});

/** The largest quota the organizer can set for one account, MB (10 TB). */
const UPLOAD_QUOTA_MAX_MB = 10_000_000;

/** The organizer's storage quota for one account (issue 50): its user name, and MB (empty: back to the default). */
export const storageQuotaSchema = z.object({
  username: requiredText("accounts.quota.username", 64),
  quotaMb: z.preprocess(
    blank,
    z.coerce
      .number({ message: withProp("validation.correct", "accounts.quota.quotaMb") })
      .int(withProp("validation.correct", "accounts.quota.quotaMb"))
      .min(1, withProp("validation.correct", "accounts.quota.quotaMb"))
      .max(UPLOAD_QUOTA_MAX_MB, withProp("validation.correct", "accounts.quota.quotaMb"))
      .optional(),
  ),
});
