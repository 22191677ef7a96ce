import { CommonPager } from "~/components/common-pager";
import { PageHeading } from "~/components/page-heading";
import { ListTable } from "~/components/list-table";
import { shellTitle } from "~/lib/page-title";
import { Anchor, Group, Paper, Stack, Table, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { homeEndpoints } from "~/contracts/home/endpoints.server";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { useIsPending } from "~/lib/hooks";
import { redirectWithToast } from "~/lib/toast.server";
import { reminderEndpoints } from "~/contracts/reminders/endpoints.server";
import { ReminderLog, ReminderSettingsForm, type RemindersReply, SendReminder } from "./reminders";
import { requireShellUser } from "~/lib/permissions.server";
import "~/contracts/home/texts";
import "~/contracts/reminders/texts";
import { pageFrom } from "~/lib/address";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** Opened from the organizer's home; the API answers the organizer only (an exhibitor lands on /401). */
export const handle = {
  breadcrumb: "home.overview.title",
  title: "home.overview.notDoneTab",
  permissionOf: "/index",
  pathParams: "public",
} satisfies PageHandle;

const PAGE_SIZE = 50;

/** /index/checklist/:itemId: the exhibitors not done with one checklist item, with their booths and contacts, paged, and the export. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const itemId = Number(params.itemId);
  if (!Number.isInteger(itemId) || itemId <= 0) throw new Response("Not found", { status: 404 });
  const search = new URL(request.url).searchParams;
  const page = pageFrom(search, "page");
  const logPage = pageFrom(search, "logPage");
  const [notDone, log, settings] = await Promise.all([
    api.call(homeEndpoints.notDone, { itemId, page, pageSize: PAGE_SIZE }),
    api.call(reminderEndpoints.log, { itemId, page: logPage, pageSize: PAGE_SIZE }),
    api.call(reminderEndpoints.settings),
  ]);
  const list = await requireOk(notDone, request, context);
  const item = language === "en" ? list.item.titleEn || list.item.title : list.item.title;
  return json(
    {
      title: translate(language, "home.overview.notDoneTitle", { item }),
      item,
      list,
      page,
      log: await requireOk(log, request, context),
      logPage,
      settings: await requireOk(settings, request, context),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * The reminders' forms (decision 034), without JavaScript: "send now" asks first (remind-ask shows the
 * question, remind sends), and the exhibition's reminder settings.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const itemId = Number(params.itemId);
  if (!Number.isInteger(itemId) || itemId <= 0) throw new Response("Not found", { status: 404 });
  const here = `/index/checklist/${itemId}`;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "remind-ask") return json<RemindersReply>({ ask: true }, { headers: NO_STORE });
  if (intent === "remind") {
    const sent = await requireOk(await api.call(reminderEndpoints.sendNow, { itemId }), request, context);
    // Queued: the log lists it at once as queued, and the worker sends it within seconds.
    const key = sent.queued ? "reminders.sendNow.queued" : "reminders.sendNow.sent";
    return redirectWithToast(here, context, { kind: "success", key, values: { count: sent.recipients } });
  }
  if (intent === "settings") {
    const daysBefore = String(form.get("daysBefore") ?? "");
    const overdue = form.get("overdue") === "1";
    const saved = await handleAuthErrors(await api.call(reminderEndpoints.saveSettings, { daysBefore, overdue: overdue ? "1" : "" }), request, context);
    if (!saved.ok) return json<RemindersReply>({ settingsError: saved.message, daysBefore, overdue }, { status: 400, headers: NO_STORE });
    return redirectWithToast(here, context, { kind: "success", key: "reminders.settings.saved" });
  }
  throw new Response("Bad request", { status: 400 });
}

export default function NotDonePage() {
  const { t } = useTranslation();
  const { title, item, list, page, log, logPage, settings } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as RemindersReply | undefined;
  const pending = useIsPending();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} maw={1100}>
      <Stack gap="sm">
        <Anchor component={Link} to="/index" size="sm">
          {t("home.overview.back")}
        </Anchor>
        <PageHeading title={title} />
        <Group gap="md">
          <Text data-testid="not-done-count">{list.total ? t("home.overview.notDoneCount", { count: list.total }) : t("home.overview.allDone")}</Text>
          {list.total ? (
            <Anchor href={`/index/checklist/${list.item.id}/export`} download>
              {t("home.overview.export")}
            </Anchor>
          ) : null}
        </Group>
        {list.rows.length ? (
          <ListTable
            minWidth={720}
            testId="not-done-list"
            heads={["home.overview.username", "home.overview.company", "home.overview.booths", "home.overview.phone", "home.overview.email"]}
          >
            {list.rows.map((row) => (
              <Table.Tr key={row.userId} data-testid="not-done-row">
                <Table.Td>{row.username}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{row.companyName}</Table.Td>
                <Table.Td>{row.booths}</Table.Td>
                <Table.Td>{row.phone}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{row.email}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        ) : null}
        <CommonPager page={page} pageSize={PAGE_SIZE} total={list.total} link={(n) => `?page=${n}`} />
        <SendReminder item={{ id: list.item.id, title: item }} notDone={list.total} reply={reply} pending={pending} />
        <ReminderLog log={log} page={logPage} pageSize={PAGE_SIZE} link={(n) => `?page=${page}&logPage=${n}`} />
        <ReminderSettingsForm settings={settings} reply={reply} pending={pending} />
      </Stack>
    </Paper>
  );
}
