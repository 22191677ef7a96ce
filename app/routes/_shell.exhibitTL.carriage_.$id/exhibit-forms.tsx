import { TitledForm } from "~/components/titled-form";
import { Anchor, Button, Group, List, SimpleGrid, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { ImportFailure } from "~/contracts/transport/api-types";
import type { exhibitAddSchema, exhibitImportSchema } from "~/contracts/transport/schema";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { useErrorText, usePortalForm, type PageFormProps, type FormReply } from "~/lib/forms";
import "~/contracts/transport/texts";
import { FormTextInput } from "~/components/form-fields";

export const EXCEL_UPLOAD = { folder: "carriage-exhibit-excel" as const, kinds: ["xlsx"] as "xlsx"[], maxBytes: 10 * 1024 * 1024, maxCount: 1 };
export const EXHIBIT_FIELDS = ["nameZh", "nameEn", "quantity", "packages", "grossWeight", "length", "width", "height"] as const;
export const IMPORT_FIELDS = ["fileUrl", uploadFieldNames("fileUrl").name] as const;

type Record_ = { id: number; version: number };

/** One exhibit line typed by hand (kg with up to 3 decimals, whole centimetres). */
export function ExhibitForm({ record, held, constraint, lastResult, pending }: PageFormProps & { record: Record_ }) {
  const { t } = useTranslation();
  const [form, fields] = usePortalForm<typeof exhibitAddSchema>({ id: "exhibit-add", constraint, lastResult, defaultValue: { packages: "1", ...held } });
  const input = (name: (typeof EXHIBIT_FIELDS)[number], mode: "text" | "numeric" | "decimal", max: number, required = true) => (
    <FormTextInput
      field={fields[name]}
      label={t(`transport.fields.${name}`)}
      inputMode={mode === "text" ? undefined : mode}
      maxLength={max}
      withAsterisk={required}
    />
  );
  return (
    <TitledForm
      form={form}
      testId="exhibit-form"
      preventScrollReset
      level={3}
      hidden={{ intent: "addExhibit", declarationId: record.id, version: record.version }}
      title={t("transport.detail.addExhibit")}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {input("nameZh", "text", 100)}
        {input("nameEn", "text", 200, false)}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
        {input("quantity", "numeric", 9)}
        {input("packages", "numeric", 9)}
        {input("grossWeight", "decimal", 14)}
        {input("length", "numeric", 9)}
        {input("width", "numeric", 9)}
        {input("height", "numeric", 9)}
      </SimpleGrid>
      <Group>
        <Button type="submit" variant="light" loading={pending}>
          {t("transport.detail.addExhibitButton")}
        </Button>
      </Group>
    </TitledForm>
  );
}

/** The carrier's Excel template filled in: every row is added, or none (the errors are listed by row). */
export function ImportForm({
  record,
  constraint,
  failure,
  lastResult,
  pending,
}: FormReply & {
  record: Record_;
  failure: ImportFailure | null;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof exhibitImportSchema>({ id: "exhibit-import", constraint, lastResult, defaultValue: {} });
  return (
    <TitledForm
      form={form}
      testId="import-form"
      multipart
      preventScrollReset
      level={3}
      hidden={{ intent: "import", declarationId: record.id, version: record.version }}
      title={t("transport.detail.importTitle")}
      hint={
        <Text size="sm" c="dimmed">
          {t("transport.detail.importHint")}{" "}
          <Anchor href="/exhibitTL/carriage/template" download>
            {t("transport.detail.template")}
          </Anchor>
        </Text>
      }
    >
      {failure ? (
        <List size="sm" c="red.9" data-testid="import-errors">
          {failure.rows.map((row) => (
            <List.Item key={`${row.row}-${row.column}`}>
              {t("transport.detail.importRowError", { row: row.row, column: row.column, message: errorText([row.message]) })}
            </List.Item>
          ))}
          {failure.total > failure.rows.length ? (
            <List.Item>{t("transport.detail.importMore", { count: failure.total - failure.rows.length })}</List.Item>
          ) : null}
        </List>
      ) : null}
      {/* A refused file is not offered again: the corrected one replaces it. */}
      <FieldFileUpload
        field={lastResult ? { name: fields.fileUrl.name, key: `retry-${failure?.total ?? 0}`, errors: fields.fileUrl.errors } : fields.fileUrl}
        formValues={lastResult ? undefined : form.initialValue}
        {...EXCEL_UPLOAD}
        label={t("transport.fields.excel")}
      />
      <Group>
        <Button type="submit" variant="light" loading={pending}>
          {t("transport.detail.importButton")}
        </Button>
      </Group>
    </TitledForm>
  );
}
