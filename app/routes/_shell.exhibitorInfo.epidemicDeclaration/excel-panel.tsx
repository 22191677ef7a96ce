import { Anchor, Button, Group, Input, Stack, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { ImportErrors } from "~/components/import-errors";
import { EPIDEMIC_TEMPLATE_PATH, STAFF_EXCEL_FILE_FIELD, STAFF_EXCEL_LIMITS } from "~/contracts/epidemic/values";
import { formatSizeLimit } from "~/contracts/uploads/values";
import { useTranslation } from "~/i18n/texts";
import { useErrorText } from "~/lib/forms";
import type { ImportReply } from "./action.server";
import "~/contracts/epidemic/texts";

/** The staff template and its import: a plain multipart POST; a refusal lists every failed row and saves nothing. */
export function ExcelPanel({ importResult, pending }: { importResult: ImportReply | null; pending: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Stack gap="sm" data-testid="staff-excel">
      <Title order={3} size="h5">
        {t("epidemic.excel.title")}
      </Title>
      <Anchor href={EPIDEMIC_TEMPLATE_PATH} data-testid="download-template">
        {t("epidemic.excel.downloadTemplate")}
      </Anchor>
      <Form method="post" action="?import" encType="multipart/form-data" data-testid="import-form">
        <Stack gap="xs">
          {/* A native file input: it posts the file with or without JavaScript. */}
          <Input.Wrapper
            label={t("epidemic.excel.file")}
            description={t("epidemic.excel.hint", { rows: STAFF_EXCEL_LIMITS.maxRows, size: formatSizeLimit(STAFF_EXCEL_LIMITS.maxBytes) })}
            id="epidemic-import-file"
          >
            <input
              id="epidemic-import-file"
              type="file"
              name={STAFF_EXCEL_FILE_FIELD}
              required
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              style={{ display: "block", marginTop: 4, maxWidth: "100%" }}
              data-testid="import-file"
            />
          </Input.Wrapper>
          <Group>
            <Button type="submit" variant="light" loading={pending} data-testid="import-submit">
              {t("epidemic.excel.import")}
            </Button>
          </Group>
        </Stack>
      </Form>
      {importResult ? (
        <ImportErrors
          message={importResult.message}
          errors={importResult.rows.map((row) => ({
            key: `${row.row}-${row.column}-${row.field}`,
            row: row.row,
            column: row.field ? `${row.column} (${t(`epidemic.fields.${row.field}`)})` : row.column,
            message: errorText([row.message]) ?? row.message,
          }))}
          more={importResult.total - importResult.rows.length}
        />
      ) : null}
    </Stack>
  );
}
