import { Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";

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
