import { ImportErrors } from "~/components/import-errors";
import { Anchor, Button, Group, Input, Paper, Stack, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { BADGE_EXCEL_LIMITS } from "~/contracts/badges/excel-types";
import { formatSizeLimit } from "~/contracts/uploads/values";
import { useErrorText } from "~/lib/forms";
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
  const errorText = useErrorText();
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
          <Form method="post" action="?import" encType="multipart/form-data" data-testid="import-form">
            <Stack gap="xs">
              {/* A native file input: it posts the file with or without JavaScript. */}
              <Input.Wrapper
                label={t("badges.page.importFile")}
                description={t("badges.page.importHint", { rows: BADGE_EXCEL_LIMITS.maxRows, size: formatSizeLimit(BADGE_EXCEL_LIMITS.maxBytes) })}
                id="badge-import-file"
              >
                <input
                  id="badge-import-file"
                  type="file"
                  name="file"
                  required
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  style={{ display: "block", marginTop: 4, maxWidth: "100%" }}
                  data-testid="import-file"
                />
              </Input.Wrapper>
              <Group>
                <Button type="submit" variant="light" loading={pending} data-testid="import-submit">
                  {t("badges.page.import")}
                </Button>
              </Group>
            </Stack>
          </Form>
        ) : null}
        {importResult ? (
          <ImportErrors
            message={importResult.message}
            errors={importResult.rows.map((row) => ({
              key: `${row.row}-${row.column}-${row.field}`,
              row: row.row,
              column: row.field ? `${row.column} (${t(`badges.fields.${row.field}`)})` : row.column,
              message: errorText([row.message]) ?? row.message,
            }))}
            more={importResult.total - importResult.rows.length}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
