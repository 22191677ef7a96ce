import { shellTitle } from "~/lib/page-title";
import { Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ListPager } from "~/components/list-pager";
import { exhibitionDate } from "~/contracts/common/exhibition-time";
import { dataAreaEndpoints } from "~/contracts/data-area/endpoints.server";
import { DATA_AREA_PATH, DATA_FILES_ADMIN_PATH, DATA_KEYWORD_MAX, dataFileDownloadPath } from "~/contracts/data-area/values";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { linkableFor, requireShellUser } from "~/lib/permissions.server";
import "~/contracts/data-area/texts";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "dataArea.title" } satisfies PageHandle;

const PAGE_SIZE = 20;
const PAGER_KEYS = { previous: "dataArea.previous", next: "dataArea.next", pageOf: "dataArea.pageOf" };

/**
 * /dataArea/index (issue 41): the organizer's published files by class, searched by name or
 * description, each a download (counted). A plain GET form: it works without script.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const { api, language } = user;
  const params = new URL(request.url).searchParams;
  const classId = params.get("classId") ?? "";
  const keyword = (params.get("keyword") ?? "").slice(0, 200);
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const [classes, files] = await Promise.all([
    api.call(dataAreaEndpoints.classes).then((answer) => requireOk(answer, request, context)),
    api
      .call(dataAreaEndpoints.files, { classIds: classId, keyword, page: String(page), pageSize: String(PAGE_SIZE) })
      .then((answer) => handleAuthErrors(answer, request, context)),
  ]);
  return json(
    {
      title: translate(language, "dataArea.title"),
      classes,
      files: files.ok ? files.data : null,
      error: files.ok ? null : files.message,
      filters: { classId, keyword, page },
      manageLink: linkableFor(user, context.pages ?? [], DATA_FILES_ADMIN_PATH),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export default function DataAreaPage() {
  const { t, language } = useTranslation();
  const { classes, files, error, filters, manageLink } = useLoaderData<typeof loader>();
  const pick = (zh: string, en: string) => (language === "en" ? en || zh : zh || en);
  const className = (id: number) => {
    const c = classes.find((x) => x.id === id);
    return c ? pick(c.nameZh, c.nameEn) : "";
  };
  const searchFor = (page: number) => {
    const query = new URLSearchParams();
    if (filters.classId) query.set("classId", filters.classId);
    if (filters.keyword) query.set("keyword", filters.keyword);
    if (page > 1) query.set("page", String(page));
    const text = query.toString();
    return text ? `${DATA_AREA_PATH}?${text}` : DATA_AREA_PATH;
  };
  return (
    <Stack gap="lg" maw={1100}>
      <Panel gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={1} size="h3">
            {t("dataArea.title")}
          </Title>
          {manageLink ? (
            <Anchor component={Link} to={manageLink} size="sm">
              {t("dataArea.admin.title")}
            </Anchor>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t("dataArea.intro")}
        </Text>
        <Form method="get" role="search">
          <Group align="flex-end" gap="sm">
            <NativeSelect
              name="classId"
              label={t("dataArea.fields.class")}
              defaultValue={filters.classId}
              data={[
                { value: "", label: t("dataArea.allClasses") },
                ...classes.map((c) => ({ value: String(c.id), label: `${pick(c.nameZh, c.nameEn)} (${c.fileCount})` })),
              ]}
            />
            <TextInput
              name="keyword"
              type="search"
              label={t("dataArea.fields.keyword")}
              placeholder={t("dataArea.keywordPlaceholder")}
              defaultValue={filters.keyword}
              maxLength={DATA_KEYWORD_MAX}
            />
            <Button type="submit" variant="light">
              {t("dataArea.search")}
            </Button>
          </Group>
        </Form>
      </Panel>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        {error ? (
          <Text role="alert" c="red.8">
            {error}
          </Text>
        ) : !files?.items.length ? (
          <Text c="dimmed" data-testid="data-empty">
            {filters.keyword || filters.classId ? t("dataArea.noMatch") : t("dataArea.empty")}
          </Text>
        ) : (
          <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="data-files">
            {files.items.map((file) => {
              const description = pick(file.descriptionZh, file.descriptionEn);
              return (
                <Stack
                  key={file.id}
                  component="li"
                  gap={4}
                  data-testid="data-file"
                  style={{ borderBottom: "1px solid var(--mantine-color-gray-3)", paddingBottom: 8 }}
                >
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                      {pick(file.nameZh, file.nameEn)}
                    </Text>
                    <Button component="a" href={dataFileDownloadPath(file.id)} size="xs" variant="light" download>
                      {t("dataArea.download")}
                    </Button>
                  </Group>
                  {description ? (
                    <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                      {description}
                    </Text>
                  ) : null}
                  <Group gap="xs">
                    <Badge variant="light">{className(file.classId)}</Badge>
                    <Badge variant="outline" color="gray">
                      {t(`dataArea.languages.${file.language}`)}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {file.fileName} · {sizeText(file.sizeBytes)} · {exhibitionDate(file.updatedAt)} · {t("dataArea.downloads", { count: file.downloads })}
                    </Text>
                  </Group>
                </Stack>
              );
            })}
          </Stack>
        )}
        {files ? <ListPager page={files.page} pageSize={files.pageSize} total={files.total} link={searchFor} keys={PAGER_KEYS} /> : null}
      </Paper>
    </Stack>
  );
}
