import { Anchor, Stack, Title } from "@mantine/core";
import { ExcelImportForm } from "~/components/excel-import-form";
import { ImportRowFailures } from "~/components/import-errors";
import { EPIDEMIC_TEMPLATE_PATH, STAFF_EXCEL_FILE_FIELD, STAFF_EXCEL_LIMITS } from "~/contracts/epidemic/values";
import { formatSizeLimit } from "~/contracts/uploads/values";
import { useTranslation } from "~/i18n/texts";
import type { ImportReply } from "./action.server";
import "~/contracts/epidemic/texts";

/** The staff template and its import: a plain multipart POST; a refusal lists every failed row and saves nothing. */
export function ExcelPanel({ importResult, pending }: { importResult: ImportReply | null; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="staff-excel">
      <Title order={3} size="h5">
        {t("epidemic.excel.title")}
      </Title>
      <Anchor href={EPIDEMIC_TEMPLATE_PATH} data-testid="download-template">
        {t("epidemic.excel.downloadTemplate")}
      </Anchor>
      <ExcelImportForm
        action="?import"
        fileField={STAFF_EXCEL_FILE_FIELD}
        inputId="epidemic-import-file"
        label={t("epidemic.excel.file")}
        hint={t("epidemic.excel.hint", { rows: STAFF_EXCEL_LIMITS.maxRows, size: formatSizeLimit(STAFF_EXCEL_LIMITS.maxBytes) })}
        submitLabel={t("epidemic.excel.import")}
        pending={pending}
      />
      {importResult ? <ImportRowFailures failures={importResult} fieldsKey="epidemic.fields" /> : null}
    </Stack>
  );
}
