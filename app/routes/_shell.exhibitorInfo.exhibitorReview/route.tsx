import { shellTitle } from "~/lib/page-title";
import { Anchor, Button, Group, NativeSelect, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { ProfileStatusBanner, ProfileSummary } from "~/features/exhibitor/profile-status";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { loadStepOptions } from "~/features/exhibitor/profile.server";
import { exhibitorEndpoints } from "~/contracts/exhibitor/endpoints.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { requireShellUser } from "~/lib/permissions.server";
import { reviewDecisionSchema } from "~/features/exhibitor/schema.server";
import { PROFILE_STATUSES } from "~/contracts/exhibitor/values";
import { Toast } from "~/components/toast";
import "~/contracts/exhibitor/texts";
import { ReviewDecisionForm } from "~/components/review/decision-form";
import { loadRecordHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "exhibitor.review.title" };

const noStore = { "Cache-Control": "no-store" };

/** The organizer's review of exhibitor data (roleId 1; the API refuses everyone else). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const title = translate(language, "exhibitor.review.title");
  const userId = Number(url.searchParams.get("userId"));
  if (Number.isInteger(userId) && userId > 0) {
    // The profile and its history of changes side by side; the history is null for a staff role without the exhibitor data area.
    const [profile, history] = await Promise.all([
      api.call(exhibitorEndpoints.reviewDetail, { userId }).then((result) => requireOk(result, request, context)),
      loadRecordHistory(api, "exhibitorProfile", userId),
    ]);
    const draft = (profile.submitted ?? profile.draft) as Record<string, unknown>;
    const options = {
      ...(await loadStepOptions(api, "company", draft, language, request, context)),
      ...(await loadStepOptions(api, "exhibits", draft, language, request, context)),
    };
    const constraints = formConstraints({ review: reviewDecisionSchema });
    return json(
      {
        title,
        language,
        view: "detail" as const,
        userId,
        profile,
        history,
        options,
        constraints,
        list: null,
        status: null,
        decided: url.searchParams.get("decided") === "1",
      },
      { headers: noStore },
    );
  }
  const status = PROFILE_STATUSES.find((s) => s === url.searchParams.get("status")) ?? "under_review";
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const list = await requireOk(await api.call(exhibitorEndpoints.reviewList, { status, page, pageSize: 20 }), request, context);
  return json(
    { title, language, view: "list" as const, userId: null, profile: null, history: null, options: null, constraints: null, list, status, decided: false },
    { headers: noStore },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: reviewDecisionSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), confirmApprove: false }, { status: 400, headers: noStore });
  const { userId, decision, comment } = submission.value;
  // An approval cannot be taken back from this page: it is asked once more, the comment kept.
  if (decision === "approve" && formData.get("confirmed") !== "1") return json({ result: submission.reply(), confirmApprove: true }, { headers: noStore });
  const result = await handleAuthErrors(await api.call(exhibitorEndpoints.decide, { userId, decision, comment }), request, context);
  if (!result.ok)
    return json({ result: replyToApiFailure(submission, result, ["decision", "comment"]), confirmApprove: false }, { status: 400, headers: noStore });
  return redirect(`/exhibitorInfo/exhibitorReview?userId=${userId}&decided=1`);
}

export default function ReviewPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <Paper withBorder p="lg">
      {data.view === "detail" ? <ReviewDetail /> : <ReviewListView />}
    </Paper>
  );
}

function ReviewListView() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const list = data.list!;
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const pageLink = (page: number) => `?${new URLSearchParams({ status: data.status ?? "under_review", page: String(page) })}`;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("exhibitor.review.title")}
      </Title>
      <Form method="get">
        <Group align="end">
          <NativeSelect
            name="status"
            label={t("exhibitor.review.filter")}
            defaultValue={data.status ?? "under_review"}
            data={PROFILE_STATUSES.map((s) => ({ value: s, label: t(`exhibitor.status.${s}`) }))}
          />
          <Button type="submit" variant="default">
            {t("exhibitor.review.open")}
          </Button>
        </Group>
      </Form>
      {list.rows.length === 0 ? (
        <Text c="dimmed" data-testid="review-empty">
          {t("exhibitor.review.empty")}
        </Text>
      ) : (
        <Table striped withTableBorder data-testid="review-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("exhibitor.review.exhibitor")}</Table.Th>
              <Table.Th>{t("exhibitor.review.company")}</Table.Th>
              <Table.Th>{t("exhibitor.review.submittedAt")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.rows.map((row) => (
              <Table.Tr key={row.userId}>
                <Table.Td>{row.username}</Table.Td>
                <Table.Td>{(data.language === "en" ? row.companyNameEn : row.companyNameZh) ?? row.companyNameZh ?? "—"}</Table.Td>
                <Table.Td>{row.submittedAt ? new Date(row.submittedAt).toISOString().slice(0, 16).replace("T", " ") : "—"}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`?userId=${row.userId}`}>
                    {t("exhibitor.review.open")}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group gap="sm">
        {list.page > 1 ? (
          <Anchor component={Link} to={pageLink(list.page - 1)}>
            {t("exhibitor.review.previousPage")}
          </Anchor>
        ) : null}
        <Text size="sm">{t("exhibitor.review.pageOf", { page: list.page, pages })}</Text>
        {list.page < pages ? (
          <Anchor component={Link} to={pageLink(list.page + 1)}>
            {t("exhibitor.review.nextPage")}
          </Anchor>
        ) : null}
      </Group>
    </Stack>
  );
}

function ReviewDetail() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const profile = data.profile!;
  const { decided } = data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/exhibitorInfo/exhibitorReview">
        {t("exhibitor.review.back")}
      </Anchor>
      <Title order={1} size="h3">
        {t("exhibitor.review.title")}
      </Title>
      {decided ? <Toast kind="success">{t("exhibitor.review.decided")}</Toast> : null}
      <ProfileStatusBanner profile={profile} language={data.language} />
      {profile.status === "under_review" ? (
        <ReviewDecisionForm
          formId="review"
          record={{ userId: data.userId ?? "" }}
          reply={{ constraint: data.constraints!.review, lastResult: actionData?.result }}
          commentMax={500}
          labels={{
            comment: t("exhibitor.review.comment"),
            commentHint: t("exhibitor.review.commentHint"),
            approve: t("exhibitor.review.approve"),
            return: t("exhibitor.review.return"),
          }}
          approveDisabled={Boolean(actionData?.confirmApprove)}
          confirmation={
            actionData?.confirmApprove ? (
              <Paper withBorder p="md" role="alertdialog" aria-labelledby="confirm-approve" data-testid="confirm-approve">
                <Stack gap="sm">
                  <Text id="confirm-approve" fw={500}>
                    {t("exhibitor.review.confirmApprove")}
                  </Text>
                  <Group>
                    <input type="hidden" name="confirmed" value="1" />
                    <Button type="submit" name="decision" value="approve" color="green" loading={isPending}>
                      {t("exhibitor.review.confirmApproveYes")}
                    </Button>
                    <Button component={Link} to={`/exhibitorInfo/exhibitorReview?userId=${data.userId}`} variant="default">
                      {t("exhibitor.review.keepReviewing")}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ) : null
          }
        />
      ) : null}
      <ProfileSummary profile={profile} options={data.options ?? {}} />
      {/* Named apart from the profile's own "History" (its review steps): this one lists every field changed, by whom. */}
      <RecordHistory entries={data.history} title="team.history.changesSection" order={2} />
    </Stack>
  );
}
