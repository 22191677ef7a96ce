import { FormSelect, FormTextInput } from "~/components/form-fields";
import { Alert, SimpleGrid } from "@mantine/core";
import { SubmitRow } from "~/components/submit-row";
import { TitledForm } from "~/components/titled-form";
import { useTranslation } from "~/i18n/texts";
import type { ExpressList } from "~/contracts/vehicles/express/types";
import type { expressSchema } from "~/contracts/vehicles/schema";
import { usePortalForm, type PageFormProps } from "~/lib/forms";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/express/texts";

export const EXPRESS_FIELDS = [
  "boothId",
  "carrierId",
  "senderName",
  "senderPhone",
  "senderAddress",
  "recipientName",
  "recipientPhone",
  "itemName",
  "pieces",
  "grossWeight",
  "length",
  "width",
  "height",
  "expectedOn",
  "trackingNo",
] as const;
type TextField = Exclude<(typeof EXPRESS_FIELDS)[number], "boothId" | "carrierId" | "expectedOn">;

/**
 * A parcel to the booth: who sends it, who receives it at the booth (prefilled with the booth's
 * contact), what it is (pieces, gross weight in kg, sizes in cm) and when it should arrive.
 */
export function ExpressForm({ list, held, constraint, lastResult, pending }: PageFormProps & { list: ExpressList }) {
  const { t } = useTranslation();
  const [form, fields] = usePortalForm<typeof expressSchema>({
    id: "express-add",
    constraint,
    lastResult,
    defaultValue: {
      boothId: String(list.booths[0]?.boothId ?? ""),
      carrierId: String(list.carriers[0]?.id ?? ""),
      recipientName: list.recipient.name,
      recipientPhone: list.recipient.phone,
      pieces: "1",
      ...held,
    },
  });
  const boothNo = list.booths.find((b) => String(b.boothId) === String(fields.boothId.value ?? ""))?.boothNo ?? list.booths[0]?.boothNo ?? "";
  const choices = {
    boothId: list.booths.map((b) => ({ value: String(b.boothId), label: b.boothNo })),
    carrierId: list.carriers.map((c) => ({ value: String(c.id), label: c.name })),
  };
  const select = (name: keyof typeof choices) => (
    <FormSelect field={fields[name]} label={t(`vehicles.fields.${name === "boothId" ? "booth" : "carrier"}`)} data={choices[name]} withAsterisk />
  );
  const text = (name: TextField, options: { mode?: "decimal" | "numeric" | "tel"; max?: number; optional?: boolean } = {}) => (
    <FormTextInput
      field={fields[name]}
      label={t(`vehicles.fields.${name}`)}
      description={options.optional ? t("vehicles.express.optional") : undefined}
      inputMode={options.mode}
      maxLength={options.max}
      withAsterisk={!options.optional}
    />
  );
  return (
    <TitledForm form={form} testId="express-form" hidden={{ intent: "save" }} title={t("vehicles.express.formTitle")} preventScrollReset>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {select("boothId")}
        {select("carrierId")}
      </SimpleGrid>
      {boothNo ? (
        <Alert color="blue" variant="light" data-testid="express-booth-note">
          {t("vehicles.express.goesToBooth", { boothNo })}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {text("senderName", { max: 50 })}
        {text("senderPhone", { mode: "tel", max: 20 })}
        {text("senderAddress", { max: 200 })}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text("recipientName", { max: 30 })}
        {text("recipientPhone", { mode: "tel", max: 11 })}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text("itemName", { max: 100 })}
        {text("trackingNo", { max: 40, optional: true })}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {text("pieces", { mode: "numeric", max: 9 })}
        {text("grossWeight", { mode: "decimal", max: 12 })}
        {text("length", { mode: "numeric", max: 9 })}
        {text("width", { mode: "numeric", max: 9 })}
        {text("height", { mode: "numeric", max: 9 })}
      </SimpleGrid>
      <FormTextInput
        field={fields.expectedOn}
        type="date"
        label={t("vehicles.fields.expectedOn")}
        description={t("vehicles.express.expectedHint", { today: list.today, last: list.lastShowDay })}
        withAsterisk
        maw={280}
      />
      <SubmitRow pending={pending} testId="express-book" label={t("vehicles.express.book")} />
    </TitledForm>
  );
}
