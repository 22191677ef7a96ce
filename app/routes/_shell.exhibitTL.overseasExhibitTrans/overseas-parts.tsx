import { ListTable } from "~/components/list-table";
import { Anchor, Card, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { OverseasAgentView, OverseasRequestView } from "~/contracts/vehicles/overseas/types";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/overseas/texts";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

/** The appointed agents as cards: who, where they serve, what they do, how to reach them. */
export function AgentCards({ agents, path }: { agents: OverseasAgentView[]; path: string }) {
  const { t } = useTranslation();
  if (!agents.length) return <Text c="dimmed">{t("vehicles.overseas.noAgents")}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="overseas-agents">
      {agents.map((agent) => (
        <Card key={agent.id} withBorder padding="md" data-testid={`overseas-agent-${agent.code}`}>
          <Stack gap={6}>
            <Title order={3} size="h5">
              {agent.name}
            </Title>
            <Fact label={t("vehicles.overseas.regions")}>{agent.regions}</Fact>
            {agent.intro ? (
              <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-line" }}>
                {agent.intro}
              </Text>
            ) : null}
            <Fact label={t("vehicles.overseas.email")}>
              <Anchor href={`mailto:${agent.contactEmail}`} data-testid="agent-email">
                {agent.contactEmail}
              </Anchor>
            </Fact>
            {agent.contactPhone ? (
              <Fact label={t("vehicles.overseas.phone")}>
                <Anchor href={`tel:${agent.contactPhone.replace(/\s/g, "")}`}>{agent.contactPhone}</Anchor>
              </Fact>
            ) : null}
            <Anchor component={Link} to={`${path}?agent=${agent.id}#overseas-request`} size="sm" preventScrollReset data-testid={`agent-request-${agent.code}`}>
              {t("vehicles.overseas.requestFromAgent")}
            </Anchor>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

const HISTORY_COLUMNS = ["sentAt", "agent", "country", "port", "cargo", "volume", "incoterms", "contact"];

/** The exhibitor's requests, newest first. */
export function RequestHistory({ requests }: { requests: OverseasRequestView[] }) {
  const { t } = useTranslation();
  if (!requests.length)
    return (
      <Text c="dimmed" data-testid="overseas-empty">
        {t("vehicles.overseas.empty")}
      </Text>
    );
  return (
    <ListTable minWidth={860} testId="overseas-history" heads={HISTORY_COLUMNS.map((key) => `vehicles.overseas.columns.${key}`)}>
      {requests.map((r) => (
        <Table.Tr key={r.id} data-testid={`overseas-request-${r.id}`}>
          <Table.Td style={{ whiteSpace: "nowrap" }}>{exhibitionDateTime(r.createdAt)}</Table.Td>
          <Table.Td>
            {r.agentName}
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {r.sentTo}
            </Text>
          </Table.Td>
          <Table.Td>{r.countryName}</Table.Td>
          <Table.Td>{r.port}</Table.Td>
          <Table.Td style={{ overflowWrap: "anywhere", maxWidth: 260 }}>{r.cargoDescription}</Table.Td>
          <Table.Td style={{ textAlign: "right", whiteSpace: "nowrap" }} data-testid="overseas-volume">
            {r.volumeM3}
          </Table.Td>
          <Table.Td>{r.incoterms}</Table.Td>
          <Table.Td style={{ overflowWrap: "anywhere" }}>
            {r.contactName}
            <Text size="xs" c="dimmed">
              {r.contactPhone} · {r.contactEmail}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
