import { Anchor, Group, NativeSelect, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { ListPager } from "~/components/list-pager";
import { QueueFilters } from "~/components/review/queue-filters";
import type { ReviewItem, ReviewList as ReviewListAnswer } from "~/contracts/booth-construction/api-types";
import { StatusTag } from "~/features/booth-construction/parts";
import { REVIEW_STATUSES, REVIEW_SUBJECTS } from "~/contracts/booth-construction/values";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { detailSearch, EXPORT_PATH, listSearch, PAGE_PATH, type ListFilters } from "./filters";
import "~/contracts/booth-construction/texts";
import { ListTable } from "~/components/list-table";

const PAGER_KEYS = { previous: "boothConstruction.review.previous", next: "boothConstruction.review.next", pageOf: "boothConstruction.review.page" };

const NO_WRAP = { whiteSpace: "nowrap" } as const;

/** The filters as a plain GET form (works without JavaScript). */
function FilterForm({ list, filters }: { list: ReviewListAnswer; filters: ListFilters }) {
  const { t } = useTranslation();
  const all = { value: "", label: t("boothConstruction.review.all") };
  return (
    <QueueFilters
      action={PAGE_PATH}
      columns={4}
      keyword={{ label: t("boothConstruction.fields.keyword"), value: filters.keyword, maxLength: 50 }}
      pageSize={filters.pageSize}
      submitLabel={t("boothConstruction.review.search")}
    >
      <NativeSelect
        name="subject"
        label={t("boothConstruction.fields.subject")}
        defaultValue={filters.subject ?? ""}
        data={[all, ...REVIEW_SUBJECTS.map((s) => ({ value: s, label: t(`boothConstruction.review.subjects.${s}`) }))]}
      />
      <NativeSelect
        name="status"
        label={t("boothConstruction.fields.status")}
        defaultValue={filters.status ?? ""}
        data={[all, ...REVIEW_STATUSES.map((s) => ({ value: s, label: `${t(`boothConstruction.statuses.${s}`)} (${list.counts[s]})` }))]}
      />
    </QueueFilters>
  );
}

export function ItemFiles({ item }: { item: ReviewItem }) {
  return (
    <Stack gap={2}>
      {item.files.map((file) => (
        <Anchor key={file.url} href={file.url} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: "anywhere" }}>
          {file.name}
        </Anchor>
      ))}
    </Stack>
  );
}

/** The organizer's queue: fascia boards, policies, commitments and drawings of every exhibitor. */
export function ReviewList({ list, filters }: { list: ReviewListAnswer; filters: ListFilters }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h3">
          {t("boothConstruction.review.title")}
        </Title>
        <Anchor href={EXPORT_PATH} data-testid="builder-export">
          {t("boothConstruction.review.export")}
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        {t("boothConstruction.review.intro")}
      </Text>
      <FilterForm list={list} filters={filters} />
      <Text size="sm" data-testid="review-counts">
        {t("boothConstruction.review.counts", list.counts)}
      </Text>
      {list.items.length === 0 ? (
        <Text c="dimmed">{t("boothConstruction.review.empty")}</Text>
      ) : (
        <ListTable
          minWidth={1000}
          testId="review-table"
          heads={[
            "boothConstruction.review.exhibitor",
            "boothConstruction.fields.booth",
            "boothConstruction.fields.subject",
            "boothConstruction.review.what",
            "boothConstruction.review.files",
            "boothConstruction.fields.status",
            "boothConstruction.review.submittedAt",
            <Table.Th key="actions" />,
          ]}
        >
          {list.items.map((item) => (
            <Table.Tr key={`${item.subject}-${item.id}`} data-testid={`review-row-${item.subject}-${item.id}`}>
              <Table.Td>{item.exhibitorName}</Table.Td>
              <Table.Td>{item.boothNo}</Table.Td>
              <Table.Td style={NO_WRAP}>{t(`boothConstruction.review.subjects.${item.subject}`)}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere", maxWidth: 280 }}>{item.summary}</Table.Td>
              <Table.Td>
                <ItemFiles item={item} />
              </Table.Td>
              <Table.Td style={NO_WRAP}>
                <StatusTag status={item.status} />
              </Table.Td>
              <Table.Td>{item.submittedAt ? exhibitionDateTime(item.submittedAt) : "—"}</Table.Td>
              <Table.Td style={NO_WRAP}>
                <Anchor
                  component={Link}
                  to={`${PAGE_PATH}${detailSearch(filters, item)}`}
                  aria-label={`${t("boothConstruction.review.open")} ${item.boothNo} ${t(`boothConstruction.review.subjects.${item.subject}`)}`}
                >
                  {t("boothConstruction.review.open")}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
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
