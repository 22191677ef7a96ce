import { Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import { useErrorText } from "~/lib/forms";

export type ImportErrorRow = { row: number; column: string; message: string; key?: string };

/**
 * Why a spreadsheet was refused: the API's message, then each error by row and column (the first ones;
 * `more` says how many were left out). Used by every Excel import (badges, exhibitors and booths).
 */
export function ImportErrors({ message, errors, more }: { message: string; errors: ImportErrorRow[]; more: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="alert" data-testid="import-errors">
      <Text c="red.9" fw={500}>
        {message}
      </Text>
      {errors.length ? (
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("common.importErrors.row")}</Table.Th>
                <Table.Th>{t("common.importErrors.column")}</Table.Th>
                <Table.Th>{t("common.importErrors.message")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {errors.map((error) => (
                <Table.Tr key={error.key ?? `${error.row}-${error.column}`} data-testid={`import-error-${error.row}`}>
                  <Table.Td>{error.row}</Table.Td>
                  <Table.Td>{error.column}</Table.Td>
                  <Table.Td>{error.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {more > 0 ? <Text size="sm">{t("common.importErrors.more", { count: more })}</Text> : null}
    </Stack>
  );
}

/** A refused import as the API lists it: each failed cell with its row, column and field, and how many there were. */
export type RowFailures = { message: string; rows: { row: number; column: string; field: string | null; message: string }[]; total: number };

/** The failed cells of an import, each column named with its field (`fieldsKey`.<field>) where the API knows it. */
export function ImportRowFailures({ failures, fieldsKey }: { failures: RowFailures; fieldsKey: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <ImportErrors
      message={failures.message}
      errors={failures.rows.map((row) => ({
        key: `${row.row}-${row.column}-${row.field}`,
        row: row.row,
        column: row.field ? `${row.column} (${t(`${fieldsKey}.${row.field}`)})` : row.column,
        message: errorText([row.message]) ?? row.message,
      }))}
      more={failures.total - failures.rows.length}
    />
  );
}
