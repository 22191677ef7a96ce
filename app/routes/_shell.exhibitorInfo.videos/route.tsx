import { shellTitle } from "~/lib/page-title";
import { Anchor, Badge, Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ListPager } from "~/components/list-pager";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { videoEndpoints } from "~/contracts/video/endpoints.server";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { requireShellUser } from "~/lib/permissions.server";
import "~/contracts/video/texts";
import { Panel } from "~/components/panel";
import { ListTable } from "~/components/list-table";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "video.list.title" } satisfies PageHandle;

const COLORS = { idle: "gray", queued: "gray", rendering: "blue", done: "green", failed: "red" } as const;
const PAGE_SIZE = 50;
const PAGER_KEYS = { previous: "video.list.previous", next: "video.list.next", pageOf: "video.list.pageOf" };

/** /exhibitorInfo/videos, the organizer's (roleId 1; issue 40, decision 037): every exhibitor's promotional video and its job's state. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const list = await requireOk(await api.call(videoEndpoints.list, { page: String(page), pageSize: String(PAGE_SIZE) }), request, context);
  return json({ title: translate(language, "video.list.title"), list, page }, { headers: { "Cache-Control": "no-store" } });
}

export default function VideoListPage() {
  const { t } = useTranslation();
  const { list, page } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg" maw={1100}>
      <Panel>
        <Title order={1} size="h3">
          {t("video.list.title")}
        </Title>
        {!list.rows.length ? (
          <Text c="dimmed">{t("video.list.empty")}</Text>
        ) : (
          <ListTable
            minWidth={720}
            testId="video-list"
            heads={["video.list.company", "video.list.state", "video.list.video", "video.list.shown", "video.list.downloads", "video.list.updated"]}
          >
            {list.rows.map((row) => {
              const reason = row.error ? (row.error.startsWith("video.") ? t(row.error) : row.error) : "";
              return (
                <Table.Tr key={row.userId} data-testid="video-row" data-username={row.username}>
                  <Table.Td>
                    {row.companyName} ({row.username})
                  </Table.Td>
                  <Table.Td>
                    <Badge color={COLORS[row.state]} variant="light">
                      {t(`video.states.${row.state}`, { progress: row.progress, reason })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {row.video ? (
                      <Anchor href={row.video.url} target="_blank" rel="noreferrer">
                        {t(`video.orientations.${row.video.orientation}`)}
                      </Anchor>
                    ) : (
                      "—"
                    )}
                  </Table.Td>
                  <Table.Td>{t(row.showsUploaded ? "video.shownUploaded" : "video.shownGenerated")}</Table.Td>
                  <Table.Td>{row.downloadAllowed ? t("video.list.allowed") : t("video.list.forbidden")}</Table.Td>
                  <Table.Td>{exhibitionDateTime(row.updatedAt)}</Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
        <ListPager page={page} pageSize={PAGE_SIZE} total={list.total} link={(p) => `/exhibitorInfo/videos?page=${p}`} keys={PAGER_KEYS} />
      </Panel>
    </Stack>
  );
}
