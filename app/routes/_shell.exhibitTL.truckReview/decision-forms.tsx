import { getInputProps } from "@conform-to/react";
import { TextInput } from "@mantine/core";
import { TRUCK_PAGES } from "~/contracts/vehicles/kinds";
import type { TruckReviewItem } from "~/contracts/vehicles/trucks/types";
import { type DecisionField, type DecisionReply, type DecisionSide, RowDecisionForms } from "~/features/vehicles/row-decision-forms";
import { useTranslation } from "~/i18n/texts";
import type { FormConstraint } from "~/lib/forms";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/trucks/texts";

export const DECISION_FIELDS = ["id", "version", "decision", "gate", "reason"] as const;

/** A truck's decision asks one line: the gate it enters by, or the reason it is returned. */
function oneLine(name: "gate" | "reason", maxLength: number, width: number): DecisionSide {
  return {
    fields: (fields, errorText) => (
      <OneLine key={fields[name]!.key} field={fields[name]!} name={name} maxLength={maxLength} width={width} error={errorText(fields[name]!.errors)} />
    ),
  };
}

function OneLine({
  field,
  name,
  maxLength,
  width,
  error,
}: {
  field: DecisionField;
  name: string;
  maxLength: number;
  width: number;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...getInputProps(field, { type: "text" })}
      aria-label={t(`vehicles.fields.${name}`)}
      placeholder={t(`vehicles.fields.${name}`)}
      maxLength={maxLength}
      size="xs"
      w={width}
      error={error}
    />
  );
}

/** One waiting truck: approve with the gate it enters by, or return with a reason. */
export function DecisionForms({ truck, ...props }: { truck: TruckReviewItem; constraint: FormConstraint; reply: DecisionReply | null; pending: boolean }) {
  return (
    <RowDecisionForms {...props} kind={TRUCK_PAGES} record={truck} stacked={false} approve={oneLine("gate", 20, 110)} return={oneLine("reason", 300, 180)} />
  );
}
