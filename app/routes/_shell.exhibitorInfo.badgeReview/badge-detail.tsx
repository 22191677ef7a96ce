import { Anchor, Group, Image, List, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";
import type { BadgeEventView, BadgeReviewInfo } from "~/contracts/badges/review-types";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { formatMoney } from "~/contracts/common/format";
import { ReviewDecisionForm } from "~/components/review/decision-form";
import { REVIEW_COMMENT_MAX } from "~/contracts/badges/review-values";
import type { FormReply } from "~/lib/forms";
import { PAGE_PATH, PRINT_PATH } from "./filters";
import { FieldTable } from "~/components/field-table";
import { holderRows, StatusTag } from "~/features/badges/badge-parts";
import type { HistoryEntry } from "~/contracts/team/api-types";
import { RecordHistory } from "~/features/team/record-history";
import "~/contracts/badges/texts";

const KNOWN_ACTIONS = new Set(["created", "updated", "resubmitted", "returned", "approved", "deleted", "checkedIn", "checkedInAgain"]);

function History({ events }: { events: BadgeEventView[] }) {
  const { t } = useTranslation();
  if (!events.length) return <Text c="dimmed">{t("badges.review.noHistory")}</Text>;
  return (
    <List spacing="xs" listStyleType="none" data-testid="review-history">
      {events.map((event, index) => {
        const action = event.action.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: two events of a badge can read the same (e.g. two check-ins in one instant); the history is append-only and shown in the server's order, never reordered
          <List.Item key={`${event.createdAt}-${event.action}-${index}`} data-action={event.action}>
            <Text size="sm">
              <Text span c="dimmed">
                {exhibitionDateTime(event.createdAt)} (UTC+8)
              </Text>{" "}
              <Text span fw={500}>
                {KNOWN_ACTIONS.has(action) ? t(`badges.review.actions.${action}`) : event.action}
              </Text>{" "}
              · {event.actorLabel}
            </Text>
            {event.comment ? (
              <Text size="sm" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
                {t("badges.review.commentLine", { comment: event.comment })}
              </Text>
            ) : null}
          </List.Item>
        );
      })}
    </List>
  );
}

/** One badge with every field unmasked (roleId 1), its photo, its review history, the decision form and every change made to it. */
export function BadgeDetail({ badge, history, back, reply }: { badge: BadgeReviewInfo; history: HistoryEntry[] | null; back: string; reply: FormReply }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    ["badges.review.fields.exhibitor", badge.exhibitorName],
    ...holderRows(badge, t),
    ["badges.fields.kind", t(`badges.kinds.${badge.kind}`)],
    ["badges.review.price", formatMoney(badge.priceCents)],
    ["badges.review.fields.status", <StatusTag key="status" status={badge.status} />],
    ["badges.review.lastComment", badge.reviewComment ?? "—"],
    ["badges.review.createdAt", `${exhibitionDateTime(badge.createdAt)} (UTC+8)`],
    [
      "badges.review.columns.checkedIn",
      badge.checkedInAt ? t("badges.review.checkedInYes", { time: `${exhibitionDateTime(badge.checkedInAt)} (UTC+8)` }) : t("badges.review.checkedInNo"),
    ],
  ];
  return (
    <Stack gap="md" data-testid="review-detail">
      <Anchor component={Link} to={`${PAGE_PATH}${back}`}>
        {t("badges.review.back")}
      </Anchor>
      <Title order={1} size="h3" style={{ overflowWrap: "anywhere" }}>
        {t("badges.review.detail", { name: badge.holderName })}
      </Title>
      <Group align="flex-start" wrap="wrap">
        {badge.photoUrl ? (
          <Image src={badge.photoUrl} alt={t("badges.review.photoAlt", { name: badge.holderName })} w={120} h={160} fit="cover" radius="sm" />
        ) : (
          <Paper withBorder w={120} h={160} p="xs">
            <Text size="sm" c="dimmed">
              {t("badges.review.noPhoto")}
            </Text>
          </Paper>
        )}
        <FieldTable rows={rows} />
      </Group>
      {badge.status !== "returned" ? (
        <Anchor href={`${PRINT_PATH}?layout=single&ids=${badge.id}`} data-testid="review-print-one">
          {t("badges.page.printOne")}
        </Anchor>
      ) : null}
      {badge.status === "approved" ? (
        <Text c="green.9" role="status" data-testid="review-approved">
          {t("badges.review.approvedNote")}
        </Text>
      ) : (
        <ReviewDecisionForm
          formId={`badge-decision-${badge.id}`}
          record={{ id: badge.id, version: badge.version }}
          reply={reply}
          commentMax={REVIEW_COMMENT_MAX}
          labels={{
            comment: t("badges.review.fields.comment"),
            commentHint: t("badges.review.commentHint"),
            approve: t("badges.review.approve"),
            return: t("badges.review.return"),
          }}
        />
      )}
      <Title order={2} size="h4">
        {t("badges.review.history")}
      </Title>
      <History events={badge.events} />
      {/* Named apart from the review's own "History" above: this one lists every field changed, by whom. */}
      <RecordHistory entries={history} title="team.history.changesSection" order={2} />
    </Stack>
  );
}
