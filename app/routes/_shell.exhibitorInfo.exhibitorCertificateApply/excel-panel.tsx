import { Anchor, Group, Paper, Stack, Title } from "@mantine/core";
import { ExcelImportForm } from "~/components/excel-import-form";
import { ImportRowFailures } from "~/components/import-errors";
import { useTranslation } from "~/i18n/texts";
import { BADGE_EXCEL_LIMITS } from "~/contracts/badges/excel-types";
import { formatSizeLimit } from "~/contracts/uploads/values";
import type { ImportReply } from "./action.server";
import { BADGES_PATH as PATH } from "./list-query";
import "~/contracts/badges/texts";

/**
 * Excel in and out, and printing: the template, the import (a plain multipart POST; a refusal lists
 * every failed row and saves nothing), the export and the printable badges, as plain links.
 */
export function ExcelPanel({
  canImport,
  importResult,
  pending,
  keyword,
  hasBadges,
}: {
  canImport: boolean;
  importResult: ImportReply | null;
  pending: boolean;
  keyword: string;
  hasBadges: boolean;
}) {
  const { t } = useTranslation();
  const exportQuery = keyword ? `?${new URLSearchParams({ keyword })}` : "";
  return (
    <Paper withBorder p="lg" data-testid="badge-excel">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("badges.page.excelTitle")}
        </Title>
        <Group gap="lg" wrap="wrap">
          <Anchor href={`${PATH}/template`} data-testid="download-template">
            {t("badges.page.downloadTemplate")}
          </Anchor>
          {hasBadges ? (
            <>
              <Anchor href={`${PATH}/export${exportQuery}`} data-testid="export-badges">
                {t("badges.page.export")}
              </Anchor>
              <Anchor href={`${PATH}/print?layout=sheet`} data-testid="print-sheet">
                {t("badges.page.printSheet")}
              </Anchor>
              <Anchor href={`${PATH}/print?layout=single`} data-testid="print-single">
                {t("badges.page.printSingle")}
              </Anchor>
            </>
          ) : null}
        </Group>
        {canImport ? (
          <ExcelImportForm
            action="?import"
            fileField="file"
            inputId="badge-import-file"
            label={t("badges.page.importFile")}
            hint={t("badges.page.importHint", { rows: BADGE_EXCEL_LIMITS.maxRows, size: formatSizeLimit(BADGE_EXCEL_LIMITS.maxBytes) })}
            submitLabel={t("badges.page.import")}
            pending={pending}
          />
        ) : null}
        {importResult ? <ImportRowFailures failures={importResult} fieldsKey="badges.fields" /> : null}
      </Stack>
    </Paper>
  );
}
