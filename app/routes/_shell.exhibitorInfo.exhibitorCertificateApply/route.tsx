import { buttonGrantsFor } from "~/lib/buttons.server";
import { shellTitle } from "~/lib/page-title";
import { Button, Group, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { badgeIdSchema, badgeListQuerySchema, badgeSchema, badgeUpdateSchema } from "~/features/badges/schema.server";
import type { BadgeDetail as BadgeDetailView } from "~/contracts/badges/api-types";
import { badgeEndpoints } from "~/contracts/badges/endpoints.server";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { ConfirmDelete } from "~/features/booking-forms/parts";
import { translate } from "~/contracts/i18n/translate.server";
import { requireOk } from "~/lib/api.server";
import { heldFormValues } from "~/lib/form-hold.server";
import { formConstraints } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { loadRecordHistory } from "~/features/team/record-history.server";
import type { HistoryEntry } from "~/contracts/team/api-types";
import { BadgeDetail } from "./badge-detail";
import { BADGE_FORM_FIELDS, BadgeForm } from "./badge-form";
import { BadgeTable } from "./badge-table";
import { ExcelPanel } from "./excel-panel";
import { QuotaPanel } from "./quota-panel";
import { badgeAction } from "./action.server";
import { BADGES_PATH, listPath } from "./list-query";
import { DEADLINE_ACTIONS } from "~/contracts/calendar/values";
import { useActionWindow } from "~/lib/use-button";
import "~/contracts/badges/texts";
import { PagePanel } from "~/components/page-panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "badges.title" } satisfies PageHandle;

/** At most one page of ticked badges is confirmed for deletion at once. */
const MAX_TICKED = 50;

/**
 * The exhibitor's badges (spec /exhibitorInfo/exhibitorCertificateApply). One page, views by query,
 * each a plain link or GET form so all of it works without JavaScript: the list with the new-badge
 * form, `?id=` the detail, `?edit=` the edit form, `?delete=` (one or several, the ticked rows) the
 * confirmation. Ids are only looked up through the API, which answers 404 for anyone else's.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const { api, language, info } = user;
  const url = new URL(request.url);
  const parsedQuery = badgeListQuerySchema.safeParse({
    keyword: url.searchParams.get("keyword") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
    pageSize: url.searchParams.get("pageSize") ?? undefined,
  });
  // A hand-edited address (page 0, 7 rows, a keyword too long) shows the first page instead of an error page.
  const query = parsedQuery.success ? parsedQuery.data : { keyword: undefined, page: 1, pageSize: 10 };
  const list = await requireOk(await api.call(badgeEndpoints.list, { keyword: query.keyword, page: query.page, pageSize: query.pageSize }), request, context);

  const idOf = (raw: string | null) => {
    const parsed = badgeIdSchema.safeParse({ id: raw });
    if (!parsed.success) throw new Response("Not found", { status: 404 });
    return parsed.data.id;
  };
  const fetchBadge = async (id: number) => requireOk(await api.call(badgeEndpoints.info, { id }), request, context);

  let mode: "id" | "edit" | "delete" | null = null;
  let selected: BadgeDetailView | null = null;
  let ticked: BadgeDetailView[] = [];
  let history: HistoryEntry[] | null = null;
  if (url.searchParams.get("id")) {
    // The badge and its history side by side; the history is null for a member without the badges area.
    const id = idOf(url.searchParams.get("id"));
    mode = "id";
    [selected, history] = await Promise.all([fetchBadge(id), loadRecordHistory(api, "badge", id)]);
  } else if (url.searchParams.get("edit")) [mode, selected] = ["edit", await fetchBadge(idOf(url.searchParams.get("edit")))];
  else if (url.searchParams.has("delete")) {
    const ids = [
      ...new Set(
        url.searchParams
          .getAll("delete")
          .flatMap((v) => v.split(","))
          .filter(Boolean),
      ),
    ];
    if (ids.length > MAX_TICKED) throw new Response("Bad request", { status: 400 });
    mode = "delete";
    ticked = ids.length ? await Promise.all(ids.map((id) => fetchBadge(idOf(id)))) : [];
  }

  const booths = info.infoVO.booths;
  const defaultBooth = String(booths.find((b) => b.boothId === info.infoVO.boothId)?.boothId ?? booths[0]?.boothId ?? "");
  const company = (language === "en" ? info.infoVO.businessNameEn || info.infoVO.businessName : info.infoVO.businessName || info.infoVO.businessNameEn) ?? "";
  // What was typed before the session ended comes back once, into the same form (new, or that badge's edit).
  const held = await heldFormValues(request, context, formHolderOf(info), [...BADGE_FORM_FIELDS, "id", uploadFieldNames("photoUrl").name], "save");
  const heldHere = held.values && String(held.values.id ?? "") === (mode === "edit" && selected ? String(selected.id) : "") ? held.values : null;
  const schemaLanguage = language === "en" ? "en" : "zh";
  return json(
    {
      title: translate(language, "badges.title"),
      buttonGrants: buttonGrantsFor(user, [DEADLINE_ACTIONS.badges.menuId]),
      list,
      query: { keyword: query.keyword ?? "", page: query.page, pageSize: query.pageSize },
      queryInvalid: !parsedQuery.success,
      mode,
      selected,
      history,
      ticked,
      booths,
      defaultBooth,
      company,
      held: heldHere,
      constraints: formConstraints({ create: badgeSchema(schemaLanguage), update: badgeUpdateSchema(schemaLanguage) }),
    },
    { headers: held.headers },
  );
}

export async function action(args: ActionFunctionArgs) {
  return badgeAction(args);
}

export default function BadgesPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const { selected, mode, list } = data;
  const closed = list.window.closed;
  // The organizer's closed message, from the same calendar button the API holds the list by (decision 035).
  const { closedMessage } = useActionWindow(DEADLINE_ACTIONS.badges);
  const windowText = list.window.opensAt
    ? t("common.actionWindow.opens", { opens: exhibitionDateTime(list.window.opensAt) })
    : list.window.deadline
      ? closed
        ? (closedMessage ?? t("badges.page.closed", { deadline: exhibitionDateTime(list.window.deadline) }))
        : t("badges.page.deadline", { deadline: exhibitionDateTime(list.window.deadline) })
      : null;
  const canApply = !closed && data.booths.length > 0;
  const backToList = listPath(data.query);

  return (
    <Stack gap="lg" maw={1100}>
      <PagePanel title={t("badges.title")} intro={t("badges.page.intro")}>
        {windowText ? (
          <Text size="sm" data-testid="badge-deadline" c={closed ? "red.9" : undefined} fw={closed ? 500 : undefined} role={closed ? "status" : undefined}>
            {windowText}
          </Text>
        ) : null}
        {data.booths.length === 0 ? <Text c="dimmed">{t("badges.errors.noBooth")}</Text> : <QuotaPanel quota={list.quota} />}
        {list.total > 0 ? (
          <Text size="sm" data-testid="attendance">
            {t("badges.page.attendance")}:{" "}
            {list.arrivedAt ? `${t("badges.checkIn.arrived")} ${exhibitionDateTime(list.arrivedAt)} (UTC+8)` : t("badges.checkIn.notArrived")}
          </Text>
        ) : null}
        {selected && mode === "id" ? <BadgeDetail badge={selected} history={data.history} backTo={backToList} readOnly={closed} /> : null}
        {mode === "delete" && data.ticked.length > 0 ? (
          <ConfirmDelete
            question={
              data.ticked.length === 1
                ? t("badges.page.deleteOne", { name: data.ticked[0]!.holderName })
                : t("badges.page.deleteMany", { count: data.ticked.length, names: data.ticked.map((b) => b.holderName).join(", ") })
            }
            fields={{ ids: data.ticked.map((b) => b.id).join(",") }}
            cancelTo={backToList}
            pending={isPending}
          />
        ) : null}
        {mode === "delete" && data.ticked.length === 0 ? (
          <Text c="red.9" role="alert">
            {t("badges.errors.noneTicked")}
          </Text>
        ) : null}
        {canApply && (mode === null || mode === "edit") ? (
          <BadgeForm
            key={selected?.id ?? "new"}
            booths={data.booths}
            defaultBooth={data.defaultBooth}
            company={data.company}
            editing={mode === "edit" ? selected : null}
            held={data.held}
            constraint={mode === "edit" ? data.constraints.update : data.constraints.create}
            lastResult={actionData?.intent === "save" ? actionData.result : null}
            pending={isPending}
            cancelTo={selected ? `${BADGES_PATH}?id=${selected.id}` : BADGES_PATH}
          />
        ) : null}
      </PagePanel>
      <BadgeTable list={list} query={data.query} queryInvalid={data.queryInvalid} readOnly={closed} />
      <ExcelPanel
        canImport={canApply}
        importResult={actionData?.intent === "import" ? actionData : null}
        pending={isPending}
        keyword={data.query.keyword}
        hasBadges={list.total > 0}
      />
      {mode ? (
        <Group>
          <Button component={Link} to={backToList} variant="default">
            {t("badges.page.backToList")}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
