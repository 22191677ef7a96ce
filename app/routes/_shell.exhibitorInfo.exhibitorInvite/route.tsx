import { shellTitle } from "~/lib/page-title";
import { Anchor, Button, Checkbox, Group, Paper, Stack, Table, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-action";
import { ListPager } from "~/components/list-pager";
import type { InvitationRow } from "~/contracts/accounts/api-types";
import { accountEndpoints } from "~/contracts/accounts/endpoints.server";
import { INVITATION_FILTERS, type InvitationFilter } from "~/contracts/accounts/values";
import { exhibitionDate } from "~/contracts/common/exhibition-time";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { useIsPending } from "~/lib/hooks";
import { requireShellUser } from "~/lib/permissions.server";
import { inviteAction, type InviteReply } from "./action.server";
import { BatchProgress } from "./batch-progress";
import { StorageQuotaForm, StorageUsage } from "./storage-quota";
import { storageQuotaSchema } from "~/features/accounts/schema.server";
import { formConstraints } from "~/lib/forms.server";
import "~/contracts/accounts/texts";
import { pageFrom } from "~/lib/address";
import { Panel } from "~/components/panel";
import { ListTable } from "~/components/list-table";
import { PageHeading } from "~/components/page-heading";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "accounts.invite.title" } satisfies PageHandle;

const PAGE_SIZE = 50;
const FILTER_LABELS = { all: "accounts.invite.filterAll", pending: "accounts.invite.filterPending", activated: "accounts.invite.filterActivated" } as const;

const listLink = (filter: InvitationFilter, page = 1) => `?filter=${filter}${page > 1 ? `&page=${page}` : ""}`;

/**
 * The organizer's invitations to the portal (issue 39; roleId 1: its menu row is the organizer's and
 * the API refuses everyone else): the exhibitor accounts with whether each is activated and its
 * newest invitation link, filtered and paged by the address, and two plain posts: send to the ticked
 * accounts, or to every account not activated yet after a confirmation (a batch sent by a background
 * job: its progress shows above the list, refreshing by itself).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("filter");
  const filter: InvitationFilter = (INVITATION_FILTERS as readonly string[]).includes(asked ?? "") ? (asked as InvitationFilter) : "all";
  const page = pageFrom(url.searchParams);
  const [listAnswer, batchesAnswer] = await Promise.all([
    api.call(accountEndpoints.invitations, { filter, page, pageSize: PAGE_SIZE }),
    api.call(accountEndpoints.invitationBatches, {}),
  ]);
  const list = await requireOk(listAnswer, request, context);
  const { batches } = await requireOk(batchesAnswer, request, context);
  return json(
    {
      title: translate(language, "accounts.invite.title"),
      list,
      batch: batches[0] ?? null,
      filter,
      page,
      here: `${url.pathname}${url.search}`,
      constraints: formConstraints({ quota: storageQuotaSchema }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const action = (args: ActionFunctionArgs) => inviteAction(args);

function StateText({ row }: { row: InvitationRow }) {
  const { t } = useTranslation();
  if (row.activatedAt)
    return (
      <Text size="sm" c="green.9">
        {t("accounts.invite.activated", { date: exhibitionDate(row.activatedAt) })}
      </Text>
    );
  const noContact = !row.email && !row.mobile;
  const date = exhibitionDate(row.lastSentAt);
  const until = exhibitionDate(row.linkExpiresAt);
  const text =
    row.linkState === null
      ? t("accounts.invite.neverInvited")
      : row.linkState === "open"
        ? t("accounts.invite.invited", { date, until })
        : row.linkState === "expired"
          ? t("accounts.invite.invitedExpired", { date, until })
          : t("accounts.invite.invitedReplaced", { date });
  return (
    <Stack gap={0}>
      <Text size="sm" c={row.linkState === "open" ? undefined : "orange.9"}>
        {text}
      </Text>
      {noContact ? (
        <Text size="xs" c="red.9">
          {t("accounts.invite.noContact")}
        </Text>
      ) : null}
    </Stack>
  );
}

export default function ExhibitorInvitePage() {
  const { t, language } = useTranslation();
  const { list, batch, filter, page, here, constraints } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as InviteReply | undefined;
  const pending = useIsPending();
  return (
    <Stack gap="lg" maw={1100}>
      <Panel gap="sm">
        <PageHeading title={t("accounts.invite.title")} intro={t("accounts.invite.intro")} />
        <Group gap="md" data-testid="invite-filters">
          {INVITATION_FILTERS.map((f) => (
            <Anchor
              key={f}
              component={Link}
              to={listLink(f)}
              fw={f === filter ? 700 : undefined}
              aria-current={f === filter ? "page" : undefined}
              data-testid={`invite-filter-${f}`}
            >
              {t(FILTER_LABELS[f], { count: list.counts[f] })}
            </Anchor>
          ))}
        </Group>
        {batch ? <BatchProgress batch={batch} here={here} /> : null}
        {reply?.kind === "error" ? (
          <Text c="red.9" fw={500} role="alert" data-testid="invite-error">
            {reply.message}
          </Text>
        ) : null}
        {reply?.kind === "confirmAll" ? (
          <ConfirmAction
            question={t("accounts.invite.confirmAll", { count: reply.count })}
            intent="all"
            fields={{ confirmed: "1" }}
            confirmLabel={t("accounts.invite.confirmAllButton", { count: reply.count })}
            cancelTo={here}
            pending={pending}
            color="blue"
            testId="invite-confirm-all"
          />
        ) : null}
        <Form method="post" data-testid="invite-form">
          <Stack gap="sm">
            {list.rows.length ? (
              <ListTable
                minWidth={820}
                testId="invite-list"
                heads={[
                  "accounts.invite.choose",
                  "accounts.fields.exhibitorNo",
                  "accounts.invite.company",
                  "accounts.invite.contact",
                  "accounts.fields.email",
                  "accounts.fields.mobile",
                  "accounts.invite.state",
                  "accounts.quota.column",
                ]}
              >
                {list.rows.map((row) => (
                  <Table.Tr key={row.userId} data-testid={`invite-row-${row.username}`}>
                    <Table.Td>
                      {/* A native checkbox: ticked ones post `userId` repeated, with or without JavaScript. */}
                      <Checkbox
                        name="userId"
                        value={String(row.userId)}
                        disabled={Boolean(row.activatedAt)}
                        aria-label={t("accounts.invite.chooseAccount", { username: row.username })}
                      />
                    </Table.Td>
                    <Table.Td>{row.username}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      {language === "en" ? row.companyNameEn || row.companyName : row.companyName || row.companyNameEn}
                    </Table.Td>
                    <Table.Td>{row.contactName}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{row.email}</Table.Td>
                    <Table.Td>{row.mobile}</Table.Td>
                    <Table.Td>
                      <StateText row={row} />
                    </Table.Td>
                    <Table.Td>
                      <StorageUsage storage={row.storage} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            ) : (
              <Text data-testid="invite-empty">{t("accounts.invite.empty")}</Text>
            )}
            <Group>
              <Button type="submit" name="intent" value="selected" loading={pending} disabled={!list.rows.length} data-testid="invite-send-selected">
                {t("accounts.invite.sendSelected")}
              </Button>
              <Button type="submit" name="intent" value="all" variant="light" loading={pending} disabled={!list.counts.pending} data-testid="invite-send-all">
                {t("accounts.invite.sendAll")}
              </Button>
            </Group>
          </Stack>
        </Form>
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={list.total}
          link={(n) => listLink(filter, n)}
          keys={{ previous: "common.previous", next: "common.next", pageOf: "common.pageOf" }}
        />
      </Panel>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <StorageQuotaForm
          defaultQuotaMb={list.defaultQuotaMb}
          constraint={constraints.quota}
          lastResult={reply?.kind === "quota" ? reply.result : null}
          pending={pending}
        />
      </Paper>
    </Stack>
  );
}
