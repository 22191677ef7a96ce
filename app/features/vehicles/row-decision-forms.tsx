import { HiddenFields } from "~/components/hidden-fields";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button, Group, Stack } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type * as z from "zod";
import { FormError } from "~/components/form-error";
import type { VehiclePageKind } from "~/contracts/vehicles/kinds";
import { useTranslation } from "~/i18n/texts";
import { type FormConstraint, useErrorText, usePortalForm } from "~/lib/forms";
import "~/contracts/vehicles/texts";

/** The refusal of one row's decision: which row and which of its two forms it belongs to. */
export type DecisionReply = { id: string; decision: string; result: SubmissionResult<string[]> };

/** Every field of a decision is text. */
type Values = Record<string, string | undefined>;
type Fields = ReturnType<typeof usePortalForm<z.ZodType<Values, Values>>>[1];
export type DecisionField = Fields[string];

/** One of the two forms: the fields it asks for (the kind's own) and the values it starts with. */
export type DecisionSide = {
  fields: (fields: Fields, errorText: ReturnType<typeof useErrorText>) => ReactNode;
  defaultValue?: Values;
};

type Props = {
  kind: VehiclePageKind;
  record: { id: number; version: number };
  constraint: FormConstraint;
  reply: DecisionReply | null;
  pending: boolean;
  /** Side by side with the button beside the field (trucks), or one above the other, the button below (cars). */
  stacked: boolean;
  approve: DecisionSide;
  return: DecisionSide;
};

/**
 * The organizer's decision on one waiting vehicle of a review list: approve with the kind's details,
 * or return with its reason, each a plain POST of intent "decide" (works without JavaScript). Each
 * form takes back only the refusal posted through it.
 */
export function RowDecisionForms(props: Props) {
  const Layout = props.stacked ? Stack : Group;
  return (
    <Layout gap="xs" align={props.stacked ? undefined : "flex-start"}>
      <RowDecisionForm {...props} decision="approve" />
      <RowDecisionForm {...props} decision="return" />
    </Layout>
  );
}

function RowDecisionForm({ kind, record, constraint, reply, pending, stacked, decision, ...sides }: Props & { decision: "approve" | "return" }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const side = sides[decision];
  const mine = reply && reply.id === String(record.id) && reply.decision === decision;
  const [form, fields] = usePortalForm<z.ZodType<Values, Values>>({
    id: `${kind.testId}-${decision}-${record.id}`,
    constraint,
    lastResult: mine ? reply.result : undefined,
    defaultValue: { id: String(record.id), version: String(record.version), decision, ...side.defaultValue },
  });
  const button = (
    <Button type="submit" size="xs" color={decision === "approve" ? "green.8" : "orange.9"} loading={pending}>
      {t(`vehicles.${kind.texts}.review.${decision}`)}
    </Button>
  );
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset data-testid={`${kind.testId}-${decision}-${record.id}`}>
      <HiddenFields values={{ intent: "decide", id: record.id, version: record.version, decision }} />
      <FormError errors={form.errors} id={form.errorId} />
      {stacked ? (
        <Stack gap={4}>
          {side.fields(fields, errorText)}
          <Group>{button}</Group>
        </Stack>
      ) : (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          {side.fields(fields, errorText)}
          {button}
        </Group>
      )}
    </Form>
  );
}
