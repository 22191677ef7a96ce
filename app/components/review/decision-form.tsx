import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Button, Group, Stack, Textarea } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type * as z from "zod";
import { FormError } from "~/components/form-error";
import { type FormReply, useErrorText, usePortalForm } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";

type Decision = { decision: string; comment?: string };

type Props = {
  /** Conform's form id: unique per record (and subject), so a reply never lands on another record's form. */
  formId: string;
  /** The record the decision is about: id, version and whatever else names it (subject). Null values are left out. */
  record: Record<string, string | number | null>;
  reply: FormReply;
  commentMax: number;
  labels: { comment: string; commentHint: string; approve: string; return: string };
  /** Shown above the buttons, e.g. a confirmation the action asked for before an approval. */
  confirmation?: ReactNode;
  approveDisabled?: boolean;
};

/**
 * The organizer's review decision: approve, or return with a comment (the server requires it for a
 * return). A plain POST: without JavaScript the page comes back with the errors and the comment as
 * typed. The record's id and version go as the organizer saw them, never restored from an earlier
 * attempt, so a record changed meanwhile is refused.
 */
export function ReviewDecisionForm({ formId, record, reply, commentMax, labels, confirmation, approveDisabled }: Props) {
  const isPending = useIsPending();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<z.ZodType<Decision, Decision>>({ id: formId, constraint: reply.constraint, lastResult: reply.lastResult });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="review-decision">
      {Object.entries(record).map(([name, value]) => (value === null ? null : <input key={name} type="hidden" name={name} value={value} />))}
      <Stack gap="sm" maw={640}>
        <FormError errors={form.errors} id={form.errorId} testId="review-form-error" />
        <Textarea
          {...getTextareaProps(fields.comment)}
          key={fields.comment.key}
          label={labels.comment}
          description={labels.commentHint}
          autosize
          minRows={3}
          maxLength={commentMax}
          error={errorText(fields.comment.errors ?? fields.decision.errors)}
          required={false}
        />
        {confirmation}
        <Group>
          <Button type="submit" name="decision" value="approve" color="green" loading={isPending} disabled={approveDisabled}>
            {labels.approve}
          </Button>
          <Button type="submit" name="decision" value="return" color="orange" variant="light" loading={isPending}>
            {labels.return}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
