import { Text } from "@mantine/core";
import type { ReactNode } from "react";
import { ActionError } from "~/components/form-error";
import type { VehiclePageKind } from "~/contracts/vehicles/kinds";
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
 * the rows or "none", and the pager. Every link keeps the other filters and starts at page 1.
 */
export function VehicleReviewPanel({
  kind,
  list,
  filters,
  error,
  filter,
  rows,
}: {
  kind: VehiclePageKind;
  list: { counts: Partial<Record<Status, number>>; items: unknown[]; page: number; pageSize: number; total: number };
  filters: ReviewFilters;
  error: string | undefined;
  filter?: ReactNode;
  rows: ReactNode;
}) {
  const { t } = useTranslation();
  const link = (next: Partial<ReviewFilters>) => reviewAddress(kind, { ...filters, page: 1, ...next });
  return (
    <Panel>
      <PageHeading title={t(`vehicles.${kind.texts}.review.title`)} intro={t(`vehicles.${kind.texts}.review.intro`)} />
      <ActionError message={error} />
      <StatusLinks kind={kind} counts={list.counts} current={filters.status} link={(status) => link({ status })} />
      {filter}
      {list.items.length ? rows : <Text c="dimmed">{t(`vehicles.${kind.texts}.review.empty`)}</Text>}
      <ReviewPager kind={kind} list={list} link={(page) => link({ page })} />
    </Panel>
  );
}

/** A row's decision cell: the decision forms while it waits, the pass once approved. */
export function DecisionCell({ kind, row, forms }: { kind: VehiclePageKind; row: { id: number; status: Status }; forms: ReactNode }) {
  if (row.status === "submitted") return <>{forms}</>;
  return row.status === "approved" ? <PassLink kind={kind} id={row.id} /> : null;
}
