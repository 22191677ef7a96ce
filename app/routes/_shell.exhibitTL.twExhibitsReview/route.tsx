import { TRANSPORT_PAGER_KEYS } from "../_shell.exhibitTL.review/pager-keys";
import { loadRecordHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";
import type { HistoryEntry } from "~/contracts/team/api-types";
import { PageHeading } from "~/components/page-heading";
import { ListTable } from "~/components/list-table";
import { shellTitle } from "~/lib/page-title";
import { ActionError } from "~/components/form-error";
import type { SubmissionResult } from "@conform-to/react";
import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FilterLinks } from "~/components/filter-links";
import { ListPager } from "~/components/list-pager";
import { addressWith, pageFrom, pageValue } from "~/lib/address";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { rawFields } from "~/features/transport/forms.server";
import { taiwanReviewSchema } from "~/features/vehicles/schema.server";
import type { TaiwanReviewDetail, TaiwanStatus } from "~/contracts/vehicles/taiwan/types";
import { taiwanFilingEndpoints } from "~/contracts/vehicles/endpoints.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import type { FormConstraint } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { currencyAmount, ImporterFacts, LinesTable, TotalsBlock, TaiwanStatusTag } from "../_shell.exhibitTL.twExhibitsDeclaration/filing-parts";
import { DECISION_FIELDS, DecisionForms } from "./decision-forms";
import "~/contracts/transport/texts";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/taiwan/texts";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "vehicles.taiwan.review.title" } satisfies PageHandle;

const PATH = "/exhibitTL/twExhibitsReview";
const FILTERS = ["submitted", "accepted", "returned"] as const;
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The customs agent's review of the Taiwan exhibits filings (the organizer, roleId 1: its menu row is
 * granted to no other role): the list by status with a pager and the export, and `?id=` one filing
 * with its lines and the two decisions, accept or return with comments.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("id"));
  if (url.searchParams.has("id")) {
    if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
    const [filing, history] = await Promise.all([
      api.call(taiwanFilingEndpoints.reviewDetail, { id }).then((result) => requireOk(result, request, context)),
      loadRecordHistory(api, "taiwanFiling", id),
    ]);
    const held = await heldFormValues(request, context, formHolderOf(info), ["intent", ...DECISION_FIELDS], "decide");
    const constraints = formConstraints({ decision: taiwanReviewSchema });
    return json(
      { title: translate(language, "vehicles.taiwan.review.detailTitle", { id }), filing, history, list: null, status: null, held: held.values, constraints },
      { headers: held.headers },
    );
  }
  const status = FILTERS.find((s) => s === url.searchParams.get("status")) ?? null;
  const page = pageFrom(url.searchParams);
  const list = await requireOk(await api.call(taiwanFilingEndpoints.reviewList, { status: status ?? undefined, page }), request, context);
  return json({ title: translate(language, "vehicles.taiwan.review.title"), filing: null, history: null, list, status, held: null, constraints: null });
}

type Reply = { result?: SubmissionResult<string[]>; error?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  if (formData.get("intent") !== "decide") throw redirect(PATH);
  const submission = parseWithZod(formData, { schema: taiwanReviewSchema });
  if (submission.status !== "success") return json({ result: submission.reply() } satisfies Reply, { status: 400, headers: NO_STORE });
  const result = await handleAuthErrors(await api.call(taiwanFilingEndpoints.decide, rawFields(formData, DECISION_FIELDS)), request, context);
  if (!result.ok) {
    // A decision on a filing decided meanwhile (409) is no field's fault: said over the page.
    if (result.code === 409 || result.code === 404) return json({ error: result.message } satisfies Reply, { status: result.code, headers: NO_STORE });
    return json({ result: replyToApiFailure(submission, result, ["comment"]) } satisfies Reply, { status: 400, headers: NO_STORE });
  }
  const key = submission.value.decision === "accept" ? "vehicles.taiwan.review.acceptedToast" : "vehicles.taiwan.review.returnedToast";
  return redirectWithToast(PATH, context, { kind: "success", key });
}

function FilingDetail({
  filing,
  history,
  held,
  constraint,
  reply,
  pending,
}: {
  filing: TaiwanReviewDetail;
  history: HistoryEntry[] | null;
  held: Record<string, unknown> | null;
  constraint: FormConstraint;
  reply: Reply | undefined;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1100} data-testid="tw-review-detail">
      <Panel>
        <Group justify="space-between" wrap="wrap">
          <PageHeading title={t("vehicles.taiwan.review.detailTitle", { id: filing.id })} />
          <TaiwanStatusTag status={filing.status} />
        </Group>
        <Anchor component={Link} to={PATH} size="sm">
          {t("vehicles.taiwan.review.back")}
        </Anchor>
        <ActionError message={reply?.error} />
        <Text fw={600} style={{ overflowWrap: "anywhere" }} data-testid="tw-review-exhibitor">
          {filing.exhibitorName}
        </Text>
        <ImporterFacts filing={filing} />
        <Text size="xs" c="dimmed">
          {t("vehicles.taiwan.submittedAt", { at: exhibitionDateTime(filing.submittedAt) })}
          {filing.reviewedAt ? ` · ${t("vehicles.taiwan.reviewedAt", { at: exhibitionDateTime(filing.reviewedAt) })}` : ""}
        </Text>
        {filing.reviewComment ? (
          <Alert color={filing.status === "returned" ? "orange" : "gray"} title={t("vehicles.fields.comment")}>
            {filing.reviewComment}
          </Alert>
        ) : null}
      </Panel>
      <Panel title={t("vehicles.taiwan.linesTitle")}>
        <LinesTable lines={filing.lines} />
        <TotalsBlock filing={filing} />
      </Panel>
      {filing.decidable ? (
        <DecisionForms filing={filing} held={held} constraint={constraint} lastResult={reply?.result} pending={pending} />
      ) : (
        <Text size="sm" c="dimmed" data-testid="tw-decided">
          {t("vehicles.taiwan.review.decided")}
        </Text>
      )}
      {history ? (
        <Panel>
          <RecordHistory entries={history} order={2} />
        </Panel>
      ) : null}
    </Stack>
  );
}

export default function TaiwanReviewPage() {
  const { t } = useTranslation();
  const { filing, history, list, status, held, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  if (filing) return <FilingDetail filing={filing} history={history} held={held} constraint={constraints!.decision} reply={actionData} pending={pending} />;
  if (!list) return null;
  const link = (next: { status?: TaiwanStatus | null; page?: number }) =>
    addressWith(PATH, { status: next.status === undefined ? status : next.status, page: pageValue(next.page) });
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} maw={1100}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <PageHeading title={t("vehicles.taiwan.review.title")} />
          {/* A plain link: the browser saves the file, with or without JavaScript. */}
          <Button component="a" href={`${PATH}/export`} download variant="light" data-testid="tw-export">
            {t("vehicles.taiwan.review.export")}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t("vehicles.taiwan.review.intro")}
        </Text>
        <FilterLinks
          label={t("vehicles.fields.status")}
          testId="tw-review-filters"
          all={{ label: t("vehicles.taiwan.review.all"), testId: "tw-filter-all" }}
          options={FILTERS.map((s) => ({ value: s, label: `${t(`vehicles.taiwanStatuses.${s}`)} (${list.counts[s]})`, testId: `tw-filter-${s}` }))}
          current={status}
          link={(s) => link({ status: s })}
        />
        {list.items.length ? (
          <ListTable
            minWidth={820}
            testId="tw-review-list"
            heads={[
              "vehicles.taiwan.review.filing",
              "vehicles.taiwan.review.exhibitor",
              "vehicles.fields.importerName",
              <Table.Th key="vehicles.taiwan.review.lines" style={{ textAlign: "right" }}>
                {t("vehicles.taiwan.review.lines")}
              </Table.Th>,
              <Table.Th key="vehicles.taiwan.totals" style={{ textAlign: "right" }}>
                {t("vehicles.taiwan.totals")}
              </Table.Th>,
              "vehicles.fields.status",
            ]}
          >
            {list.items.map((item) => (
              <Table.Tr key={item.id} data-testid={`tw-review-${item.id}`}>
                <Table.Td>
                  <Anchor component={Link} to={`${PATH}?id=${item.id}`}>
                    {t("vehicles.taiwan.review.filingNo", { id: item.id })}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {exhibitionDateTime(item.submittedAt)}
                  </Text>
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>
                  {item.exhibitorName}
                  <Text size="xs" c="dimmed">
                    {item.boothNo}
                  </Text>
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{item.importerName}</Table.Td>
                <Table.Td style={{ textAlign: "right" }}>{item.lineCount}</Table.Td>
                <Table.Td style={{ textAlign: "right", whiteSpace: "nowrap" }}>
                  {item.totals.map((total) => (
                    <div key={total.currency}>{currencyAmount(total.cents, total.currency)}</div>
                  ))}
                </Table.Td>
                <Table.Td>
                  <TaiwanStatusTag status={item.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        ) : (
          <Text c="dimmed">{t("vehicles.taiwan.review.empty")}</Text>
        )}
        <ListPager page={list.page} pageSize={list.pageSize} total={list.total} link={(page) => link({ page })} keys={TRANSPORT_PAGER_KEYS} />
      </Stack>
    </Paper>
  );
}
