import type { OrderStatus } from "../../app/contracts/orders/schema";
import { ORDER_ACTIONS, type OrderAction } from "../../app/contracts/orders/api-types";

/**
 * The service order's life (docs/product.md § Service orders, issue "Orders"): submitted → contract_uploaded →
 * payment_claimed → completed; an organizer returning the order's payment voucher puts it back
 * from payment_claimed to contract_uploaded, for a new voucher (decision 018). The lines never change after commit; until the contract is
 * uploaded the contractor details can be edited, the contract regenerated and the order deleted;
 * after that nothing of it changes but the next step.
 */

export { ORDER_ACTIONS, type OrderAction };

type Transition = { from: readonly OrderStatus[]; to: OrderStatus | "same" };

/**
 * A step only the payment voucher's review takes (server/invoices/vouchers.ts): never offered on
 * the order page, so it stays out of ORDER_ACTIONS.
 */
export type OrderStep = OrderAction | "returnPayment";

/** Every action, the statuses it is allowed in, and the status it leads to ("same": stays). */
const TRANSITIONS: Record<OrderStep, Transition> = {
  updateContractor: { from: ["submitted"], to: "same" },
  regenerateContract: { from: ["submitted"], to: "same" },
  delete: { from: ["submitted"], to: "same" },
  uploadContract: { from: ["submitted"], to: "contract_uploaded" },
  claimPayment: { from: ["contract_uploaded"], to: "payment_claimed" },
  complete: { from: ["payment_claimed"], to: "completed" },
  returnPayment: { from: ["payment_claimed"], to: "contract_uploaded" },
};

/** The i18n key that explains why `action` is refused in `status`. */
export function refusalKey(action: OrderStep, status: OrderStatus) {
  if (status === "completed") return "orders.errors.completed";
  if (action === "complete") return "orders.errors.paymentNotClaimed";
  if (action === "claimPayment") return status === "submitted" ? "orders.errors.contractNotUploaded" : "orders.errors.paymentAlreadyClaimed";
  return "orders.errors.lockedAfterContract";
}

export class OrderStateError extends Error {
  constructor(
    public readonly action: OrderStep,
    public readonly status: OrderStatus,
  ) {
    super(`${action} is not allowed while the order is ${status}`);
    this.name = "OrderStateError";
  }
  get messageKey() {
    return refusalKey(this.action, this.status);
  }
}

export function canApply(status: OrderStatus, action: OrderStep) {
  return TRANSITIONS[action].from.includes(status);
}

/** The status after `action`; throws OrderStateError when the table does not allow it. */
export function nextStatus(status: OrderStatus, action: OrderStep): OrderStatus {
  if (!canApply(status, action)) throw new OrderStateError(action, status);
  const to = TRANSITIONS[action].to;
  return to === "same" ? status : to;
}

/** What the order page may offer in a status. */
export function allowedActions(status: OrderStatus): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => canApply(status, action));
}
