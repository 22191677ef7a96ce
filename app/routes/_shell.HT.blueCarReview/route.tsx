import { shellTitle } from "~/lib/page-title";
import type { SubmissionResult } from "@conform-to/react";
import { Anchor, Badge as Tag, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ActionError } from "~/components/form-error";
import { ListPager } from "~/components/list-pager";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { translate } from "~/contracts/i18n/translate.server";
import { BLUE_CAR_SCANS, BLUE_CAR_STATUSES, type BlueCarStatus } from "~/contracts/vehicles/blue-cars/values";
import { blueCarEndpoints } from "~/contracts/vehicles/endpoints.server";
import { rawFields } from "~/features/transport/forms.server";
import { blueCarDecisionSchema, blueCarSettingsSchema } from "~/features/vehicles/blue-cars/schema.server";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { STATUS_COLORS } from "../_shell.HT.blueCarGuide/car-rows";
import { DECISION_FIELDS, DecisionForms, type DecisionReply } from "./decision-forms";
import { SettingsForm } from "./settings-form";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/blue-cars/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "vehicles.blueCars.review.title" } satisfies PageHandle;

const PATH = "/HT/blueCarReview";
const NO_STORE = { "Cache-Control": "no-store" };
const SETTINGS_FIELDS = ["trafficPageUrlEn", "guideZh", "guideEn"] as const;

/** The page's filters from its address: a status and a page (anything else is dropped). */
function filtersOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const status = BLUE_CAR_STATUSES.find((s) => s === params.get("status")) ?? null;
  const page = Math.max(1, Math.min(10_000, Number(params.get("page")) || 1));
  return { status, page };
}
const addressOf = (filters: { status: BlueCarStatus | null; page: number }) => {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
};

/**
 * The organizer's review of blue-plate cars (issue 41; menu row 85, roleId 1 only): waiting cars
 * first, 50 a page, a status to narrow, per row approve (pass number, validity) or return (comment),
 * and the settings: the English traffic page and the guide texts.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const filters = filtersOf(request);
  const [list, settings] = await Promise.all([
    api.call(blueCarEndpoints.reviewList, { status: filters.status ?? undefined, page: filters.page }).then((r) => requireOk(r, request, context)),
    api.call(blueCarEndpoints.settings).then((r) => requireOk(r, request, context)),
  ]);
  return json({
    title: translate(language, "vehicles.blueCars.review.title"),
    list,
    settings,
    filters,
    constraints: formConstraints({ decision: blueCarDecisionSchema, settings: blueCarSettingsSchema }),
  });
}

type Reply = { decision?: DecisionReply; settings?: SubmissionResult<string[]>; guidePreview?: { guideZh: string; guideEn: string }; error?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "previewSettings") {
    // The guide as exhibitors will read it; nothing saved, what was typed kept.
    const submission = parseWithZod(formData, { schema: blueCarSettingsSchema });
    const typed = (name: string) => String(formData.get(name) ?? "");
    return json({ settings: submission.reply(), guidePreview: { guideZh: typed("guideZh"), guideEn: typed("guideEn") } } satisfies Reply, {
      status: submission.status === "success" ? 200 : 400,
      headers: NO_STORE,
    });
  }
  if (intent === "settings") {
    const submission = parseWithZod(formData, { schema: blueCarSettingsSchema });
    if (submission.status !== "success") return json({ settings: submission.reply() } satisfies Reply, { status: 400, headers: NO_STORE });
    const result = await handleAuthErrors(await api.call(blueCarEndpoints.saveSettings, rawFields(formData, SETTINGS_FIELDS)), request, context);
    if (!result.ok) return json({ settings: replyToApiFailure(submission, result, SETTINGS_FIELDS) } satisfies Reply, { status: 400, headers: NO_STORE });
    return redirectWithToast(addressOf(filtersOf(request)), context, { kind: "success", key: "vehicles.blueCars.settings.saved" });
  }
  if (intent !== "decide") throw new Response("Bad request", { status: 400 });
  const submission = parseWithZod(formData, { schema: blueCarDecisionSchema });
  const which = { id: String(formData.get("id") ?? ""), decision: String(formData.get("decision") ?? "") };
  if (submission.status !== "success") return json({ decision: { ...which, result: submission.reply() } } satisfies Reply, { status: 400, headers: NO_STORE });
  const result = await handleAuthErrors(await api.call(blueCarEndpoints.decide, rawFields(formData, DECISION_FIELDS)), request, context);
  if (!result.ok)
    return json({ error: result.message } satisfies Reply, { status: result.code === 404 ? 404 : result.code === 400 ? 400 : 409, headers: NO_STORE });
  return redirectWithToast(addressOf(filtersOf(request)), context, {
    kind: "success",
    key: submission.value.decision === "approve" ? "vehicles.blueCars.review.approved" : "vehicles.blueCars.review.returned",
  });
}

export default function BlueCarReviewPage() {
  const { t } = useTranslation();
  const { list, settings, filters, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  const link = (next: Partial<typeof filters>) => addressOf({ ...filters, page: 1, ...next });
  return (
    <Stack gap="lg" maw={1200}>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t("vehicles.blueCars.review.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("vehicles.blueCars.review.intro")}
          </Text>
          <ActionError message={actionData?.error} />
          <Group gap="md" data-testid="blue-car-review-filters">
            <Anchor component={Link} to={link({ status: null })} fw={filters.status ? undefined : 700}>
              {t("vehicles.blueCars.review.all")}
            </Anchor>
            {BLUE_CAR_STATUSES.map((s) => (
              <Anchor key={s} component={Link} to={link({ status: s })} fw={filters.status === s ? 700 : undefined} data-testid={`blue-car-filter-${s}`}>
                {t(`vehicles.blueCars.statuses.${s}`)} ({list.counts[s] ?? 0})
              </Anchor>
            ))}
          </Group>
          {list.items.length ? (
            <Table.ScrollContainer minWidth={1000}>
              <Table striped withTableBorder data-testid="blue-car-review-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("vehicles.blueCars.fields.plate")}</Table.Th>
                    <Table.Th>{t("vehicles.blueCars.review.exhibitor")}</Table.Th>
                    <Table.Th>{t("vehicles.blueCars.review.scans")}</Table.Th>
                    <Table.Th>{t("vehicles.blueCars.fields.status")}</Table.Th>
                    <Table.Th>{t("vehicles.blueCars.fields.decision")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.items.map((car) => (
                    <Table.Tr key={car.id} data-testid={`blue-car-review-${car.id}`}>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>
                        <Text fw={600}>{car.plate}</Text>
                        <Text size="xs" c="dimmed">
                          {car.ownerName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t("vehicles.blueCars.neededLine", { from: car.neededFrom, to: car.neededTo })}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>
                        {car.exhibitorName}
                        {car.plateConflicts.length ? (
                          <Stack gap={0} mt={4} data-testid="blue-car-plate-conflict">
                            <Text size="xs" c="red.8" fw={600}>
                              {t("vehicles.blueCars.review.plateConflict")}
                            </Text>
                            {car.plateConflicts.map((other, i) => (
                              // biome-ignore lint/suspicious/noArrayIndexKey: the same exhibitor may hold the plate once only, but names can repeat
                              <Text key={i} size="xs" c="red.8">
                                {other.exhibitorName} · {t(`vehicles.blueCars.statuses.${other.status}`)}
                              </Text>
                            ))}
                          </Stack>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={2}>
                          {BLUE_CAR_SCANS.map((scan) => {
                            const file = car.scans[scan];
                            return file ? (
                              <Anchor key={scan} href={file.url} target="_blank" rel="noopener" size="xs">
                                {file.name}
                              </Anchor>
                            ) : null;
                          })}
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <Tag color={STATUS_COLORS[car.status]} variant="light" data-testid="blue-car-status">
                          {t(`vehicles.blueCars.statuses.${car.status}`)}
                        </Tag>
                        {car.status === "approved" ? (
                          <Text size="xs">{t("vehicles.blueCars.passLine", { passNo: car.passNo, from: car.validFrom, to: car.validTo })}</Text>
                        ) : null}
                        {car.status === "returned" && car.reviewComment ? (
                          <Text size="xs" c="orange.9" style={{ overflowWrap: "anywhere" }}>
                            {t("vehicles.blueCars.returnedBecause", { comment: car.reviewComment })}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        {car.status === "submitted" ? (
                          <DecisionForms car={car} constraint={constraints.decision} reply={actionData?.decision ?? null} pending={pending} days={list.days} />
                        ) : car.status === "approved" ? (
                          <Anchor href={`/HT/blueCarGuide/pass?id=${car.id}`} size="sm" data-testid={`blue-car-pass-${car.id}`}>
                            {t("vehicles.blueCars.downloadPass")}
                          </Anchor>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text c="dimmed">{t("vehicles.blueCars.review.empty")}</Text>
          )}
          <ListPager
            page={list.page}
            pageSize={list.pageSize}
            total={list.total}
            link={(page) => link({ page })}
            keys={{ previous: "vehicles.blueCars.review.previous", next: "vehicles.blueCars.review.next", pageOf: "vehicles.blueCars.review.pageOf" }}
          />
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <SettingsForm
          settings={settings}
          constraint={constraints.settings}
          lastResult={actionData?.settings}
          preview={actionData?.guidePreview ?? null}
          pending={pending}
        />
      </Paper>
    </Stack>
  );
}
