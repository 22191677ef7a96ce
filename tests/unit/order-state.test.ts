import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../app/contracts/orders/schema";
import { allowedActions, canApply, nextStatus, ORDER_ACTIONS, OrderStateError, refusalKey, type OrderAction } from "../../server/orders/order-state";
import en from "../../app/contracts/orders/texts.en";

/** Every (status, action) pair: what the transition table allows, where it leads, and why it refuses. */
const expected: Record<(typeof ORDER_STATUSES)[number], Partial<Record<OrderAction, string>>> = {
  submitted: { updateContractor: "submitted", regenerateContract: "submitted", delete: "submitted", uploadContract: "contract_uploaded" },
  contract_uploaded: { claimPayment: "payment_claimed" },
  payment_claimed: { complete: "completed" },
  completed: {},
};

describe("order status transitions", () => {
  for (const status of ORDER_STATUSES) {
    for (const action of ORDER_ACTIONS) {
      const to = expected[status][action];
      if (to) {
        it(`${status} --${action}--> ${to}`, () => {
          expect(canApply(status, action)).toBe(true);
          expect(nextStatus(status, action)).toBe(to);
        });
      } else {
        it(`${status} refuses ${action}`, () => {
          expect(canApply(status, action)).toBe(false);
          expect(() => nextStatus(status, action)).toThrow(OrderStateError);
          const key = refusalKey(action, status);
          expect(key).toMatch(/^orders\.errors\./);
          expect(en.errors[key.split(".")[2] as keyof typeof en.errors]).toBeTruthy();
        });
      }
    }
  }

  it("walks the four steps in order and nowhere else", () => {
    let status = nextStatus("submitted", "uploadContract");
    status = nextStatus(status, "claimPayment");
    status = nextStatus(status, "complete");
    expect(status).toBe("completed");
    expect(allowedActions("completed")).toEqual([]);
  });

  it("locks contractor details, regeneration and deletion once the contract is uploaded", () => {
    expect(allowedActions("submitted")).toEqual(["updateContractor", "regenerateContract", "delete", "uploadContract"]);
    for (const status of ["contract_uploaded", "payment_claimed", "completed"] as const) {
      for (const action of ["updateContractor", "regenerateContract", "delete", "uploadContract"] as const) expect(canApply(status, action)).toBe(false);
    }
  });

  it("explains each refusal by what is missing or locked", () => {
    expect(refusalKey("claimPayment", "submitted")).toBe("orders.errors.contractNotUploaded");
    expect(refusalKey("complete", "submitted")).toBe("orders.errors.paymentNotClaimed");
    expect(refusalKey("complete", "contract_uploaded")).toBe("orders.errors.paymentNotClaimed");
    expect(refusalKey("updateContractor", "contract_uploaded")).toBe("orders.errors.lockedAfterContract");
    expect(refusalKey("claimPayment", "payment_claimed")).toBe("orders.errors.paymentAlreadyClaimed");
    expect(refusalKey("complete", "completed")).toBe("orders.errors.completed");
  });
});
