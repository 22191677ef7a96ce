import { Anchor, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect, type SerializeFrom } from "@remix-run/node";
import { ORGANIZER_ROLE_ID } from "~/contracts/permission/roles";
import { OrganizerLeadsNotice } from "~/features/leads/organizer-notice";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CommonPager } from "~/components/common-pager";
import { ConfirmAction } from "~/components/confirm-action";
import { PagePanel } from "~/components/page-panel";
import { translate } from "~/contracts/i18n/translate.server";
import { leadEndpoints } from "~/contracts/leads/endpoints.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { shellTitle } from "~/lib/page-title";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { EXPORT_PATH, FILTER_NAMES, isFiltered, leadSearch, PAGE_PATH } from "./filters";
import { leadListFilters } from "./filters.server";
import { LeadFilterForm } from "./lead-filters";
import { LeadTable } from "./lead-table";
import { LeadCounts } from "~/features/leads/lead-counts";
import { leadsEditable } from "./editable.server";
import "~/contracts/leads/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "leads.listTitle" } satisfies PageHandle;

const NO_STORE = { "Cache-Control": "private, no-store" };
const PAGE_SIZE = 20;

/**
 * /leads/list (docs/decisions/070): the company's leads, newest first, searched by rating, tag, member
 * and day with a plain GET form, with the counts per member and per day, the same search as a
 * workbook, and each lead's edit page and deletion (asked first: `?delete=<id>`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  // The organizer's menu holds every page; it has no company's leads (the API would refuse it).
  if (user.info.infoVO.roleId === ORGANIZER_ROLE_ID)
    return json({ title: translate(user.language, "leads.listTitle"), organizer: true } as const, { headers: NO_STORE });
  const params = new URL(request.url).searchParams;
  const { filters, errors } = leadListFilters(params);
  const { page, ...query } = filters;
  const list = await requireOk(await user.api.call(leadEndpoints.list, { ...query, page, pageSize: PAGE_SIZE }), request, context);
  const typed = Object.fromEntries(FILTER_NAMES.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
  const deleteId = Number(params.get("delete"));
  const toDelete = list.rows.find((lead) => lead.id === deleteId) ?? null;
  const title = translate(user.language, "leads.listTitle");
  return json({ title, list, filters, errors, typed, toDelete, editable: leadsEditable(user.info) }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const form = await request.formData();
  const back = `${PAGE_PATH}${leadSearch(leadListFilters(new URL(request.url).searchParams).filters)}`;
  if (form.get("intent") !== "delete") return redirect(back);
  const answer = await handleAuthErrors(await api.call(leadEndpoints.remove, { id: String(form.get("id") ?? "") }), request, context);
  if (!answer.ok) return redirectWithToast(back, context, { kind: "error", key: answer.message });
  return redirectWithToast(back, context, { kind: "success", key: "leads.list.deleted" });
}

export default function LeadListPage() {
  const data = useLoaderData<typeof loader>();
  return "organizer" in data ? <OrganizerLeadsNotice title={data.title} /> : <LeadList {...data} />;
}

function LeadList({ list, filters, errors, typed, toDelete, editable }: Exclude<SerializeFrom<typeof loader>, { organizer: true }>) {
  const { t } = useTranslation();
  const pending = useNavigation().state === "submitting";
  const here = `${PAGE_PATH}${leadSearch(filters, list.page)}`;
  return (
    <Stack gap="lg" maw={1300}>
      <PagePanel title={t("leads.listTitle")} intro={t("leads.list.intro")}>
        <LeadFilterForm typed={typed} errors={errors} list={list} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="lead-total">
            {list.total}
          </Text>
          <Group gap="md">
            {editable ? (
              <Button component={Link} to="/leads/scan" variant="light" size="xs">
                {t("leads.list.scan")}
              </Button>
            ) : null}
            {/* A plain link to the resource route: the browser saves the file, with or without JavaScript. */}
            <Anchor href={`${EXPORT_PATH}${leadSearch(filters)}`} data-testid="lead-export">
              {t("leads.list.export")}
            </Anchor>
          </Group>
        </Group>
        {toDelete ? (
          <ConfirmAction
            question={t("leads.list.confirmDelete", { name: toDelete.visitor.name || t("leads.list.erasedVisitor") })}
            intent="delete"
            fields={{ id: String(toDelete.id) }}
            confirmLabel={t("leads.list.delete")}
            cancelTo={here}
            pending={pending}
            testId="lead-confirm-delete"
          />
        ) : null}
        {list.rows.length ? (
          <LeadTable
            rows={list.rows}
            tags={list.tags}
            editable={editable}
            deleteLink={(id) => `${PAGE_PATH}${leadSearch(filters, list.page, { delete: String(id) })}`}
          />
        ) : (
          <Text c="dimmed" data-testid="lead-empty">
            {t(isFiltered(filters) || list.page > 1 ? "leads.list.emptyFiltered" : "leads.list.empty")}
          </Text>
        )}
        <CommonPager page={list.page} pageSize={list.pageSize} total={list.total} link={(next) => `${PAGE_PATH}${leadSearch(filters, next)}`} />
      </PagePanel>
      {list.total ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <LeadCounts title={t("leads.list.perMember")} counts={list.perMember} testId="lead-per-member" />
          <LeadCounts title={t("leads.list.perDay")} counts={list.perDay} testId="lead-per-day" />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
