import { endpoint } from "../api/endpoint";
import { deliveryLogQuerySchema, type DeliveryLogPage, type MessageResent, messageIdSchema } from "./schema";

/** The organizer's delivery log (roleId 1, issue 52). */
export const deliveryLogEndpoints = {
  /** The exhibition's messages, newest first, by channel, state and kind. */
  list: endpoint.get("/smeb/messages/list", deliveryLogQuerySchema).answers<DeliveryLogPage>(),
  /** Sends a failed message again, as a new row of the log. */
  resend: endpoint.post("/smeb/messages/resend", messageIdSchema).answers<MessageResent>(),
};
