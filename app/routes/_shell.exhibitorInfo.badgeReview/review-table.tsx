import { Anchor, Group, NativeSelect, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { ListPager } from "~/components/list-pager";
import { BADGE_KINDS, BADGE_STATUSES, REVIEW_KEYWORD_MAX } from "~/contracts/badges/review-values";
import type { BadgeReviewList, BadgeReviewRow } from "~/contracts/badges/review-types";
import { QueueFilters } from "~/components/review/queue-filters";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { StatusTag } from "~/features/badges/badge-parts";
import { detailSearch, EXPORT_PATH, listSearch, PAGE_PATH, PRINT_PATH, type ListFilters } from "./filters";
import "~/contracts/badges/texts";
import { ListTable } from "~/components/list-table";

const PAGER_KEYS = { previous: "badges.review.previousPage", next: "badges.review.nextPage", pageOf: "badges.review.pageOf" };

/** The filters as a plain GET form (works without JavaScript); the chosen values come back from the address. */
function FilterForm({ list, filters }: { list: BadgeReviewList; filters: ListFilters }) {
  const { t } = useTranslation();
  const all = { value: "", label: t("badges.review.all") };
  return (
    <QueueFilters
      action={PAGE_PATH}
      columns={5}
      keyword={{ label: t("badges.fields.keyword"), value: filters.keyword, maxLength: REVIEW_KEYWORD_MAX }}
      pageSize={filters.pageSize}
      submitLabel={t("badges.review.filter")}
    >
      <NativeSelect
        name="exhibitor"
        label={t("badges.review.fields.exhibitor")}
        defaultValue={filters.exhibitor !== undefined ? String(filters.exhibitor) : ""}
        data={[all, ...list.exhibitors.map((e) => ({ value: String(e.userId), label: e.name }))]}
      />
      <NativeSelect
        name="status"
        label={t("badges.review.fields.status")}
        defaultValue={filters.status ?? ""}
        data={[all, ...BADGE_STATUSES.map((s) => ({ value: s, label: `${t(`badges.statuses.${s}`)} (${list.counts[s]})` }))]}
      />
      <NativeSelect
        name="kind"
        label={t("badges.fields.kind")}
        defaultValue={filters.kind ?? ""}
        data={[all, ...BADGE_KINDS.map((k) => ({ value: k, label: t(`badges.kinds.${k}`) }))]}
      />
    </QueueFilters>
  );
}

function ReviewTable({ rows, filters }: { rows: BadgeReviewRow[]; filters: ListFilters }) {
  const { t } = useTranslation();
  return (
    <ListTable
      minWidth={980}
      testId="review-table"
      heads={[
        "badges.review.fields.exhibitor",
        "badges.fields.booth",
        "badges.fields.holderName",
        "badges.review.columns.idDocument",
        "badges.fields.mobile",
        "badges.fields.kind",
        "badges.review.fields.status",
        "badges.review.columns.checkedIn",
        "badges.review.columns.actions",
      ]}
    >
      {rows.map((row) => (
        <Table.Tr key={row.id} data-testid={`review-row-${row.id}`}>
          <Table.Td>{row.exhibitorName}</Table.Td>
          <Table.Td>{row.boothNo}</Table.Td>
          <Table.Td>{row.holderName}</Table.Td>
          <Table.Td>
            <Text size="xs" c="dimmed">
              {t(`badges.idTypes.${row.idType}`)}
            </Text>
            <Text size="sm">{row.idNumber}</Text>
          </Table.Td>
          <Table.Td>{row.mobile}</Table.Td>
          <Table.Td>{t(`badges.kinds.${row.kind}`)}</Table.Td>
          <Table.Td>
            <StatusTag status={row.status} />
          </Table.Td>
          <Table.Td>
            {row.checkedInAt ? t("badges.review.checkedInYes", { time: exhibitionDateTime(row.checkedInAt) }) : t("badges.review.checkedInNo")}
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={`${PAGE_PATH}${detailSearch(filters, row.id)}`} aria-label={`${t("badges.review.open")} ${row.holderName}`}>
              {t("badges.review.open")}
            </Anchor>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** The organizer's list: filters, the numbers per status, the badges and a way to export them. */
export function ReviewList({ list, filters }: { list: BadgeReviewList; filters: ListFilters }) {
  const { t } = useTranslation();
  const filtered = Boolean(filters.exhibitor !== undefined || filters.status || filters.kind || filters.keyword);
  const exportSearch = listSearch({ ...filters, pageSize: 10 }).replace(/^\?/, "");
  // The badges of this page that can be printed (a returned one is not valid at the door).
  const printable = list.rows.filter((row) => row.status !== "returned").map((row) => row.id);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h3">
          {t("badges.review.title")}
        </Title>
        <Group gap="md">
          <Anchor href={`${EXPORT_PATH}${exportSearch ? `?${exportSearch}` : ""}`} data-testid="review-export">
            {t("badges.review.export")}
          </Anchor>
          {printable.length ? (
            <Anchor href={`${PRINT_PATH}?layout=sheet&ids=${printable.join(",")}`} data-testid="review-print">
              {t("badges.review.printPage")}
            </Anchor>
          ) : null}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t("badges.review.intro")}
      </Text>
      <FilterForm list={list} filters={filters} />
      <Group gap="md">
        <Text size="sm" data-testid="review-counts">
          {t("badges.review.counts", list.counts)}
        </Text>
        <Text size="sm" c="dimmed" data-testid="review-total">
          {t("badges.review.total", { count: list.total })}
        </Text>
      </Group>
      {list.rows.length ? (
        <ReviewTable rows={list.rows} filters={filters} />
      ) : (
        <Text c="dimmed" data-testid="review-empty">
          {t(filtered || list.page > 1 ? "badges.review.emptyFiltered" : "badges.review.empty")}
        </Text>
      )}
      <ListPager
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        link={(page) => `${PAGE_PATH}${listSearch(filters, { page })}`}
        keys={PAGER_KEYS}
      />
    </Stack>
  );
}
