import type { OrderView } from "../../app/contracts/transport/api-types";
import type { TransportService } from "../../app/contracts/transport/pricing";
import { ORDER_STEPS, type OrderStepName } from "../../app/contracts/transport/schema";
import { iso } from "../db/column-values";

/**
 * An order's steps (issue 17): confirmed → goods received → delivered to booth → returned (only when
 * a return shipment was asked for) → completed. The carrier moves it one step at a time.
 */
function stepsFor(services: readonly TransportService[]): OrderStepName[] {
  return ORDER_STEPS.filter((step) => step !== "returned" || services.includes("return"));
}

export function nextStepOf(step: OrderStepName, services: readonly TransportService[]): OrderStepName | null {
  const steps = stepsFor(services);
  return steps[steps.indexOf(step) + 1] ?? null;
}

export type OrderRowData = {
  id: number;
  order_no: string;
  step: OrderStepName;
  amount_cents: string | number;
  paid: boolean;
  paid_at: Date | string | null;
  version: number;
};

export function orderViewOf(row: OrderRowData, services: readonly TransportService[]): OrderView {
  return {
    id: row.id,
    orderNo: row.order_no,
    step: row.step,
    steps: stepsFor(services),
    nextStep: nextStepOf(row.step, services),
    amountCents: Number(row.amount_cents),
    paid: row.paid,
    paidAt: iso(row.paid_at),
    version: row.version,
  };
}
