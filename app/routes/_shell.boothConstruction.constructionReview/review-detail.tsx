import { Anchor, Group, Stack, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FieldTable } from "~/components/field-table";
import type { ConstructionEvent, ReviewItem } from "~/contracts/booth-construction/api-types";
import { History, StatusTag } from "~/features/booth-construction/parts";
import { COMMENT_MAX } from "~/contracts/booth-construction/values";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { FormReply } from "~/lib/forms";
import { ReviewDecisionForm } from "~/components/review/decision-form";
import { ItemFiles } from "./review-list";
import "~/contracts/booth-construction/texts";

/** One item under review: its facts, files and history, and the decision while it waits. */
export function ReviewDetail({ item, history, back, reply }: { item: ReviewItem; history: ConstructionEvent[]; back: string; reply: FormReply }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="review-detail">
      <Anchor component={Link} to={back} size="sm">
        {t("boothConstruction.review.back")}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h3">
          {item.boothNo} · {t(`boothConstruction.review.subjects.${item.subject}`)}
        </Title>
        <StatusTag status={item.status} />
      </Group>
      <FieldTable
        rows={[
          ["boothConstruction.review.exhibitor", item.exhibitorName],
          ["boothConstruction.review.what", item.summary],
          ["boothConstruction.review.files", <ItemFiles key="files" item={item} />],
          ["boothConstruction.review.submittedAt", item.submittedAt ? exhibitionDateTime(item.submittedAt) : "—"],
          ["boothConstruction.reviewComment", item.reviewComment ?? "—"],
        ]}
      />
      {item.status === "submitted" ? (
        <ReviewDecisionForm
          formId={`construction-decision-${item.subject}-${item.id}`}
          record={{ subject: item.subject, id: item.id, version: item.version }}
          reply={reply}
          commentMax={COMMENT_MAX}
          labels={{
            comment: t("boothConstruction.fields.comment"),
            commentHint: t("boothConstruction.review.commentHint"),
            approve: t("boothConstruction.review.approve"),
            return: t("boothConstruction.review.return"),
          }}
        />
      ) : null}
      <History events={history} />
    </Stack>
  );
}
