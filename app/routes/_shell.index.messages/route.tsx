import { CommonPager } from "~/components/common-pager";
import { PageHeading } from "~/components/page-heading";
import { ListTable } from "~/components/list-table";
import { Badge, Button, Stack, Table, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FilterLinks } from "~/components/filter-links";
import { ActionError } from "~/components/form-error";
import { ConfirmAction } from "~/components/confirm-action";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { deliveryLogEndpoints } from "~/contracts/delivery-log/endpoints.server";
import {
  DELIVERY_LOG_PAGE_SIZE,
  type DeliveryLogRow,
  HELD_FOR_ADDRESS_REASON,
  INTERRUPTED_REASON,
  MESSAGE_CHANNELS,
  MESSAGE_KIND,
  MESSAGE_STATES,
  type MessageChannel,
  type MessageState,
  NAMED_MESSAGE_KINDS,
} from "~/contracts/delivery-log/values";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { useIsPending } from "~/lib/hooks";
import { shellTitle } from "~/lib/page-title";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import "~/contracts/delivery-log/texts";
import { pageFrom } from "~/lib/address";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** The organizer's page (menu 7, roleId 1 only); the API answers the organizer only as well. */
export const handle = { breadcrumb: "deliveryLog.title" } satisfies PageHandle;

const NO_STORE = { "Cache-Control": "private, no-store" };

type Filters = { channel: MessageChannel | null; state: MessageState | null; kind: string | null; page: number; resend: number | null };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : null;

/** The list's address for these filters (only what is set); `resend` asks to confirm one resend. */
function listLink({ channel, state, kind, page, resend }: Filters) {
  const search = new URLSearchParams();
  if (channel) search.set("channel", channel);
  if (state) search.set("state", state);
  if (kind) search.set("kind", kind);
  if (page > 1) search.set("page", String(page));
  if (resend) search.set("resend", String(resend));
  const query = search.toString();
  return query ? `?${query}` : "?";
}

function filtersOf(url: URL): Filters {
  const kind = url.searchParams.get("kind");
  const resend = Number(url.searchParams.get("resend"));
  return {
    channel: oneOf(MESSAGE_CHANNELS, url.searchParams.get("channel")),
    state: oneOf(MESSAGE_STATES, url.searchParams.get("state")),
    kind: kind && MESSAGE_KIND.test(kind) ? kind : null,
    page: pageFrom(url.searchParams),
    resend: Number.isInteger(resend) && resend > 0 ? resend : null,
  };
}

/**
 * /index/messages (issue 52): every e-mail and SMS of the exhibition, newest first, filtered by
 * channel, state and kind (plain links), paged; a failed one can be sent again after a question
 * shown as a state of the page (?resend=<id>), so it all works without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const filters = filtersOf(new URL(request.url));
  const list = await requireOk(
    await api.call(deliveryLogEndpoints.list, {
      page: filters.page,
      pageSize: DELIVERY_LOG_PAGE_SIZE,
      channel: filters.channel ?? undefined,
      state: filters.state ?? undefined,
      kind: filters.kind ?? undefined,
    }),
    request,
    context,
  );
  return json({ title: translate(language, "deliveryLog.title"), list, filters }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const form = await request.formData();
  const result = await handleAuthErrors(await api.call(deliveryLogEndpoints.resend, { id: String(form.get("id") ?? "") }), request, context);
  if (!result.ok) return json({ error: result.message }, { status: 400, headers: NO_STORE });
  // Back to the same filters and page, without the question.
  const url = new URL(request.url);
  url.searchParams.delete("resend");
  return redirectWithToast(`${url.pathname}${url.search}`, context, { kind: "success", key: "deliveryLog.resent", values: { id: result.data.id } });
}

function useKindName() {
  const { t } = useTranslation();
  return (kind: string) => ((NAMED_MESSAGE_KINDS as readonly string[]).includes(kind) ? t(`deliveryLog.kinds.${kind}`) : kind);
}

const STATE_COLOR: Record<MessageState, string> = { queued: "blue", sending: "blue", sent: "green", failed: "red" };

function StateCell({ row }: { row: DeliveryLogRow }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Badge color={STATE_COLOR[row.status]} variant="light" data-testid="message-state">
        {t(`deliveryLog.states.${row.status}`)}
      </Badge>
      {row.sentAt ? (
        <Text size="xs" c="dimmed">
          {t("deliveryLog.sentAt", { date: exhibitionDateTime(row.sentAt) })}
        </Text>
      ) : null}
      {row.nextAttemptAt ? (
        <Text size="xs" c="dimmed">
          {t("deliveryLog.retryAt", { date: exhibitionDateTime(row.nextAttemptAt) })}
        </Text>
      ) : null}
      {row.reason ? (
        <Text size="xs" style={{ overflowWrap: "anywhere" }} data-testid="message-reason">
          {row.reason === INTERRUPTED_REASON
            ? t("deliveryLog.interrupted")
            : row.reason === HELD_FOR_ADDRESS_REASON
              ? t("deliveryLog.heldForAddress")
              : row.reason}
        </Text>
      ) : null}
      {row.resentFrom ? (
        <Text size="xs" c="dimmed">
          {t("deliveryLog.resentFrom", { id: row.resentFrom })}
        </Text>
      ) : null}
      {row.resentAs ? (
        <Text size="xs" c="dimmed">
          {t("deliveryLog.resentAs", { id: row.resentAs })}
        </Text>
      ) : null}
    </Stack>
  );
}

export default function DeliveryLogPage() {
  const { t } = useTranslation();
  const kindName = useKindName();
  const { list, filters } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const pending = useIsPending();
  const asking = filters.resend ? list.rows.find((row) => row.id === filters.resend && row.status === "failed" && !row.resentAs) : undefined;
  const filtered = filters.channel || filters.state || filters.kind;
  return (
    <Stack gap="lg" maw={1200}>
      <Panel>
        <PageHeading title={t("deliveryLog.title")} intro={t("deliveryLog.intro")} />
        {list.emailChannel === "outbox" ? (
          <Text size="sm" c="orange.9" data-testid="messages-outbox-note">
            {t("deliveryLog.outboxNote")}
          </Text>
        ) : null}
        <FilterLinks
          label={t("deliveryLog.channel")}
          showLabel
          testId="messages-channels"
          all={{ label: t("deliveryLog.all"), testId: "messages-channel-all" }}
          options={MESSAGE_CHANNELS.map((channel) => ({
            value: channel,
            label: t(`deliveryLog.channels.${channel}`),
            testId: `messages-channel-${channel}`,
          }))}
          current={filters.channel}
          link={(channel) => listLink({ ...filters, channel, page: 1, resend: null })}
        />
        <FilterLinks
          label={t("deliveryLog.state")}
          showLabel
          testId="messages-states"
          all={{ label: t("deliveryLog.all"), testId: "messages-state-all" }}
          options={MESSAGE_STATES.map((state) => ({ value: state, label: t(`deliveryLog.states.${state}`), testId: `messages-state-${state}` }))}
          current={filters.state}
          link={(state) => listLink({ ...filters, state, page: 1, resend: null })}
        />
        {list.kinds.length ? (
          <FilterLinks
            label={t("deliveryLog.kind")}
            showLabel
            testId="messages-kinds"
            all={{ label: t("deliveryLog.all"), testId: "messages-kind-all" }}
            options={list.kinds.map((kind) => ({ value: kind, label: kindName(kind), testId: `messages-kind-${kind}` }))}
            current={filters.kind}
            link={(kind) => listLink({ ...filters, kind, page: 1, resend: null })}
          />
        ) : null}
        <ActionError message={reply?.error} />
        {asking ? (
          <ConfirmAction
            question={t("deliveryLog.resendConfirm")}
            intent="resend"
            fields={{ id: String(asking.id) }}
            confirmLabel={t("deliveryLog.resend")}
            cancelTo={listLink({ ...filters, resend: null })}
            pending={pending}
            color="blue"
            testId="messages-resend-confirm"
          />
        ) : null}
        {!list.rows.length ? (
          <Text c="dimmed" data-testid="messages-empty">
            {filtered ? t("deliveryLog.empty") : t("deliveryLog.emptyAll")}
          </Text>
        ) : (
          <ListTable
            minWidth={900}
            testId="messages-list"
            heads={[
              "deliveryLog.message",
              "deliveryLog.created",
              "deliveryLog.channel",
              "deliveryLog.kind",
              "deliveryLog.recipient",
              "deliveryLog.state",
              "deliveryLog.attempts",
              <Table.Th key="act" />,
            ]}
          >
            {list.rows.map((row) => (
              <Table.Tr key={row.id} data-testid="message-row" data-message-id={row.id}>
                <Table.Td>{row.id}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{exhibitionDateTime(row.createdAt)}</Table.Td>
                <Table.Td>{t(`deliveryLog.channels.${row.channel}`)}</Table.Td>
                <Table.Td>{kindName(row.kind)}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }} data-testid="message-recipient">
                  {row.recipient}
                </Table.Td>
                <Table.Td style={{ minWidth: 200 }}>
                  <StateCell row={row} />
                </Table.Td>
                <Table.Td>{row.attempts}</Table.Td>
                <Table.Td>
                  {row.status === "failed" && !row.resentAs ? (
                    <Button
                      component={Link}
                      to={listLink({ ...filters, resend: row.id })}
                      size="xs"
                      variant="light"
                      preventScrollReset
                      data-testid="message-resend"
                    >
                      {t("deliveryLog.resend")}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
        <CommonPager page={filters.page} pageSize={DELIVERY_LOG_PAGE_SIZE} total={list.total} link={(page) => listLink({ ...filters, page, resend: null })} />
      </Panel>
    </Stack>
  );
}
