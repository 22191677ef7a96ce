import { getFormProps } from "@conform-to/react";
import { FormSelect, FormTextInput } from "~/components/form-fields";
import { Alert, Button, Group, SimpleGrid, Stack, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
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
  const select = (name: "boothId" | "carrierId", data: { value: string; label: string }[]) => (
    <FormSelect field={fields[name]} label={t(`vehicles.fields.${name === "boothId" ? "booth" : "carrier"}`)} data={data} withAsterisk />
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
    <Form method="post" {...getFormProps(form)} data-testid="express-form" preventScrollReset>
      <input type="hidden" name="intent" value="save" />
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("vehicles.express.formTitle")}
        </Title>
        <FormError errors={form.errors} id={form.errorId} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {select(
            "boothId",
            list.booths.map((b) => ({ value: String(b.boothId), label: b.boothNo })),
          )}
          {select(
            "carrierId",
            list.carriers.map((c) => ({ value: String(c.id), label: c.name })),
          )}
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
        <Group>
          <Button type="submit" loading={pending} data-testid="express-book">
            {t("vehicles.express.book")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
