import { shellTitle } from "~/lib/page-title";
import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ListPager } from "~/components/list-pager";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { visitorEndpoints } from "~/contracts/promotion/visitors/endpoints.server";
import { AudienceTable } from "~/features/promotion/audience-table";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { ConfirmAction } from "~/components/confirm-action";
import { leadEndpoints } from "~/contracts/leads/endpoints.server";
import { VisitorPassActions } from "./visitor-actions";
import "~/contracts/leads/texts";
import { useIsPending } from "~/lib/hooks";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import "~/contracts/promotion/texts";
import { pageFrom } from "~/lib/address";
import { Panel } from "~/components/panel";
import { SubmitRow } from "~/components/submit-row";
import { PageHeading } from "~/components/page-heading";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "promotion.reports.visitorsTitle" } satisfies PageHandle;

const PATH = "/exhibitorInfo/invitation/visitors";
const PAGE_SIZE = 20;
const KEYWORD_MAX = 50;

/** "?keyword=…&page=2": the filters that are set, the page past the first, and any extra (erase=<id>). */
function listSearch(filters: ReturnType<typeof filtersOf>, page: number, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v));
  if (page > 1) params.set("page", String(page));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The filters as the address holds them; unknown values are left out. */
function filtersOf(url: URL) {
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, KEYWORD_MAX);
  const inviter = url.searchParams.get("inviter") === "none" ? "none" : "";
  const consent = ["1", "0"].includes(url.searchParams.get("consent") ?? "") ? url.searchParams.get("consent")! : "";
  return { keyword, inviter, consent };
}

/**
 * The organizer's visitors (roleId 1; its menu row is the organizer's and the API refuses everyone
 * else): every pre-registered visitor with who invited them, filtered and paged by the address, the
 * export with the same filters, and the exhibition's setting on sharing consented contacts.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const filters = filtersOf(url);
  const page = pageFrom(url.searchParams);
  const query = {
    keyword: filters.keyword,
    page,
    pageSize: PAGE_SIZE,
    ...(filters.inviter ? { inviter: filters.inviter } : {}),
    ...(filters.consent ? { consent: filters.consent } : {}),
  };
  const [visitors, settings] = await Promise.all([
    api.call(visitorEndpoints.visitors, query).then((r) => requireOk(r, request, context)),
    api.call(visitorEndpoints.settings).then((r) => requireOk(r, request, context)),
  ]);
  const eraseId = Number(url.searchParams.get("erase"));
  const toErase = visitors.rows.find((row) => row.id === eraseId && !row.erased) ?? null;
  return json(
    { title: translate(language, "promotion.reports.visitorsTitle"), visitors, settings, filters, toErase },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * The contacts setting (a checkbox; unticked sends nothing), and a visitor's pass sent again or the
 * visitor's personal data erased (issue 56), back to the same filters and page with what happened.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "resend" || intent === "erase") {
    const id = String(form.get("id") ?? "");
    const back = `${PATH}${listSearch(filtersOf(new URL(request.url)), pageFrom(new URL(request.url).searchParams))}`;
    const answer = await handleAuthErrors(
      await api.call(intent === "resend" ? leadEndpoints.resendPass : leadEndpoints.eraseVisitor, { id }),
      request,
      context,
    );
    if (!answer.ok) return redirectWithToast(back, context, { kind: "error", key: answer.message });
    if (intent === "erase" || !answer.data) return redirectWithToast(back, context, { kind: "success", key: "leads.visitors.erased" });
    // Says only the channels the notifier took (a visitor may have no e-mail address or no mobile).
    const { sms, email } = answer.data;
    const key = sms && email ? "leads.visitors.resent" : sms ? "leads.visitors.resentSms" : "leads.visitors.resentEmail";
    return redirectWithToast(back, context, { kind: "success", key });
  }
  await requireOk(await api.call(visitorEndpoints.saveSettings, { contactsShared: form.get("contactsShared") === "on" }), request, context);
  return redirectWithToast(PATH, context, { kind: "success", key: "promotion.reports.settingsSaved" });
}

export default function VisitorsPage() {
  const { t } = useTranslation();
  const { visitors, settings, filters, toErase } = useLoaderData<typeof loader>();
  const pending = useIsPending();
  const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v));
  const pageLink = (page: number) => `?${new URLSearchParams([...params, ["page", String(page)]])}`;
  const here = `${PATH}${listSearch(filters, visitors.page)}`;
  return (
    <Stack gap="lg" maw={1200}>
      <Panel gap="sm">
        <PageHeading title={t("promotion.reports.visitorsTitle")} intro={t("promotion.reports.visitorsIntro")} />
        <Form method="get" data-testid="visitor-filters">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput name="keyword" type="search" label={t("promotion.visitors.fields.keyword")} defaultValue={filters.keyword} maxLength={KEYWORD_MAX} />
              <NativeSelect
                name="inviter"
                label={t("promotion.visitors.columns.inviter")}
                defaultValue={filters.inviter}
                data={[
                  { value: "", label: t("promotion.reports.inviterAll") },
                  { value: "none", label: t("promotion.reports.inviterNone") },
                ]}
              />
              <NativeSelect
                name="consent"
                label={t("promotion.visitors.columns.consent")}
                defaultValue={filters.consent}
                data={[
                  { value: "", label: t("promotion.reports.consentAll") },
                  { value: "1", label: t("promotion.reports.consentYes") },
                  { value: "0", label: t("promotion.reports.consentNo") },
                ]}
              />
            </SimpleGrid>
            <Group gap="sm">
              <Button type="submit" variant="default">
                {t("promotion.reports.search")}
              </Button>
              <Anchor component={Link} to={PATH} size="sm">
                {t("common.clearFilters")}
              </Anchor>
              <Anchor href={`/exhibitorInfo/invitation/visitors/export?${params}`} download size="sm">
                {t("promotion.reports.export")}
              </Anchor>
            </Group>
          </Stack>
        </Form>
        <Text size="sm" data-testid="audience-total">
          {t("promotion.reports.total", { count: visitors.total })}
          {" · "}
          <span data-testid="audience-checked-in-total">{t("promotion.reports.checkedInTotal", { count: visitors.checkedIn })}</span>
        </Text>
        {toErase ? (
          <ConfirmAction
            question={t("leads.visitors.confirmErase", { name: toErase.name })}
            intent="erase"
            fields={{ id: String(toErase.id) }}
            confirmLabel={t("leads.visitors.erase")}
            cancelTo={here}
            pending={pending}
            testId="visitor-confirm-erase"
          />
        ) : null}
        {visitors.rows.length ? (
          <AudienceTable
            rows={visitors.rows}
            inviter
            actions={{
              head: t("leads.visitors.pass"),
              cell: (row) => (
                <VisitorPassActions row={row} pending={pending} eraseLink={`${PATH}${listSearch(filters, visitors.page, { erase: String(row.id) })}`} />
              ),
            }}
          />
        ) : (
          <Text c="dimmed">{t("promotion.reports.emptyVisitors")}</Text>
        )}
        <ListPager
          page={visitors.page}
          pageSize={visitors.pageSize}
          total={visitors.total}
          link={pageLink}
          keys={{ previous: "common.previous", next: "common.next", pageOf: "common.pageOf" }}
        />
      </Panel>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Form method="post" data-testid="visitor-settings">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t("promotion.reports.settingsTitle")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("promotion.reports.settingsHint")}
            </Text>
            <Checkbox name="contactsShared" defaultChecked={settings.contactsShared} label={t("promotion.visitors.fields.contactsShared")} />
            <SubmitRow pending={pending} label={t("promotion.reports.saveSettings")} />
          </Stack>
        </Form>
      </Paper>
    </Stack>
  );
}
