import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import type { DeclarationDetail } from "~/contracts/transport/api-types";
import type { reviewDecisionSchema } from "~/contracts/transport/schema";
import { formatMoney } from "~/contracts/common/format";
import { useErrorText, usePortalForm, type FormConstraint } from "~/lib/forms";
import "~/contracts/transport/texts";

type Props = {
  declaration: DeclarationDetail;
  held: Record<string, unknown> | null;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  pending: boolean;
};

/** One decision: accept (amount prefilled with the server's total, a note) or return (a reason). */
function DecisionForm({ decision, declaration: d, held, constraint, lastResult, pending }: Props & { decision: "accept" | "return" }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const mine = (value: unknown) => (value && typeof value === "object" && (value as { decision?: unknown }).decision === decision ? value : null);
  const [form, fields] = usePortalForm<typeof reviewDecisionSchema>({
    id: `decide-${decision}`,
    constraint,
    lastResult: mine(lastResult?.initialValue) ? lastResult : undefined,
    defaultValue: { id: String(d.id), decision, amount: formatMoney(d.quote.totalCents).replace(/,/g, ""), ...(mine(held) ?? {}) },
  });
  return (
    <Form method="post" {...getFormProps(form)} data-testid={`decide-${decision}`}>
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="id" value={d.id} />
      <input type="hidden" name="version" value={d.version} />
      <input type="hidden" name="decision" value={decision} />
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t(decision === "accept" ? "transport.review.acceptTitle" : "transport.review.returnTitle")}
        </Title>
        <FormError errors={form.errors} id={form.errorId} />
        {decision === "accept" ? (
          <>
            <TextInput
              {...getInputProps(fields.amount, { type: "text" })}
              key={fields.amount.key}
              label={t("transport.fields.acceptedAmount")}
              description={t("transport.review.amountHint")}
              inputMode="decimal"
              maxLength={20}
              error={errorText(fields.amount.errors)}
            />
            <Textarea
              {...getTextareaProps(fields.note)}
              key={fields.note.key}
              label={t("transport.fields.acceptNote")}
              maxLength={300}
              autosize
              minRows={2}
              error={errorText(fields.note.errors)}
            />
          </>
        ) : (
          <Textarea
            {...getTextareaProps(fields.reason)}
            key={fields.reason.key}
            label={t("transport.fields.returnReason")}
            maxLength={300}
            autosize
            minRows={3}
            withAsterisk
            error={errorText(fields.reason.errors)}
          />
        )}
        <Group>
          <Button type="submit" color={decision === "accept" ? "green.8" : "orange.9"} loading={pending}>
            {t(decision === "accept" ? "transport.review.accept" : "transport.review.return")}
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
          {t("transport.review.decisionTitle")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("transport.review.decisionHint")}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <DecisionForm {...props} decision="accept" />
          <DecisionForm {...props} decision="return" />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
