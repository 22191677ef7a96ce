import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Anchor, Button, Group, Stack, Textarea, Title } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import { FieldTable } from "~/components/field-table";
import type { ConstructionEvent, ReviewItem } from "~/contracts/booth-construction/api-types";
import { History, StatusTag } from "~/features/booth-construction/parts";
import type { decisionSchema } from "~/contracts/booth-construction/schema";
import { COMMENT_MAX } from "~/contracts/booth-construction/values";
import { exhibitionDateTime } from "~/contracts/orders/display";
import { useErrorText, usePortalForm } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import { ItemFiles } from "./review-list";
import type { action, loader } from "./route";
import "~/contracts/booth-construction/texts";

/**
 * Approve, or return with a comment (required for a return). A plain POST: without JavaScript the
 * page comes back with the errors and the comment as typed. The version the organizer is looking at
 * goes as it is, so a record changed meanwhile is refused.
 */
function DecisionForm({ item }: { item: ReviewItem }) {
  const { t } = useTranslation();
  const { constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof decisionSchema>({
    id: `construction-decision-${item.subject}-${item.id}`,
    constraint: constraints!.decision,
    lastResult: actionData?.result,
  });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="review-decision">
      <input type="hidden" name="subject" value={item.subject} />
      <input type="hidden" name="id" value={item.id} />
      {item.version !== null ? <input type="hidden" name="version" value={item.version} /> : null}
      <Stack gap="sm" maw={640}>
        <FormError errors={form.errors} id={form.errorId} testId="review-form-error" />
        <Textarea
          {...getTextareaProps(fields.comment)}
          key={fields.comment.key}
          label={t("boothConstruction.fields.comment")}
          description={t("boothConstruction.review.commentHint")}
          autosize
          minRows={3}
          maxLength={COMMENT_MAX}
          error={errorText(fields.comment.errors ?? fields.decision.errors)}
          required={false}
        />
        <Group>
          <Button type="submit" name="decision" value="approve" color="green" loading={isPending}>
            {t("boothConstruction.review.approve")}
          </Button>
          <Button type="submit" name="decision" value="return" color="orange" variant="light" loading={isPending}>
            {t("boothConstruction.review.return")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

export function ReviewDetail({ item, history, back }: { item: ReviewItem; history: ConstructionEvent[]; back: string }) {
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
      {item.status === "submitted" ? <DecisionForm item={item} /> : null}
      <History events={history} />
    </Stack>
  );
}
