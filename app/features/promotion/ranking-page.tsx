import { Anchor, Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { Ranking, RankingRow } from "~/contracts/promotion/visitors/api-types";
import { RANKING_PERIODS } from "~/contracts/promotion/visitors/values";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/promotion/texts";
import { Panel } from "~/components/panel";
import { PageHeading } from "~/components/page-heading";

const CUSTOM_PAGE = "/exhibitorInfo/invitation/custom";

/** The period switch as links: works without JavaScript, and the address names the period. */
function PeriodLinks({ current }: { current: Ranking["period"] }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" data-testid="ranking-periods" role="navigation" aria-label={t("promotion.visitors.fields.period")}>
      {RANKING_PERIODS.map((period) => (
        <Button
          key={period}
          component={Link}
          to={`?period=${period}`}
          size="xs"
          variant={period === current ? "filled" : "default"}
          aria-current={period === current ? "page" : undefined}
        >
          {t(`promotion.visitors.periods.${period}`)}
        </Button>
      ))}
    </Group>
  );
}

function RankingTable({ rows, countLabel }: { rows: RankingRow[]; countLabel: string }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder data-testid="ranking-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>{t("promotion.visitors.columns.rank")}</Table.Th>
            <Table.Th>{t("promotion.visitors.columns.company")}</Table.Th>
            <Table.Th style={{ textAlign: "right" }}>{countLabel}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={`${row.rank}-${row.companyName}`}
              data-testid={row.mine ? "ranking-own-row" : "ranking-row"}
              bg={row.mine ? "var(--mantine-color-yellow-1)" : undefined}
              fw={row.mine ? 700 : undefined}
            >
              <Table.Td>{row.rank}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{row.companyName}</Table.Td>
              <Table.Td style={{ textAlign: "right" }}>{row.count}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A ranking page (invitation or popularity): the period links, the caller's own rank (highlighted in
 * the table when it is in the top rows), the top rows with company names only, and for the
 * organizer the export of the whole ranking.
 */
export function RankingPage({ ranking, organizer }: { ranking: Ranking; organizer: boolean }) {
  const { t } = useTranslation();
  const invite = ranking.kind === "invite";
  const countLabel = t(invite ? "promotion.visitors.columns.registrations" : "promotion.visitors.columns.views");
  return (
    <Stack gap="lg" maw={900}>
      <Panel gap="sm">
        <PageHeading
          title={t(invite ? "promotion.reports.inviteTitle" : "promotion.reports.browseTitle")}
          intro={t(invite ? "promotion.reports.inviteIntro" : "promotion.reports.browseIntro")}
        />
        <PeriodLinks current={ranking.period} />
        {organizer ? null : ranking.own && ranking.own.count > 0 ? (
          <Text fw={700} data-testid="ranking-own">
            {t("promotion.reports.yourRank", { rank: ranking.own.rank, count: `${ranking.own.count} ${countLabel}` })}
          </Text>
        ) : (
          <Text data-testid="ranking-own">
            {t("promotion.reports.notRanked")}{" "}
            <Anchor component={Link} to={CUSTOM_PAGE}>
              {t("promotion.reports.shareLink")}
            </Anchor>
          </Text>
        )}
        {organizer ? (
          <Group>
            <Anchor href={`/exhibitorInfo/invitation/ranking-export?kind=${ranking.kind}&period=${ranking.period}`} download>
              {t("promotion.reports.export")}
            </Anchor>
          </Group>
        ) : null}
      </Panel>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        {ranking.rows.length ? (
          <RankingTable rows={ranking.rows} countLabel={countLabel} />
        ) : (
          <Text c="dimmed" data-testid="ranking-empty">
            {t("promotion.reports.emptyRanking")}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
