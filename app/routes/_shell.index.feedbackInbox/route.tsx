import { CommonPager } from "~/components/common-pager";
import { PageHeading } from "~/components/page-heading";
import { ListTable } from "~/components/list-table";
import { HiddenFields } from "~/components/hidden-fields";
import { Anchor, Button, Stack, Table, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FilterLinks } from "~/components/filter-links";
import { ActionError } from "~/components/form-error";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { settingsEndpoints } from "~/contracts/settings/endpoints.server";
import {
  FEEDBACK_INBOX_PAGE_SIZE,
  FEEDBACK_STATES,
  feedbackImagePath,
  type FeedbackInboxRow,
  type FeedbackState,
} from "~/contracts/settings/feedback-inbox-values";
import { FEEDBACK_TYPES } from "~/contracts/settings/feedback-values";
import { useTranslation } from "~/i18n/texts";
import { shellTitle } from "~/lib/page-title";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { useIsPending } from "~/lib/hooks";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import "~/contracts/settings/texts";
import { pageFrom } from "~/lib/address";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** The organizer's page (menu 6, roleId 1 only); the API answers the organizer only as well. */
export const handle = { breadcrumb: "settings.inbox.title" } satisfies PageHandle;

const NO_STORE = { "Cache-Control": "private, no-store" };

type Filters = { type: number | null; state: FeedbackState; page: number };

/** The list's address for these filters (only what differs from the defaults). */
function listLink({ type, state, page }: Filters) {
  const search = new URLSearchParams();
  if (type) search.set("type", String(type));
  if (state !== "open") search.set("state", state);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `?${query}` : "?";
}

function filtersOf(url: URL): Filters {
  const type = Number(url.searchParams.get("type"));
  const state = url.searchParams.get("state");
  return {
    type: Number.isInteger(type) && type >= 1 && type <= FEEDBACK_TYPES.length ? type : null,
    state: (FEEDBACK_STATES as readonly string[]).includes(state ?? "") ? (state as FeedbackState) : "open",
    page: pageFrom(url.searchParams),
  };
}

/**
 * /index/feedbackInbox (issue 51): the feedback every account of the exhibition sent, newest first,
 * filtered by type and by whether it was handled (plain links), paged, each with its image (opened
 * through the inbox) and a plain post that marks it handled or waiting again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const filters = filtersOf(new URL(request.url));
  const list = await requireOk(
    await api.call(settingsEndpoints.feedbackInbox, {
      page: filters.page,
      pageSize: FEEDBACK_INBOX_PAGE_SIZE,
      type: filters.type ?? undefined,
      state: filters.state,
    }),
    request,
    context,
  );
  return json({ title: translate(language, "settings.inbox.title"), list, filters }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const form = await request.formData();
  const handled = form.get("handled") === "1" ? "1" : "0";
  const result = await handleAuthErrors(await api.call(settingsEndpoints.markFeedback, { id: String(form.get("id") ?? ""), handled }), request, context);
  if (!result.ok) return json({ error: result.message }, { status: 400, headers: NO_STORE });
  // Back to the same filters and page.
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, context, {
    kind: "success",
    key: handled === "1" ? "settings.inbox.markedHandled" : "settings.inbox.markedOpen",
  });
}

function SenderText({ row }: { row: FeedbackInboxRow }) {
  const { language } = useTranslation();
  const company = language === "en" ? row.companyNameEn || row.companyName : row.companyName || row.companyNameEn;
  return (
    <Stack gap={0}>
      {company ? <Text size="sm">{company}</Text> : null}
      <Text size="xs" c="dimmed">
        {row.username}
      </Text>
    </Stack>
  );
}

function HandledSwitch({ row }: { row: FeedbackInboxRow }) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const handled = row.handledAt !== null;
  return (
    <Form method="post">
      <HiddenFields values={{ id: row.id, handled: handled ? "0" : "1" }} />
      <Button type="submit" size="xs" variant={handled ? "default" : "light"} loading={pending} data-testid="feedback-mark">
        {handled ? t("settings.inbox.markOpen") : t("settings.inbox.markHandled")}
      </Button>
    </Form>
  );
}

export default function FeedbackInboxPage() {
  const { t } = useTranslation();
  const { list, filters } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const typeName = (type: number) => {
    const key = FEEDBACK_TYPES[type - 1];
    return key ? t(`settings.feedbackTypes.${key}`) : String(type);
  };
  const stateCount = { open: list.counts.open, handled: list.counts.handled, all: list.counts.open + list.counts.handled };
  return (
    <Stack gap="lg" maw={1100}>
      <Panel>
        <PageHeading title={t("settings.inbox.title")} intro={t("settings.inbox.intro")} />
        <FilterLinks
          label={t("settings.inbox.state")}
          testId="feedback-states"
          options={FEEDBACK_STATES.map((state) => ({
            value: state,
            label: t(`settings.inbox.states.${state}`, { count: stateCount[state] }),
            testId: `feedback-state-${state}`,
          }))}
          current={filters.state}
          link={(state) => listLink({ ...filters, state: state ?? filters.state, page: 1 })}
        />
        <FilterLinks
          label={t("settings.inbox.type")}
          testId="feedback-types"
          all={{ label: t("settings.inbox.allTypes"), testId: "feedback-type-all" }}
          options={FEEDBACK_TYPES.map((key, index) => ({
            value: index + 1,
            label: t(`settings.feedbackTypes.${key}`),
            testId: `feedback-type-${index + 1}`,
          }))}
          current={filters.type}
          link={(type) => listLink({ ...filters, type, page: 1 })}
        />
        <ActionError message={reply?.error} />
        {!list.rows.length ? (
          <Text c="dimmed" data-testid="feedback-empty">
            {filters.state === "open" && filters.type === null ? t("settings.inbox.emptyOpen") : t("settings.inbox.empty")}
          </Text>
        ) : (
          <ListTable
            minWidth={820}
            testId="feedback-list"
            heads={[
              "settings.inbox.sent",
              "settings.inbox.from",
              "settings.inbox.type",
              "settings.inbox.content",
              <Table.Th key="settings.inbox.image" style={{ whiteSpace: "nowrap" }}>
                {t("settings.inbox.image")}
              </Table.Th>,
              <Table.Th key="settings.inbox.state" style={{ whiteSpace: "nowrap" }}>
                {t("settings.inbox.state")}
              </Table.Th>,
              <Table.Th key="act" />,
            ]}
          >
            {list.rows.map((row) => (
              <Table.Tr key={row.id} data-testid="feedback-row" data-feedback-id={row.id}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{exhibitionDateTime(row.createdAt)}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>
                  <SenderText row={row} />
                </Table.Td>
                <Table.Td>{typeName(row.type)}</Table.Td>
                <Table.Td style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", minWidth: 240 }}>{row.content}</Table.Td>
                <Table.Td>
                  {row.hasImage ? (
                    <Anchor href={feedbackImagePath(row.id)} target="_blank" rel="noopener" data-testid="feedback-image">
                      {t("settings.inbox.openImage")}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t("settings.inbox.noImage")}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {row.handledAt ? (
                    <Text size="sm" c="green.9" data-testid="feedback-handled">
                      {t("settings.inbox.handledBy", { date: exhibitionDateTime(row.handledAt), who: row.handledBy ?? "" })}
                    </Text>
                  ) : (
                    <Text size="sm" c="orange.9" fw={500}>
                      {t("settings.inbox.waiting")}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <HandledSwitch row={row} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
        <CommonPager page={filters.page} pageSize={FEEDBACK_INBOX_PAGE_SIZE} total={list.total} link={(page) => listLink({ ...filters, page })} />
      </Panel>
    </Stack>
  );
}
