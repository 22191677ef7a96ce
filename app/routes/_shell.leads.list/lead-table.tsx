import { Anchor, Badge, Group, Stack, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { ListTable } from "~/components/list-table";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { Lead, LeadTag } from "~/contracts/leads/api-types";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/leads/texts";

/**
 * One page of the company's leads: the visitor (contacts only where the visitor consents now), the
 * rating, tags, follow-up, notes, who scanned first and when, how many scans; edit and delete links
 * (delete asks first, as a state of the page: no script needed).
 */
export function LeadTable({ rows, tags, editable, deleteLink }: { rows: Lead[]; tags: LeadTag[]; editable: boolean; deleteLink: (id: number) => string }) {
  const { t } = useTranslation();
  const tagName = new Map(tags.map((tag) => [tag.id, tag.name]));
  return (
    <ListTable
      minWidth={960}
      testId="lead-list"
      heads={[
        "leads.fields.visitor",
        "leads.list.contact",
        "leads.fields.rating",
        "leads.fields.tags",
        "leads.columns.notes",
        "leads.columns.scannedBy",
        editable ? "" : null,
      ]}
    >
      {rows.map((lead) => (
        <Table.Tr key={lead.id} data-testid="lead-row" data-lead-id={lead.id}>
          <Table.Td style={{ minWidth: 160, overflowWrap: "anywhere" }}>
            <Stack gap={0}>
              <Text fw={500} data-testid="lead-row-name">
                {lead.visitor.erased ? t("leads.list.erasedVisitor") : lead.visitor.name}
              </Text>
              <Text size="sm">{lead.visitor.company}</Text>
              {lead.visitor.position ? (
                <Text size="xs" c="dimmed">
                  {lead.visitor.position}
                </Text>
              ) : null}
            </Stack>
          </Table.Td>
          <Table.Td style={{ minWidth: 160, overflowWrap: "anywhere" }} data-testid="lead-row-contact">
            {lead.visitor.contactShown ? (
              <Stack gap={0}>
                <Text size="sm">{lead.visitor.mobile}</Text>
                <Text size="sm">{lead.visitor.email}</Text>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t("leads.list.hidden")}
              </Text>
            )}
          </Table.Td>
          <Table.Td data-testid="lead-row-rating">{t(`leads.ratings.${lead.rating ?? "none"}`)}</Table.Td>
          <Table.Td>
            <Group gap={4}>
              {lead.tagIds.map((id) => (
                <Badge key={id} variant="light" size="sm">
                  {tagName.get(id) ?? id}
                </Badge>
              ))}
              {lead.followUp ? (
                <Badge color="orange" size="sm">
                  {t("leads.columns.followUp")}
                </Badge>
              ) : null}
            </Group>
          </Table.Td>
          <Table.Td style={{ minWidth: 200, overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
            <Text size="sm" lineClamp={4}>
              {lead.notes}
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>
            <Stack gap={0}>
              <Text size="sm">{lead.scannedBy}</Text>
              <Text size="xs" c="dimmed">
                {exhibitionDateTime(lead.firstScannedAt)} · {t("leads.fields.scans")} {lead.scans}
              </Text>
            </Stack>
          </Table.Td>
          {editable ? (
            <Table.Td style={{ whiteSpace: "nowrap" }}>
              <Group gap="sm">
                <Anchor component={Link} to={`/leads/list/${lead.id}`} size="sm" data-testid="lead-row-edit">
                  {t("leads.list.edit")}
                </Anchor>
                <Anchor component={Link} to={deleteLink(lead.id)} size="sm" c="red.9" preventScrollReset data-testid="lead-row-delete">
                  {t("leads.list.delete")}
                </Anchor>
              </Group>
            </Table.Td>
          ) : null}
        </Table.Tr>
      ))}
    </ListTable>
  );
}
