import { Anchor, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PAGE_SIZES } from "~/contracts/common/paging";
import { useTranslation } from "~/i18n/texts";

type Props = {
  /** The queue's page: the filters are a plain GET form to it (works without JavaScript). */
  action: string;
  /** The queue's own selects (status with counts, kind, exhibitor…), before the keyword. */
  children: ReactNode;
  columns: number;
  keyword: { label: string; value: string | undefined; maxLength: number };
  pageSize: number;
  submitLabel: string;
};

/** The filter bar of an organizer's review queue; the chosen values come back from the address. */
export function QueueFilters({ action, children, columns, keyword, pageSize, submitLabel }: Props) {
  const { t } = useTranslation();
  return (
    <Form method="get" action={action} data-testid="review-filters">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: columns }}>
          {children}
          <TextInput name="keyword" type="search" label={keyword.label} defaultValue={keyword.value ?? ""} maxLength={keyword.maxLength} />
          <NativeSelect name="pageSize" label={t("common.pageSize")} defaultValue={String(pageSize)} data={PAGE_SIZES.map(String)} />
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" variant="default">
            {submitLabel}
          </Button>
          <Anchor component={Link} to={action} size="sm">
            {t("common.clearFilters")}
          </Anchor>
        </Group>
      </Stack>
    </Form>
  );
}
