import { Anchor, Badge, Group, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { AgentSetting } from "~/contracts/catalogue-settings/api-types";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/catalogue-settings/texts";

/** The agents of one page, each with edit and remove links (`?edit=`, `?remove=`, the page kept). */
export function AgentList({ agents, link }: { agents: AgentSetting[]; link: (params: Record<string, string>) => string }) {
  const { t, language } = useTranslation();
  const en = language === "en";
  if (!agents.length)
    return (
      <Text c="dimmed" data-testid="agents-empty">
        {t("catalogueSettings.agents.empty")}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-testid="agents-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("catalogueSettings.fields.code")}</Table.Th>
            <Table.Th>{t("catalogueSettings.fields.agent")}</Table.Th>
            <Table.Th>{t(en ? "catalogueSettings.fields.regionsEn" : "catalogueSettings.fields.regionsZh")}</Table.Th>
            <Table.Th>{t("catalogueSettings.fields.contactEmail")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {agents.map((a) => (
            <Table.Tr key={a.id} data-testid={`agent-${a.code}`}>
              <Table.Td>{a.code}</Table.Td>
              <Table.Td>
                <Text size="sm">{en ? a.nameEn : a.nameZh}</Text>
                {a.active ? null : (
                  <Badge color="gray" size="sm">
                    {t("catalogueSettings.agents.hidden")}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{en ? a.regionsEn : a.regionsZh}</Table.Td>
              <Table.Td>
                <Text size="sm">{a.contactEmail}</Text>
                {a.contactPhone ? (
                  <Text size="xs" c="dimmed">
                    {a.contactPhone}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Anchor component={Link} to={link({ edit: String(a.id) })} data-testid={`edit-${a.code}`}>
                    {t("catalogueSettings.edit")}
                  </Anchor>
                  <Anchor component={Link} to={link({ remove: String(a.id) })} c="red.9" data-testid={`remove-${a.code}`}>
                    {t("catalogueSettings.remove")}
                  </Anchor>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
