import * as z from "zod";
import "../common/zod-messages";
import { blank, idValue, listPaging, optionalList } from "../common/validation";
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
