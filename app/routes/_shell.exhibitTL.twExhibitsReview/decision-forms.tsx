import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Button, Group, Paper, SimpleGrid, Stack, Textarea, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import type { taiwanReviewSchema } from "~/contracts/vehicles/schema";
import type { TaiwanReviewDetail } from "~/contracts/vehicles/taiwan-types";
import { useErrorText, usePortalForm, type FormConstraint } from "~/lib/forms";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/texts-taiwan";

export const DECISION_FIELDS = ["id", "version", "decision", "comment"] as const;

type Props = {
  filing: TaiwanReviewDetail;
  held: Record<string, unknown> | null;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  pending: boolean;
};

/** One decision of the customs agent: accept (comments optional) or return (comments required). */
function DecisionForm({ decision, filing, held, constraint, lastResult, pending }: Props & { decision: "accept" | "return" }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  // Both forms read the one reply: each takes back only what was posted through it.
  const mine = (value: unknown) => (value && typeof value === "object" && (value as { decision?: unknown }).decision === decision ? value : null);
  const [form, fields] = usePortalForm<typeof taiwanReviewSchema>({
    id: `tw-decide-${decision}`,
    constraint,
    lastResult: mine(lastResult?.initialValue) ? lastResult : undefined,
    defaultValue: { id: String(filing.id), decision, ...(mine(held) ?? {}) },
  });
  return (
    <Form method="post" {...getFormProps(form)} data-testid={`tw-decide-${decision}`}>
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="id" value={filing.id} />
      <input type="hidden" name="version" value={filing.version} />
      <input type="hidden" name="decision" value={decision} />
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t(decision === "accept" ? "vehicles.taiwan.review.acceptTitle" : "vehicles.taiwan.review.returnTitle")}
        </Title>
        <FormError errors={form.errors} id={form.errorId} />
        <Textarea
          {...getTextareaProps(fields.comment)}
          key={fields.comment.key}
          label={t(decision === "accept" ? "vehicles.taiwan.review.commentOptional" : "vehicles.fields.comment")}
          maxLength={500}
          autosize
          minRows={decision === "accept" ? 2 : 3}
          withAsterisk={decision === "return"}
          error={errorText(fields.comment.errors)}
        />
        <Group>
          <Button type="submit" color={decision === "accept" ? "green.8" : "orange.9"} loading={pending} data-testid={`tw-${decision}`}>
            {t(decision === "accept" ? "vehicles.taiwan.review.accept" : "vehicles.taiwan.review.return")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

export function DecisionForms(props: Props) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("vehicles.taiwan.review.decisionTitle")}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <DecisionForm {...props} decision="accept" />
          <DecisionForm {...props} decision="return" />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
