import { Anchor, Group, Image, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { EpidemicStaff } from "~/contracts/epidemic/api-types";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/epidemic/texts";

/** A code image as a thumbnail linking to the full picture, or "none". */
function CodeImage({ url, label }: { url: string | null; label: string }) {
  const { t } = useTranslation();
  if (!url)
    return (
      <Text size="sm" c="dimmed">
        {t("epidemic.none")}
      </Text>
    );
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" aria-label={`${label}: ${t("epidemic.view")}`}>
      <Image src={url} alt={label} w={48} h={48} fit="cover" radius="sm" />
    </Anchor>
  );
}

/**
 * Staff as a table, the exhibitor's own (with a delete link asking first) or the organizer's (with
 * each person's company). Thumbnails of the code images link to the pictures.
 */
export function StaffTable<T extends EpidemicStaff>({
  items,
  companyOf,
  deleteLink,
}: {
  items: T[];
  companyOf?: (item: T) => string;
  deleteLink?: (item: T) => string;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder data-testid="staff-list">
        <Table.Thead>
          <Table.Tr>
            {companyOf ? <Table.Th>{t("epidemic.fields.company")}</Table.Th> : null}
            <Table.Th>{t("epidemic.fields.name")}</Table.Th>
            <Table.Th>{t("epidemic.fields.idNumber")}</Table.Th>
            <Table.Th>{t("epidemic.fields.mobile")}</Table.Th>
            <Table.Th>{t("epidemic.fields.healthCode")}</Table.Th>
            <Table.Th>{t("epidemic.fields.travelCode")}</Table.Th>
            {deleteLink ? <Table.Th aria-label={t("epidemic.delete")} /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((s) => (
            <Table.Tr key={s.id} data-testid="staff-row">
              {companyOf ? <Table.Td style={{ overflowWrap: "anywhere" }}>{companyOf(s)}</Table.Td> : null}
              <Table.Td>{s.name}</Table.Td>
              <Table.Td>{s.idNumber}</Table.Td>
              <Table.Td>{s.mobile}</Table.Td>
              <Table.Td>
                <CodeImage url={s.healthCodeUrl} label={t("epidemic.fields.healthCode")} />
              </Table.Td>
              <Table.Td>
                <CodeImage url={s.travelCodeUrl} label={t("epidemic.fields.travelCode")} />
              </Table.Td>
              {deleteLink ? (
                <Table.Td>
                  <Group gap="sm">
                    <Anchor component={Link} to={deleteLink(s)} c="red.9" size="sm">
                      {t("epidemic.delete")}
                    </Anchor>
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
