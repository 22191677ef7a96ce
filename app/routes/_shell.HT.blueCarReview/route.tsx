import { ReturnedNote } from "../_shell.exhibitTL.truckInformationSubmit/truck-cells";
import { ListTable } from "~/components/list-table";
import { shellTitle } from "~/lib/page-title";
import type { SubmissionResult } from "@conform-to/react";
import { Anchor, Paper, Stack, Table, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { translate } from "~/contracts/i18n/translate.server";
import { BLUE_CAR_SCANS } from "~/contracts/vehicles/blue-cars/values";
import { BLUE_CAR_PAGES } from "~/contracts/vehicles/kinds";
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
import { type DecideReply, decideAction } from "~/features/vehicles/review-action.server";
import { reviewAddress, reviewFilters } from "~/features/vehicles/review-address";
import { StatusTag } from "~/features/vehicles/row-parts";
import { DecisionCell, VehicleReviewPanel } from "~/features/vehicles/review-panel";
import { loadRecordHistory } from "~/features/team/record-history.server";
import { DECISION_FIELDS, DecisionForms } from "./decision-forms";
import { SettingsForm } from "./settings-form";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/blue-cars/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "vehicles.blueCars.review.title" } satisfies PageHandle;

const KIND = BLUE_CAR_PAGES;
const NO_STORE = { "Cache-Control": "no-store" };
const SETTINGS_FIELDS = ["trafficPageUrlEn", "guideZh", "guideEn"] as const;

/**
 * The organizer's review of blue-plate cars (issue 41; menu row 85, roleId 1 only): waiting cars
 * first, 50 a page, a status to narrow, per row approve (pass number, validity) or return (comment),
 * and the settings: the English traffic page and the guide texts.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const filters = reviewFilters(request, KIND);
  const [list, settings, history] = await Promise.all([
    api.call(blueCarEndpoints.reviewList, { status: filters.status ?? undefined, page: filters.page }).then((r) => requireOk(r, request, context)),
    api.call(blueCarEndpoints.settings).then((r) => requireOk(r, request, context)),
    filters.history ? loadRecordHistory(api, KIND.historyType, filters.history) : null,
  ]);
  return json({
    title: translate(language, "vehicles.blueCars.review.title"),
    list,
    settings,
    filters,
    history,
    constraints: formConstraints({ decision: blueCarDecisionSchema, settings: blueCarSettingsSchema }),
  });
}

type Reply = DecideReply & { settings?: SubmissionResult<string[]>; guidePreview?: { guideZh: string; guideEn: string } };

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
    return redirectWithToast(reviewAddress(KIND, reviewFilters(request, KIND)), context, { kind: "success", key: "vehicles.blueCars.settings.saved" });
  }
  if (intent !== "decide") throw new Response("Bad request", { status: 400 });
  return decideAction(
    { request, context, api, formData },
    { kind: KIND, schema: blueCarDecisionSchema, endpoint: blueCarEndpoints.decide, fields: DECISION_FIELDS, passThrough: [404, 400] },
  );
}

export default function BlueCarReviewPage() {
  const { t } = useTranslation();
  const { list, settings, filters, history, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  return (
    <Stack gap="lg" maw={1200}>
      <VehicleReviewPanel
        kind={KIND}
        history={history}
        list={list}
        filters={filters}
        error={actionData?.error}
        rows={
          <ListTable
            minWidth={1000}
            testId="blue-car-review-list"
            heads={[
              "vehicles.blueCars.fields.plate",
              "vehicles.blueCars.review.exhibitor",
              "vehicles.blueCars.review.scans",
              "vehicles.blueCars.fields.status",
              "vehicles.blueCars.fields.decision",
            ]}
          >
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
                  <StatusTag kind={KIND} status={car.status} />
                  {car.status === "approved" ? (
                    <Text size="xs">{t("vehicles.blueCars.passLine", { passNo: car.passNo, from: car.validFrom, to: car.validTo })}</Text>
                  ) : null}
                  <ReturnedNote status={car.status} reason={car.reviewComment && t("vehicles.blueCars.returnedBecause", { comment: car.reviewComment })} />
                </Table.Td>
                <Table.Td>
                  <DecisionCell
                    kind={KIND}
                    filters={filters}
                    row={car}
                    forms={
                      <DecisionForms car={car} constraint={constraints.decision} reply={actionData?.decision ?? null} pending={pending} days={list.days} />
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        }
      />
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
