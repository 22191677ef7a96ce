import { Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { AudienceRow, VisitorMessageState, VisitorRow } from "~/contracts/promotion/visitors/api-types";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/promotion/texts";
import "~/contracts/leads/texts";

/**
 * Visitors as a table: the exhibitor's audience, or (with `inviter`) the organizer's list with who
 * invited each; `actions` adds a last column (the organizer's pass and erase actions).
 */
export function AudienceTable<Row extends AudienceRow | VisitorRow>({
  rows,
  inviter = false,
  actions,
}: {
  rows: Row[];
  inviter?: boolean;
  actions?: { head: string; cell: (row: Row) => ReactNode };
}) {
  const { t } = useTranslation();
  const c = (key: string) => t(`promotion.visitors.columns.${key}`);
  const f = (key: string) => t(`promotion.visitors.fields.${key}`);
  // The exhibitor's own list carries the state of each visitor's confirmation messages (the delivery log).
  const confirmations = rows.some((row) => row.confirmation);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped withTableBorder data-testid="audience-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c("visitorNo")}</Table.Th>
            <Table.Th>{f("name")}</Table.Th>
            <Table.Th>{f("company")}</Table.Th>
            <Table.Th>{f("position")}</Table.Th>
            <Table.Th>{f("mobile")}</Table.Th>
            <Table.Th>{f("email")}</Table.Th>
            <Table.Th>{f("country")}</Table.Th>
            <Table.Th>{f("interests")}</Table.Th>
            <Table.Th>{inviter ? c("inviter") : c("invitation")}</Table.Th>
            <Table.Th>{c("consent")}</Table.Th>
            <Table.Th>{c("registeredAt")}</Table.Th>
            <Table.Th>{t("leads.visitors.checkedIn")}</Table.Th>
            {confirmations ? <Table.Th>{c("confirmation")}</Table.Th> : null}
            {actions ? <Table.Th>{actions.head}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="audience-row">
              <Table.Td>{row.visitorNo}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{row.name}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{row.company}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{row.position}</Table.Td>
              <Table.Td data-testid="audience-mobile">{row.mobile}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{row.email}</Table.Td>
              <Table.Td>{[row.country, row.province].filter(Boolean).join(" / ")}</Table.Td>
              <Table.Td>
                <Text size="xs">{row.interests.join("、")}</Text>
              </Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                {inviter ? ((row as VisitorRow).inviterCompany ?? t("promotion.reports.inviterNone")) : (row.invitation?.name ?? "—")}
              </Table.Td>
              <Table.Td>{row.consent ? c("yes") : c("no")}</Table.Td>
              <Table.Td>{exhibitionDateTime(row.registeredAt)}</Table.Td>
              <Table.Td data-testid="audience-checked-in">{row.checkedInAt ? exhibitionDateTime(row.checkedInAt) : "—"}</Table.Td>
              {confirmations ? (
                <Table.Td data-testid="audience-confirmation">
                  <ConfirmationState channel="sms" state={row.confirmation?.sms ?? null} />
                  <ConfirmationState channel="email" state={row.confirmation?.email ?? null} />
                </Table.Td>
              ) : null}
              {actions ? <Table.Td>{actions.cell(row)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const STATE_COLOR: Record<VisitorMessageState, string> = { queued: "gray", sent: "teal", failed: "red" };

/** One confirmation message's state, or nothing when none was asked for. */
function ConfirmationState({ channel, state }: { channel: "sms" | "email"; state: VisitorMessageState | null }) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <Text size="xs" c={STATE_COLOR[state]} data-state={state}>
      {t(`promotion.visitors.confirmation.${channel}`, { state: t(`promotion.visitors.confirmation.${state}`) })}
    </Text>
  );
}
