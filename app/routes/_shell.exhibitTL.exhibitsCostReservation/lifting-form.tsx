import { FormSelect, FormTextInput } from "~/components/form-fields";
import { SimpleGrid } from "@mantine/core";
import { SubmitRow } from "~/components/submit-row";
import { TitledForm } from "~/components/titled-form";
import { useTranslation } from "~/i18n/texts";
import type { LiftingList } from "~/contracts/transport/api-types";
import type { liftingSchema } from "~/contracts/transport/schema";
import { LIFTING_KINDS, LIFTING_SLOTS } from "~/contracts/transport/values";
import { usePortalForm, type PageFormProps } from "~/lib/forms";
import "~/contracts/transport/texts";

export const LIFTING_FIELDS = ["boothId", "carrierId", "kind", "weight", "length", "width", "height", "pieces", "workDay", "slot"] as const;

/** A hoisting or forklift booking: weight per piece in t, sizes in m, a build-up or dismantling day and slot. */
export function LiftingForm({ list, held, constraint, lastResult, pending }: PageFormProps & { list: LiftingList }) {
  const { t } = useTranslation();
  const [form, fields] = usePortalForm<typeof liftingSchema>({
    id: "lifting-add",
    constraint,
    lastResult,
    defaultValue: {
      boothId: String(list.booths[0]?.boothId ?? ""),
      carrierId: String(list.carriers[0]?.id ?? ""),
      kind: "forklift",
      pieces: "1",
      workDay: list.days.buildUpFrom,
      slot: LIFTING_SLOTS[0],
      ...held,
    },
  });
  const choices = {
    boothId: list.booths.map((b) => ({ value: String(b.boothId), label: b.boothNo })),
    carrierId: list.carriers.map((c) => ({ value: String(c.id), label: c.name })),
    kind: LIFTING_KINDS.map((k) => ({ value: k, label: t(`transport.liftingKinds.${k}`) })),
    slot: LIFTING_SLOTS.map((slot) => ({ value: slot, label: slot })),
  };
  const select = (name: keyof typeof choices) => (
    <FormSelect
      field={fields[name]}
      label={t(`transport.fields.${name === "boothId" ? "booth" : name === "carrierId" ? "carrier" : name === "kind" ? "liftingKind" : "slot"}`)}
      data={choices[name]}
      withAsterisk
    />
  );
  const measure = (name: "weight" | "length" | "width" | "height" | "pieces", label: string, mode: "decimal" | "numeric") => (
    <FormTextInput field={fields[name]} label={t(label)} inputMode={mode} maxLength={12} withAsterisk />
  );
  return (
    <TitledForm form={form} testId="lifting-form" hidden={{ intent: "save" }} title={t("transport.lifting.formTitle")} preventScrollReset>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {select("boothId")}
        {select("carrierId")}
        {select("kind")}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {measure("weight", "transport.fields.weightT", "decimal")}
        {measure("length", "transport.fields.lengthM", "decimal")}
        {measure("width", "transport.fields.widthM", "decimal")}
        {measure("height", "transport.fields.heightM", "decimal")}
        {measure("pieces", "transport.fields.pieces", "numeric")}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormTextInput
          field={fields.workDay}
          type="date"
          label={t("transport.fields.workDay")}
          description={t("transport.lifting.daysHint", {
            buildUp: `${list.days.buildUpFrom} – ${list.days.buildUpTo}`,
            dismantle: `${list.days.dismantleFrom} – ${list.days.dismantleTo}`,
          })}
          withAsterisk
        />
        {select("slot")}
      </SimpleGrid>
      <SubmitRow pending={pending} label={t("transport.lifting.add")} />
    </TitledForm>
  );
}
