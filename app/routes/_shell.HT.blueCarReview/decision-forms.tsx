import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import type { blueCarDecisionSchema } from "~/contracts/vehicles/blue-cars/schema";
import type { BlueCarReviewItem } from "~/contracts/vehicles/blue-cars/types";
import { BLUE_CAR_LIMITS } from "~/contracts/vehicles/blue-cars/values";
import { useTranslation } from "~/i18n/texts";
import { useErrorText, usePortalForm, type FormConstraint } from "~/lib/forms";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/blue-cars/texts";

export const DECISION_FIELDS = ["id", "version", "decision", "passNo", "validFrom", "validTo", "comment"] as const;

/** The refusal of one row's decision: which row and which of its two forms it belongs to. */
export type DecisionReply = { id: string; decision: string; result: SubmissionResult<string[]> };

type Props = { car: BlueCarReviewItem; constraint: FormConstraint; reply: DecisionReply | null; pending: boolean; days: { from: string; to: string } };

/** One decision on one waiting car: approve with the pass number and validity, or return with a comment. */
function DecisionForm({ car, decision, constraint, reply, pending, days }: Props & { decision: "approve" | "return" }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const mine = reply && reply.id === String(car.id) && reply.decision === decision;
  const [form, fields] = usePortalForm<typeof blueCarDecisionSchema>({
    id: `blue-car-${decision}-${car.id}`,
    constraint,
    lastResult: mine ? reply.result : undefined,
    // The validity offered: the days the exhibitor asked for.
    defaultValue: { id: String(car.id), version: String(car.version), decision, validFrom: car.neededFrom, validTo: car.neededTo },
  });
  const label = (name: string) => t(`vehicles.blueCars.fields.${name}`);
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset data-testid={`blue-car-${decision}-${car.id}`}>
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="id" value={car.id} />
      <input type="hidden" name="version" value={car.version} />
      <input type="hidden" name="decision" value={decision} />
      <FormError errors={form.errors} id={form.errorId} />
      <Stack gap={4}>
        {decision === "approve" ? (
          <Group gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              {...getInputProps(fields.passNo, { type: "text" })}
              key={fields.passNo.key}
              aria-label={label("passNo")}
              placeholder={label("passNo")}
              maxLength={BLUE_CAR_LIMITS.passNo}
              size="xs"
              w={120}
              error={errorText(fields.passNo.errors)}
            />
            {(["validFrom", "validTo"] as const).map((name) => (
              <TextInput
                {...getInputProps(fields[name], { type: "date" })}
                key={`${name}-${fields[name].key ?? ""}`}
                aria-label={label(name)}
                min={days.from}
                max={days.to}
                size="xs"
                w={140}
                error={errorText(fields[name].errors)}
              />
            ))}
          </Group>
        ) : (
          <TextInput
            {...getInputProps(fields.comment, { type: "text" })}
            key={fields.comment.key}
            aria-label={label("comment")}
            placeholder={label("comment")}
            maxLength={BLUE_CAR_LIMITS.comment}
            size="xs"
            w={260}
            error={errorText(fields.comment.errors)}
          />
        )}
        <Group>
          <Button type="submit" size="xs" color={decision === "approve" ? "green.8" : "orange.9"} loading={pending}>
            {t(decision === "approve" ? "vehicles.blueCars.review.approve" : "vehicles.blueCars.review.return")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

export function DecisionForms(props: Props) {
  return (
    <Stack gap="xs">
      <DecisionForm {...props} decision="approve" />
      <DecisionForm {...props} decision="return" />
    </Stack>
  );
}
