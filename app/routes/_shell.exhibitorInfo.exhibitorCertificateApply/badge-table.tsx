import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { BadgeList } from "~/contracts/badges/api-types";
import { PAGE_SIZES } from "~/contracts/common/paging";
import { StatusTag } from "~/features/badges/badge-parts";
import { BADGES_PATH as PATH, listPath, type ListQuery } from "./list-query";
import "~/contracts/badges/texts";

type Query = ListQuery;

/**
 * The list: a GET search form, the rows with a tick box each, and "delete ticked", which is a GET
 * to the confirmation view (`?delete=1&delete=2`): nothing is deleted before that step's POST.
 */
export function BadgeTable({ list, query, queryInvalid, readOnly }: { list: BadgeList; query: Query; queryInvalid: boolean; readOnly: boolean }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const link = (changes: Partial<Query>) => listPath(query, changes);

  const deletable = list.rows.filter((row) => row.status !== "approved");
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("badges.page.listTitle", { count: list.total })}
        </Title>
        <Form method="get" role="search">
          <Group align="end" wrap="wrap">
            <TextInput
              name="keyword"
              label={t("badges.fields.keyword")}
              defaultValue={query.keyword}
              maxLength={50}
              placeholder={t("badges.page.searchHint")}
              style={{ flex: "1 1 200px" }}
            />
            <NativeSelect name="pageSize" label={t("common.pageSize")} defaultValue={String(query.pageSize)} data={PAGE_SIZES.map(String)} w={110} />
            <Button type="submit" variant="light">
              {t("badges.page.search")}
            </Button>
          </Group>
        </Form>
        {queryInvalid ? (
          <Text size="sm" c="red.9" role="alert">
            {t("badges.page.queryInvalid")}
          </Text>
        ) : null}
        {list.rows.length === 0 ? (
          <Text c="dimmed" data-testid="badges-empty">
            {query.keyword ? t("badges.page.noMatch") : t("badges.page.empty")}
          </Text>
        ) : (
          <Form method="get" id="ticked-badges">
            {/* Present even when nothing is ticked, so that case gets its own message. */}
            <input type="hidden" name="delete" value="" />
            <Table.ScrollContainer minWidth={720}>
              <Table data-testid="badges" striped>
                <Table.Thead>
                  <Table.Tr>
                    {readOnly ? null : (
                      <Table.Th w={40}>
                        <VisuallyHidden>{t("badges.page.tick")}</VisuallyHidden>
                      </Table.Th>
                    )}
                    <Table.Th>{t("badges.fields.holderName")}</Table.Th>
                    <Table.Th>{t("badges.fields.booth")}</Table.Th>
                    <Table.Th>{t("badges.fields.mobile")}</Table.Th>
                    <Table.Th>{t("badges.fields.company")}</Table.Th>
                    <Table.Th>{t("badges.fields.kind")}</Table.Th>
                    <Table.Th>{t("badges.page.status")}</Table.Th>
                    <Table.Th>{t("badges.page.actions")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.rows.map((row) => (
                    <Table.Tr key={row.id} data-testid={`badge-row-${row.id}`}>
                      {readOnly ? null : (
                        <Table.Td>
                          {row.status === "approved" ? null : (
                            <Checkbox name="delete" value={String(row.id)} aria-label={t("badges.page.tickName", { name: row.holderName })} />
                          )}
                        </Table.Td>
                      )}
                      <Table.Td>{row.holderName}</Table.Td>
                      <Table.Td>{row.boothNo}</Table.Td>
                      <Table.Td>{row.mobile}</Table.Td>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>{row.company}</Table.Td>
                      <Table.Td>{t(`badges.kinds.${row.kind}`)}</Table.Td>
                      <Table.Td>
                        <StatusTag status={row.status} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Anchor component={Link} to={`${PATH}?id=${row.id}`}>
                            {t("badges.page.detail")}
                          </Anchor>
                          {readOnly || row.status === "approved" ? null : (
                            <>
                              <Anchor component={Link} to={`${PATH}?edit=${row.id}`}>
                                {t("badges.page.edit")}
                              </Anchor>
                              <Anchor component={Link} to={`${PATH}?delete=${row.id}`} c="red.9">
                                {t("badges.page.delete")}
                              </Anchor>
                            </>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {readOnly || deletable.length === 0 ? null : (
              <Group mt="sm">
                <Button type="submit" color="red.9" variant="outline" size="xs" data-testid="delete-ticked">
                  {t("badges.page.deleteTicked")}
                </Button>
              </Group>
            )}
          </Form>
        )}
        {pages > 1 ? (
          <Group gap="sm" data-testid="pages" aria-label={t("badges.page.pages")}>
            {query.page > 1 ? (
              <Anchor component={Link} to={link({ page: query.page - 1 })} rel="prev">
                {t("badges.page.previous")}
              </Anchor>
            ) : null}
            <Text size="sm">{t("badges.page.pageOf", { page: query.page, pages })}</Text>
            {query.page < pages ? (
              <Anchor component={Link} to={link({ page: query.page + 1 })} rel="next">
                {t("badges.page.next")}
              </Anchor>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
