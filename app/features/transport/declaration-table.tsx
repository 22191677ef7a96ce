import { Anchor, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { formatCny } from "~/contracts/common/format";
import type { DeclarationSummary } from "~/contracts/transport/api-types";
import { useTranslation } from "~/i18n/texts";
import { DeclarationStatusTag } from "./status-tags";
import "~/contracts/transport/texts";

const NUMBER_CELL = { textAlign: "right" as const };
const WRAP_ANYWHERE = { overflowWrap: "anywhere" as const };

/**
 * A list of declarations: the exhibitor's own (`for: "exhibitor"`, carrier and booth columns) or a
 * review list (`for: "review"`, the exhibitor with its booth and the submission time, and the carrier
 * column only for the organizer, who reads every carrier's).
 */
export function DeclarationTable({
  declarations,
  view,
  detailPath,
  testId,
}: {
  declarations: DeclarationSummary[];
  view: { for: "exhibitor" } | { for: "review"; carrierColumn: boolean };
  /** The list's path; a declaration's page is `<detailPath>/<id>`. */
  detailPath: string;
  /** The table's test id, and each row's prefix (`<row>-<id>`). */
  testId: { table: string; row: string };
}) {
  const { t } = useTranslation();
  const review = view.for === "review";
  const carrierColumn = view.for === "exhibitor" || view.carrierColumn;
  return (
    <Table.ScrollContainer minWidth={review ? 760 : 720}>
      <Table striped withTableBorder data-testid={testId.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("transport.page.number")}</Table.Th>
            {review ? <Table.Th>{t("transport.page.exhibitor")}</Table.Th> : null}
            {carrierColumn ? <Table.Th>{t("transport.fields.carrier")}</Table.Th> : null}
            {review ? null : <Table.Th>{t("transport.fields.booth")}</Table.Th>}
            <Table.Th>{t("transport.page.arrival")}</Table.Th>
            <Table.Th style={NUMBER_CELL}>{t("transport.page.exhibitCount")}</Table.Th>
            <Table.Th style={NUMBER_CELL}>{t("transport.page.amount")}</Table.Th>
            <Table.Th>{t("transport.fields.status")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {declarations.map((d) => (
            <Table.Tr key={d.id} data-testid={`${testId.row}-${d.id}`}>
              <Table.Td>
                <Anchor component={Link} to={`${detailPath}/${d.id}`}>
                  {t("transport.page.declarationNo", { id: d.id })}
                </Anchor>
                {review ? (
                  <Text size="xs" c="dimmed">
                    {exhibitionDateTime(d.submittedAt)}
                  </Text>
                ) : null}
              </Table.Td>
              {review ? (
                <Table.Td style={WRAP_ANYWHERE}>
                  {d.exhibitorName}
                  <Text size="xs" c="dimmed">
                    {d.boothNo}
                  </Text>
                </Table.Td>
              ) : null}
              {carrierColumn ? <Table.Td style={WRAP_ANYWHERE}>{d.carrierName}</Table.Td> : null}
              {review ? null : <Table.Td>{d.boothNo}</Table.Td>}
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                {d.arrivalFrom} – {d.arrivalTo}
              </Table.Td>
              <Table.Td style={NUMBER_CELL}>{d.exhibitCount}</Table.Td>
              <Table.Td style={{ ...NUMBER_CELL, whiteSpace: "nowrap" }}>{formatCny(d.amountCents)}</Table.Td>
              <Table.Td>
                <DeclarationStatusTag status={d.status} />
                {d.orderStep ? (
                  <Text size="xs" c="dimmed">
                    {t(`transport.steps.${d.orderStep}`)}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
