import { Anchor, Group, Stack, Text } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CommonPager } from "~/components/common-pager";
import { PagePanel } from "~/components/page-panel";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { teamEndpoints } from "~/contracts/team/endpoints.server";
import { HISTORY_KINDS } from "~/features/team/schema.server";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { shellTitle } from "~/lib/page-title";
import { requireShellUser } from "~/lib/permissions.server";
import { EXPORT_PATH, FILTER_NAMES, historySearch, isFiltered, PAGE_PATH } from "./filters";
import { historyFilters } from "./filters.server";
import { HistoryFilterForm } from "./history-filters";
import { HistoryTable } from "./history-table";
import "~/contracts/team/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** The organizer's page (menu 120); a staff account needs the administration area, as the API does. */
export const handle = { breadcrumb: "team.history.logTitle" } satisfies PageHandle;

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * /index/history (docs/decisions/069): every recorded change of the exhibition, newest first, 50 a
 * page, searched by company, person, area, kind and days (UTC+8) with a plain GET form, and the same
 * search as a workbook. A refused filter is named on the page and left out of the search.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const params = new URL(request.url).searchParams;
  const { filters, errors } = historyFilters(params);
  const { page, ...query } = filters;
  const list = await requireOk(await api.call(teamEndpoints.history, { ...query, pageNum: page }), request, context);
  // What was typed goes back into the form as typed, a refused value too, so it can be corrected.
  const typed = Object.fromEntries(FILTER_NAMES.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
  return json({ title: translate(language, "team.history.logTitle"), list, filters, errors, typed, kinds: HISTORY_KINDS }, { headers: NO_STORE });
}

export default function HistoryLogPage() {
  const { t } = useTranslation();
  const { list, filters, errors, typed, kinds } = useLoaderData<typeof loader>();
  const exportSearch = historySearch(filters);
  return (
    <Stack gap="lg" maw={1300}>
      <PagePanel title={t("team.history.logTitle")} intro={t("team.history.intro")}>
        <HistoryFilterForm typed={typed} errors={errors} kinds={kinds} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="history-total">
            {t("team.history.total", { count: list.total })}
          </Text>
          {/* A plain link to the resource route: the browser saves the file, with or without JavaScript. */}
          <Anchor href={`${EXPORT_PATH}${exportSearch}`} data-testid="history-export">
            {t("team.history.export")}
          </Anchor>
        </Group>
        {list.rows.length ? (
          <HistoryTable rows={list.rows} />
        ) : (
          <Text c="dimmed" data-testid="history-empty">
            {t(isFiltered(filters) || list.pageNum > 1 ? "team.history.noMatch" : "team.history.empty")}
          </Text>
        )}
        <CommonPager page={list.pageNum} pageSize={list.pageSize} total={list.total} link={(next) => `${PAGE_PATH}${historySearch(filters, next)}`} />
      </PagePanel>
    </Stack>
  );
}
