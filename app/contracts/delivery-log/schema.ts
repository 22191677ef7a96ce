import * as z from "zod";
import "../common/zod-messages";
import { blank, idValue, listPaging, withProp } from "../common/validation";
import { MESSAGE_CHANNELS, MESSAGE_KIND, MESSAGE_STATES } from "./values";
import "./texts";

export * from "./values";

/** The log's query: a page, and optionally one channel, state and kind. */
export const deliveryLogQuerySchema = z.object({
  ...listPaging,
  channel: z.preprocess(blank, z.enum(MESSAGE_CHANNELS, { message: withProp("validation.correct", "deliveryLog.channel") }).optional()),
  state: z.preprocess(blank, z.enum(MESSAGE_STATES, { message: withProp("validation.correct", "deliveryLog.state") }).optional()),
  kind: z.preprocess(blank, z.string().regex(MESSAGE_KIND, withProp("validation.correct", "deliveryLog.kind")).optional()),
});

/** Resends one failed message. */
export const messageIdSchema = z.object({ id: idValue("deliveryLog.message") });
