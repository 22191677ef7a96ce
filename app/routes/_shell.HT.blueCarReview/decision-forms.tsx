import { getInputProps } from "@conform-to/react";
import { Group, TextInput } from "@mantine/core";
import { BLUE_CAR_PAGES } from "~/contracts/vehicles/kinds";
import type { BlueCarReviewItem } from "~/contracts/vehicles/blue-cars/types";
import { BLUE_CAR_LIMITS } from "~/contracts/vehicles/blue-cars/values";
import { type DecisionReply, RowDecisionForms } from "~/features/vehicles/row-decision-forms";
import { useTranslation } from "~/i18n/texts";
import type { FormConstraint } from "~/lib/forms";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/blue-cars/texts";
import { FormTextInput } from "~/components/form-fields";

export const DECISION_FIELDS = ["id", "version", "decision", "passNo", "validFrom", "validTo", "comment"] as const;

type Props = { car: BlueCarReviewItem; constraint: FormConstraint; reply: DecisionReply | null; pending: boolean; days: { from: string; to: string } };

/** One waiting car: approve with the pass number and validity, or return with a comment. */
export function DecisionForms({ car, days, ...props }: Props) {
  const { t } = useTranslation();
  const label = (name: string) => t(`vehicles.blueCars.fields.${name}`);
  // A small input named by its placeholder (the row has no room for labels).
  const small = (field: Parameters<typeof FormTextInput>[0]["field"], name: "passNo" | "comment", w: number) => (
    <FormTextInput field={field} aria-label={label(name)} placeholder={label(name)} maxLength={BLUE_CAR_LIMITS[name]} size="xs" w={w} />
  );
  return (
    <RowDecisionForms
      {...props}
      kind={BLUE_CAR_PAGES}
      record={car}
      stacked
      approve={{
        // The validity offered: the days the exhibitor asked for.
        defaultValue: { validFrom: car.neededFrom, validTo: car.neededTo },
        fields: (fields, errorText) => (
          <Group gap="xs" align="flex-start" wrap="wrap">
            {small(fields.passNo!, "passNo", 120)}
            {(["validFrom", "validTo"] as const).map((name) => (
              <TextInput
                {...getInputProps(fields[name]!, { type: "date" })}
                key={`${name}-${fields[name]!.key ?? ""}`}
                aria-label={label(name)}
                min={days.from}
                max={days.to}
                size="xs"
                w={140}
                error={errorText(fields[name]!.errors)}
              />
            ))}
          </Group>
        ),
      }}
      return={{
        fields: (fields) => small(fields.comment!, "comment", 260),
      }}
    />
  );
}
