import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Button, Group, Stack, Textarea } from "@mantine/core";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import type { badgeDecisionSchema } from "~/contracts/badges/review-schema";
import { REVIEW_COMMENT_MAX } from "~/contracts/badges/review-values";
import type { BadgeReviewInfo } from "~/contracts/badges/review-types";
import { useErrorText, usePortalForm } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import type { action, loader } from "./route";
import "~/contracts/badges/texts";

/**
 * Approve, or return with a comment (required for a return). A plain POST: without JavaScript the
 * page comes back with the errors and the comment as typed. The id and the version the organizer
 * is looking at go as they are, never restored from an earlier attempt, so a stale page is refused.
 */
export function DecisionForm({ badge }: { badge: BadgeReviewInfo }) {
  const { t } = useTranslation();
  const { constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof badgeDecisionSchema>({
    id: `badge-decision-${badge.id}`,
    constraint: constraints!.decision,
    lastResult: actionData?.result,
  });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="review-decision">
      <input type="hidden" name="id" value={badge.id} />
      <input type="hidden" name="version" value={badge.version} />
      <Stack gap="sm" maw={640}>
        <FormError errors={form.errors} id={form.errorId} testId="review-form-error" />
        <Textarea
          {...getTextareaProps(fields.comment)}
          key={fields.comment.key}
          label={t("badges.review.fields.comment")}
          description={t("badges.review.commentHint")}
          autosize
          minRows={3}
          maxLength={REVIEW_COMMENT_MAX}
          error={errorText(fields.comment.errors ?? fields.decision.errors)}
          required={false}
        />
        <Group>
          <Button type="submit" name="decision" value="approve" color="green" loading={isPending}>
            {t("badges.review.approve")}
          </Button>
          <Button type="submit" name="decision" value="return" color="orange" variant="light" loading={isPending}>
            {t("badges.review.return")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
