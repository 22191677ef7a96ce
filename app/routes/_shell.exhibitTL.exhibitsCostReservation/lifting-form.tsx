import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import type { LiftingList } from "~/contracts/transport/api-types";
import type { liftingSchema } from "~/contracts/transport/schema";
import { LIFTING_KINDS, LIFTING_SLOTS } from "~/contracts/transport/values";
import { useErrorText, usePortalForm, type FormConstraint } from "~/lib/forms";
import "~/contracts/transport/texts";

export const LIFTING_FIELDS = ["boothId", "carrierId", "kind", "weight", "length", "width", "height", "pieces", "workDay", "slot"] as const;

/** A hoisting or forklift booking: weight per piece in t, sizes in m, a build-up or dismantling day and slot. */
export function LiftingForm({
  list,
  held,
  constraint,
  lastResult,
  pending,
}: {
  list: LiftingList;
  held: Record<string, unknown> | null;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
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
  const select = (name: "boothId" | "carrierId" | "kind" | "slot", data: { value: string; label: string }[]) => (
    <NativeSelect
      {...getSelectProps(fields[name])}
      key={fields[name].key}
      label={t(`transport.fields.${name === "boothId" ? "booth" : name === "carrierId" ? "carrier" : name === "kind" ? "liftingKind" : "slot"}`)}
      data={data}
      withAsterisk
      error={errorText(fields[name].errors)}
    />
  );
  const measure = (name: "weight" | "length" | "width" | "height" | "pieces", label: string, mode: "decimal" | "numeric") => (
    <TextInput
      {...getInputProps(fields[name], { type: "text" })}
      key={fields[name].key}
      label={t(label)}
      inputMode={mode}
      maxLength={12}
      withAsterisk
      error={errorText(fields[name].errors)}
    />
  );
  return (
    <Form method="post" {...getFormProps(form)} data-testid="lifting-form" preventScrollReset>
      <input type="hidden" name="intent" value="save" />
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("transport.lifting.formTitle")}
        </Title>
        <FormError errors={form.errors} id={form.errorId} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {select(
            "boothId",
            list.booths.map((b) => ({ value: String(b.boothId), label: b.boothNo })),
          )}
          {select(
            "carrierId",
            list.carriers.map((c) => ({ value: String(c.id), label: c.name })),
          )}
          {select(
            "kind",
            LIFTING_KINDS.map((k) => ({ value: k, label: t(`transport.liftingKinds.${k}`) })),
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          {measure("weight", "transport.fields.weightT", "decimal")}
          {measure("length", "transport.fields.lengthM", "decimal")}
          {measure("width", "transport.fields.widthM", "decimal")}
          {measure("height", "transport.fields.heightM", "decimal")}
          {measure("pieces", "transport.fields.pieces", "numeric")}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...getInputProps(fields.workDay, { type: "date" })}
            key={fields.workDay.key}
            label={t("transport.fields.workDay")}
            description={t("transport.lifting.daysHint", {
              buildUp: `${list.days.buildUpFrom} – ${list.days.buildUpTo}`,
              dismantle: `${list.days.dismantleFrom} – ${list.days.dismantleTo}`,
            })}
            withAsterisk
            error={errorText(fields.workDay.errors)}
          />
          {select(
            "slot",
            LIFTING_SLOTS.map((slot) => ({ value: slot, label: slot })),
          )}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={pending}>
            {t("transport.lifting.add")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
