import { TitledForm } from "~/components/titled-form";
import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { Button, Group, SimpleGrid, Text, TextInput } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { taiwanHeaderSchema, taiwanLineSchema } from "~/contracts/vehicles/schema";
import { CURRENCIES, TAIWAN_DISPOSITIONS } from "~/contracts/vehicles/values";
import type { TaiwanFilingView } from "~/contracts/vehicles/taiwan/types";
import { useErrorText, usePortalForm, type FormConstraint } from "~/lib/forms";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/taiwan/texts";
import { FormSelect, FormTextInput } from "~/components/form-fields";

/** What each form posts (as typed: the API parses yuan, kg and HS codes with the same schema). */
export const HEADER_FIELDS = ["boothId", "importerName", "importerContact", "importerPhone", "id", "version"] as const;
export const LINE_FIELDS = [
  "filingId",
  "version",
  "nameZh",
  "nameEn",
  "hsCode",
  "quantity",
  "unit",
  "unitValue",
  "currency",
  "disposition",
  "packages",
  "grossWeight",
] as const;

type FormProps = { held: Record<string, unknown> | null; constraint: FormConstraint; lastResult?: SubmissionResult<string[]> | null; pending: boolean };

/** The importer of a booth's filing: creates the draft, or changes it (with id and version) while editable. */
export function HeaderForm({ boothId, filing, held, constraint, lastResult, pending }: FormProps & { boothId: number; filing: TaiwanFilingView | null }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof taiwanHeaderSchema>({
    id: "tw-header",
    constraint,
    lastResult,
    defaultValue: {
      importerName: filing?.importerName ?? "",
      importerContact: filing?.importerContact ?? "",
      importerPhone: filing?.importerPhone ?? "",
      ...held,
    },
  });
  const input = (name: "importerName" | "importerContact" | "importerPhone", max: number, mode?: "tel") => (
    <TextInput
      {...getInputProps(fields[name], { type: mode ?? "text" })}
      key={fields[name].key}
      label={t(`vehicles.fields.${name}`)}
      maxLength={max}
      withAsterisk
      error={errorText(fields[name].errors)}
    />
  );
  return (
    <TitledForm
      form={form}
      testId="tw-header-form"
      preventScrollReset
      hidden={filing ? { intent: "save", boothId, id: filing.id, version: filing.version } : { intent: "save", boothId }}
      title={t("vehicles.taiwan.headerTitle")}
      hint={
        filing ? null : (
          <Text size="sm" c="dimmed">
            {t("vehicles.taiwan.headerHint")}
          </Text>
        )
      }
      errors={[...(form.errors ?? []), ...(fields.boothId.errors ?? [])]}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {input("importerName", 100)}
        {input("importerContact", 30)}
        {input("importerPhone", 30, "tel")}
      </SimpleGrid>
      <Group>
        <Button type="submit" variant={filing ? "light" : "filled"} loading={pending} data-testid="tw-save-header">
          {t("vehicles.taiwan.saveHeader")}
        </Button>
      </Group>
    </TitledForm>
  );
}

/** One exhibit: names, HS code, quantity and unit, unit value and currency, after-show disposition, packages and weight. */
export function LineForm({ filing, held, constraint, lastResult, pending }: FormProps & { filing: TaiwanFilingView }) {
  const { t } = useTranslation();
  const [form, fields] = usePortalForm<typeof taiwanLineSchema>({
    id: "tw-line",
    constraint,
    lastResult,
    defaultValue: { currency: "TWD", disposition: "returned", packages: "1", ...held },
  });
  type TextField = "nameZh" | "nameEn" | "hsCode" | "quantity" | "unit" | "unitValue" | "packages" | "grossWeight";
  const input = (name: TextField, max: number, mode?: "numeric" | "decimal", description?: string) => (
    <FormTextInput field={fields[name]} label={t(`vehicles.fields.${name}`)} description={description} inputMode={mode} maxLength={max} withAsterisk />
  );
  const select = (name: "currency" | "disposition", data: { value: string; label: string }[]) => (
    <FormSelect field={fields[name]} label={t(`vehicles.fields.${name}`)} data={data} withAsterisk />
  );
  return (
    <TitledForm
      form={form}
      testId="tw-line-form"
      preventScrollReset
      level={3}
      hidden={{ intent: "addLine", filingId: filing.id, version: filing.version }}
      title={t("vehicles.taiwan.addLineTitle")}
      errors={[...(form.errors ?? []), ...(fields.version.errors ?? [])]}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {input("nameZh", 100)}
        {input("nameEn", 200)}
        {input("hsCode", 14, "numeric")}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {input("quantity", 9, "numeric")}
        {input("unit", 10)}
        {input("unitValue", 20, "decimal", t("vehicles.taiwan.unitValueHint"))}
        {select(
          "currency",
          CURRENCIES.map((c) => ({ value: c, label: c })),
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {select(
          "disposition",
          TAIWAN_DISPOSITIONS.map((d) => ({ value: d, label: t(`vehicles.dispositions.${d}`) })),
        )}
        {input("packages", 9, "numeric")}
        {input("grossWeight", 14, "decimal")}
      </SimpleGrid>
      <Group>
        <Button type="submit" variant="light" loading={pending} data-testid="tw-add-line">
          {t("vehicles.taiwan.addLine")}
        </Button>
      </Group>
    </TitledForm>
  );
}
