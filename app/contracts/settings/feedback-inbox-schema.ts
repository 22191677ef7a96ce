import * as z from "zod";
import "../common/zod-messages";
import { blank, idValue, listPaging, withProp } from "../common/validation";
import { FEEDBACK_TYPES } from "./feedback-values";
import { FEEDBACK_STATES } from "./feedback-inbox-values";
import "./texts";

/** The organizer's feedback inbox (issue 51): its list query, the handled switch and the image's id. */
export * from "./feedback-inbox-values";

const typeFilter = z.preprocess(
  blank,
  z.coerce
    .number({ message: withProp("validation.correct", "settings.inbox.type") })
    .int(withProp("validation.correct", "settings.inbox.type"))
    .min(1, withProp("validation.correct", "settings.inbox.type"))
    .max(FEEDBACK_TYPES.length, withProp("validation.correct", "settings.inbox.type"))
    .optional(),
);

export const feedbackInboxQuerySchema = z.object({
  ...listPaging,
  type: typeFilter,
  state: z.preprocess(blank, z.enum(FEEDBACK_STATES, { message: withProp("validation.correct", "settings.inbox.state") }).default("open")),
});

export const feedbackIdSchema = z.object({ id: idValue("settings.inbox.feedback") });

/** Marks one feedback handled ("1") or waiting again ("0"). */
export const feedbackHandledSchema = z.object({
  id: idValue("settings.inbox.feedback"),
  handled: z.enum(["0", "1"], { message: withProp("validation.correct", "settings.inbox.state") }),
});
