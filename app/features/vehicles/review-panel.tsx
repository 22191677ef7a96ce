import { Anchor, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ActionError } from "~/components/form-error";
import type { VehiclePageKind } from "~/contracts/vehicles/kinds";
import type { HistoryEntry } from "~/contracts/team/api-types";
import { RowHistoryPanel } from "~/features/team/record-history";
import { useTranslation } from "~/i18n/texts";
import { type ReviewFilters, reviewAddress } from "./review-address";
import { PassLink, ReviewPager, StatusLinks } from "./row-parts";
import "~/contracts/vehicles/texts";
import { Panel } from "~/components/panel";
import { PageHeading } from "~/components/page-heading";

type Status = "submitted" | "approved" | "returned";

/**
 * The organizer's review list of one vehicle kind: title and intro (`vehicles.<texts>.review.*`), a
 * refused decision's message, the status filter with its counts, the kind's own filter (`filter`),
 * the rows or "none", the pager, and the History of the vehicle `?history=` names. Every link keeps the
 * other filters and starts at page 1.
 */
export function VehicleReviewPanel({
  kind,
  list,
  filters,
  error,
  filter,
  rows,
  history,
}: {
  kind: VehiclePageKind;
  list: { counts: Partial<Record<Status, number>>; items: unknown[]; page: number; pageSize: number; total: number };
  filters: ReviewFilters;
  error: string | undefined;
  filter?: ReactNode;
  rows: ReactNode;
  /** The History of `filters.history` (null: none open, or not the viewer's to see). */
  history: HistoryEntry[] | null;
}) {
  const { t } = useTranslation();
  const link = (next: Partial<ReviewFilters>) => reviewAddress(kind, { ...filters, page: 1, history: null, ...next });
  return (
    <Panel>
      <PageHeading title={t(`vehicles.${kind.texts}.review.title`)} intro={t(`vehicles.${kind.texts}.review.intro`)} />
      <ActionError message={error} />
      <StatusLinks kind={kind} counts={list.counts} current={filters.status} link={(status) => link({ status })} />
      {filter}
      {list.items.length ? rows : <Text c="dimmed">{t(`vehicles.${kind.texts}.review.empty`)}</Text>}
      <ReviewPager kind={kind} list={list} link={(page) => link({ page })} />
      <RowHistoryPanel entries={history} closeTo={reviewAddress(kind, { ...filters, history: null })} testId={`${kind.testId}-history`} />
    </Panel>
  );
}

/** A row's decision cell: the decision forms while it waits, the pass once approved; and a way to its History. */
export function DecisionCell({
  kind,
  row,
  forms,
  filters,
}: {
  kind: VehiclePageKind;
  row: { id: number; status: Status };
  forms: ReactNode;
  filters: ReviewFilters;
}) {
  const { t } = useTranslation();
  return (
    <>
      {row.status === "submitted" ? forms : row.status === "approved" ? <PassLink kind={kind} id={row.id} /> : null}
      <Anchor
        component={Link}
        to={reviewAddress(kind, { ...filters, history: row.id })}
        size="xs"
        preventScrollReset
        display="block"
        data-testid={`${kind.testId}-history-${row.id}`}
      >
        {t("team.history.section")}
      </Anchor>
    </>
  );
}
