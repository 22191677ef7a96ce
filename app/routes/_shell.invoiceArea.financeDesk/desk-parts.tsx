import { Anchor, Button, Group, NativeSelect, SimpleGrid, Text, TextInput } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { ListPager } from "~/components/list-pager";
import { INVOICE_STATUSES, VOUCHER_STATUSES } from "~/contracts/invoices/values";
import { deskSearch, PAGE_PATH, TABS, type DeskQuery } from "./desk-filters";
import "~/contracts/invoices/texts";

/** The three queues as links (no JavaScript needed to switch). */
export function DeskTabs({ query }: { query: DeskQuery }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" component="nav" aria-label={t("invoices.finance.title")} data-testid="desk-tabs">
      {TABS.map((tab) => (
        <Button
          key={tab}
          component={Link}
          to={deskSearch({ ...query, status: undefined, keyword: undefined }, { tab })}
          variant={tab === query.tab ? "filled" : "default"}
          size="sm"
          aria-current={tab === query.tab ? "page" : undefined}
        >
          {t(`invoices.finance.tabs.${tab}`)}
        </Button>
      ))}
    </Group>
  );
}

/** Status and keyword as a plain GET form. */
export function DeskFilters({ query }: { query: DeskQuery }) {
  const { t } = useTranslation();
  const statuses = query.tab === "vouchers" ? VOUCHER_STATUSES : INVOICE_STATUSES;
  const group = query.tab === "vouchers" ? "voucherStatuses" : "invoiceStatuses";
  return (
    <Form method="get" action={PAGE_PATH} data-testid="desk-filters">
      <input type="hidden" name="tab" value={query.tab} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {query.tab === "bills" ? null : (
          <NativeSelect
            name="status"
            label={t("invoices.fields.status")}
            defaultValue={query.status ?? ""}
            data={[{ value: "", label: t("invoices.finance.all") }, ...statuses.map((s) => ({ value: s, label: t(`invoices.${group}.${s}`) }))]}
          />
        )}
        <TextInput name="keyword" type="search" label={t("invoices.fields.keyword")} defaultValue={query.keyword ?? ""} maxLength={50} />
        <Group align="flex-end">
          <Button type="submit" variant="default">
            {t("invoices.finance.filter")}
          </Button>
        </Group>
      </SimpleGrid>
    </Form>
  );
}

export function DeskPager({ query, total }: { query: DeskQuery; total: number }) {
  return (
    <ListPager
      page={query.page}
      pageSize={query.pageSize}
      total={total}
      link={(page) => deskSearch(query, { page })}
      keys={{ previous: "common.previous", next: "common.next", pageOf: "common.pageOf" }}
    />
  );
}

export function BackToQueue({ query }: { query: DeskQuery }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={deskSearch(query, { page: query.page })} size="sm">
      {t("invoices.application.back")}
    </Anchor>
  );
}

export function Empty() {
  const { t } = useTranslation();
  return <Text c="dimmed">{t("invoices.finance.empty")}</Text>;
}
