import { Anchor, Badge as Tag, Group } from "@mantine/core";
import { Link } from "@remix-run/react";
import { FilterLinks } from "~/components/filter-links";
import { ListPager } from "~/components/list-pager";
import { STATUS_COLORS, type VehiclePageKind } from "~/contracts/vehicles/kinds";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/vehicles/texts";
import "~/contracts/team/texts";

/**
 * The parts of a vehicle's row and of the review list that both kinds show alike (issue 54): the
 * status tag, the row's links (pass, change, delete), the status filter with its counts and the
 * pager. Their texts are the kind's own (the page imports the kind's texts).
 */
type Status = "submitted" | "approved" | "returned";
type Row = { id: number; status: Status; canEdit: boolean; canDelete: boolean };

export function StatusTag({ kind, status }: { kind: VehiclePageKind; status: Status }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} variant="light" data-testid={`${kind.testId}-status`}>
      {t(`vehicles.${kind.statusTexts}.${status}`)}
    </Tag>
  );
}

/** The signed pass of an approved vehicle (the exhibitor's own, or any for the organizer). */
export function PassLink({ kind, id }: { kind: VehiclePageKind; id: number }) {
  const { t } = useTranslation();
  return (
    <Anchor href={`${kind.pagePath}/pass?id=${id}`} size="sm" data-testid={`${kind.testId}-pass-${id}`}>
      {t(`vehicles.${kind.texts}.downloadPass`)}
    </Anchor>
  );
}

/** What the exhibitor may do with its own vehicle: its pass once approved, a change or a delete before. */
export function RowActions({ kind, row }: { kind: VehiclePageKind; row: Row }) {
  const { t } = useTranslation();
  const path = kind.pagePath;
  return (
    <Group gap="sm" wrap="nowrap">
      {row.status === "approved" ? <PassLink kind={kind} id={row.id} /> : null}
      {row.canEdit ? (
        <Anchor component={Link} to={`${path}?edit=${row.id}`} size="sm" preventScrollReset data-testid={`${kind.testId}-edit-${row.id}`}>
          {t(`vehicles.${kind.texts}.edit`)}
        </Anchor>
      ) : null}
      {row.canDelete ? (
        <Anchor component={Link} to={`${path}?delete=${row.id}`} c="red.9" size="sm" preventScrollReset data-testid={`${kind.testId}-delete-${row.id}`}>
          {t(`vehicles.${kind.texts}.delete`)}
        </Anchor>
      ) : null}
      <Anchor component={Link} to={`${path}?history=${row.id}`} size="sm" preventScrollReset data-testid={`${kind.testId}-history-${row.id}`}>
        {t("team.history.section")}
      </Anchor>
    </Group>
  );
}

/** The review list's status filter: all, then each status with its count; the chosen one bold. */
export function StatusLinks({
  kind,
  counts,
  current,
  link,
}: {
  kind: VehiclePageKind;
  counts: Partial<Record<Status, number>>;
  current: Status | null;
  link: (status: Status | null) => string;
}) {
  const { t } = useTranslation();
  return (
    <FilterLinks
      label={t("vehicles.fields.status")}
      testId={`${kind.testId}-review-filters`}
      all={{ label: t(`vehicles.${kind.texts}.review.all`), testId: `${kind.testId}-filter-all` }}
      options={kind.statuses.map((s) => ({
        value: s,
        label: `${t(`vehicles.${kind.statusTexts}.${s}`)} (${counts[s] ?? 0})`,
        testId: `${kind.testId}-filter-${s}`,
      }))}
      current={current}
      link={link}
    />
  );
}

export function ReviewPager({
  kind,
  list,
  link,
}: {
  kind: VehiclePageKind;
  list: { page: number; pageSize: number; total: number };
  link: (page: number) => string;
}) {
  const keys = `vehicles.${kind.texts}.review`;
  return (
    <ListPager
      page={list.page}
      pageSize={list.pageSize}
      total={list.total}
      link={link}
      keys={{ previous: `${keys}.previous`, next: `${keys}.next`, pageOf: `${keys}.pageOf` }}
    />
  );
}
