import { ListTable } from "~/components/list-table";
import { Anchor, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { ListPager } from "~/components/list-pager";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { ExpressFilters, ExpressList } from "~/contracts/vehicles/express/types";
import { EXPRESS_STATUSES } from "~/contracts/vehicles/values";
import { EXPRESS_PAGER_KEYS, ExpressRow, ExpressStatusCell } from "./express-parts";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/express/texts";
import { addressWith, pageValue } from "~/lib/address";

/** The list's address with its filters (and a page, or a booking to delete): what every link of the history keeps. */
export function historyLink(path: string, filters: ExpressFilters, extra: { page?: number; delete?: number } = {}) {
  return addressWith(path, { status: filters.status, from: filters.from, to: filters.to, page: pageValue(extra.page), delete: extra.delete });
}

/** The exhibitor's bookings (newest first) with a status and expected-day filter sent as GET: works without JavaScript. */
export function ExpressHistory({ list, path }: { list: ExpressList; path: string }) {
  const { t } = useTranslation();
  const { filters } = list;
  const filtered = Boolean(filters.status || filters.from || filters.to);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t("vehicles.express.historyTitle")}
      </Title>
      <Form method="get" data-testid="express-filter" aria-label={t("vehicles.express.filterTitle")}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            name="status"
            label={t("vehicles.fields.status")}
            defaultValue={filters.status ?? ""}
            data={[
              { value: "", label: t("vehicles.express.anyStatus") },
              ...EXPRESS_STATUSES.map((s) => ({ value: s, label: t(`vehicles.expressStatuses.${s}`) })),
            ]}
          />
          <TextInput type="date" name="from" label={t("vehicles.fields.from")} defaultValue={filters.from ?? ""} />
          <TextInput type="date" name="to" label={t("vehicles.fields.to")} defaultValue={filters.to ?? ""} />
          <Button type="submit" variant="light" data-testid="express-filter-submit">
            {t("vehicles.express.filter")}
          </Button>
          {filtered ? (
            <Anchor component={Link} to={path} size="sm" data-testid="express-filter-clear">
              {t("vehicles.express.clearFilter")}
            </Anchor>
          ) : null}
        </Group>
      </Form>
      {list.items.length ? (
        <ListTable
          minWidth={980}
          testId="express-history"
          heads={["vehicles.fields.record", <ExpressRow.Head key="h1" />, "vehicles.express.steps", <Table.Th key="act" />]}
        >
          {list.items.map((b) => (
            <Table.Tr key={b.id} data-testid={`express-${b.id}`}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                {t("vehicles.express.number", { id: b.id })}
                <Text size="xs" c="dimmed">
                  {exhibitionDateTime(b.createdAt)}
                </Text>
                <Text size="xs" c="dimmed">
                  {b.carrierName}
                </Text>
              </Table.Td>
              <ExpressRow.Cells booking={b} />
              <ExpressStatusCell booking={b} />
              <Table.Td>
                {b.status === "booked" ? (
                  <Anchor
                    component={Link}
                    to={historyLink(path, filters, { page: list.page, delete: b.id })}
                    c="red.9"
                    size="sm"
                    preventScrollReset
                    data-testid={`express-delete-${b.id}`}
                  >
                    {t("vehicles.express.delete")}
                  </Anchor>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      ) : (
        <Text c="dimmed" data-testid="express-empty">
          {t(filtered ? "vehicles.express.emptyFiltered" : "vehicles.express.empty")}
        </Text>
      )}
      <ListPager page={list.page} pageSize={list.pageSize} total={list.total} link={(page) => historyLink(path, filters, { page })} keys={EXPRESS_PAGER_KEYS} />
    </Stack>
  );
}
