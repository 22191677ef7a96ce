import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";

/**
 * Previous / "page n of m" / next under a list, as plain links (no JavaScript needed). `link`
 * makes a page's address with the list's filters; `keys` are the feature's texts.
 */
export function ListPager({
  page,
  pageSize,
  total,
  link,
  keys,
}: {
  page: number;
  pageSize: number;
  total: number;
  link: (page: number) => string;
  keys: { previous: string; next: string; pageOf: string };
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // A page past the end (an edited address, rows deleted meanwhile) still offers the way back.
  if (pages === 1 && page === 1) return null;
  return (
    <Group gap="sm" data-testid="pager">
      {page > 1 ? (
        <Anchor component={Link} to={link(Math.min(page - 1, pages))}>
          {t(keys.previous)}
        </Anchor>
      ) : null}
      <Text size="sm">{t(keys.pageOf, { page, pages })}</Text>
      {page < pages ? (
        <Anchor component={Link} to={link(page + 1)}>
          {t(keys.next)}
        </Anchor>
      ) : null}
    </Group>
  );
}
