import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Button, Group, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import type { truckDecisionSchema } from "~/contracts/vehicles/schema";
import type { TruckReviewItem } from "~/contracts/vehicles/trucks/types";
import { useErrorText, usePortalForm, type FormConstraint } from "~/lib/forms";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/trucks/texts";

export const DECISION_FIELDS = ["id", "version", "decision", "gate", "reason"] as const;

/** The refusal of one row's decision: which row and which of its two forms it belongs to. */
export type DecisionReply = { id: string; decision: string; result: SubmissionResult<string[]> };

/** One decision on one waiting truck: approve with the gate it enters by, or return with a reason. */
function DecisionForm({
  truck,
  decision,
  constraint,
  reply,
  pending,
}: {
  truck: TruckReviewItem;
  decision: "approve" | "return";
  constraint: FormConstraint;
  reply: DecisionReply | null;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const mine = reply && reply.id === String(truck.id) && reply.decision === decision;
  const [form, fields] = usePortalForm<typeof truckDecisionSchema>({
    id: `truck-${decision}-${truck.id}`,
    constraint,
    lastResult: mine ? reply.result : undefined,
    defaultValue: { id: String(truck.id), version: String(truck.version), decision },
  });
  const field = decision === "approve" ? fields.gate : fields.reason;
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset data-testid={`truck-${decision}-${truck.id}`}>
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="id" value={truck.id} />
      <input type="hidden" name="version" value={truck.version} />
      <input type="hidden" name="decision" value={decision} />
      <FormError errors={form.errors} id={form.errorId} />
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          {...getInputProps(field, { type: "text" })}
          key={field.key}
          aria-label={t(decision === "approve" ? "vehicles.fields.gate" : "vehicles.fields.reason")}
          placeholder={t(decision === "approve" ? "vehicles.fields.gate" : "vehicles.fields.reason")}
          maxLength={decision === "approve" ? 20 : 300}
          size="xs"
          w={decision === "approve" ? 110 : 180}
          error={errorText(field.errors)}
        />
        <Button type="submit" size="xs" color={decision === "approve" ? "green.8" : "orange.9"} loading={pending}>
          {t(decision === "approve" ? "vehicles.trucks.review.approve" : "vehicles.trucks.review.return")}
        </Button>
      </Group>
    </Form>
  );
}

export function DecisionForms(props: { truck: TruckReviewItem; constraint: FormConstraint; reply: DecisionReply | null; pending: boolean }) {
  return (
    <Group gap="xs" align="flex-start">
      <DecisionForm {...props} decision="approve" />
      <DecisionForm {...props} decision="return" />
    </Group>
  );
}
