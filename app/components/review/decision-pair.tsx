import { HiddenFields } from "~/components/hidden-fields";
import { getFormProps } from "@conform-to/react";
import { Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type * as z from "zod";
import { FormError } from "~/components/form-error";
import { type FormReply, useErrorText, usePortalForm } from "~/lib/forms";
import { Panel } from "~/components/panel";

/** Every field of a decision is text (hidden values, amounts, comments). */
type Values = Record<string, string | undefined>;
type DecisionSchema = z.ZodType<Values, Values>;
type Fields = ReturnType<typeof usePortalForm<DecisionSchema>>[1];

/** One side of the decision: its value ("accept", "return"), texts, and the fields it asks for. */
export type DecisionSide = {
  decision: string;
  title: string;
  button: string;
  color: string;
  buttonTestId?: string;
  defaultValue?: Values;
  fields: (fields: Fields, errorText: ReturnType<typeof useErrorText>) => ReactNode;
};

type Props = {
  title: string;
  hint?: string;
  /** Conform ids and test ids are `${idPrefix}-${decision}`. */
  idPrefix: string;
  record: { id: number; version: number };
  /** What an expired session held for this form, restored into the side it was posted from. */
  held: Record<string, unknown> | null;
  reply: FormReply;
  pending: boolean;
  sides: [DecisionSide, DecisionSide];
};

/**
 * A review decided by one of two forms side by side (accept with its details, or return with a
 * reason), each a plain POST of intent "decide". Both forms read the one reply: each takes back only
 * what was posted through it.
 */
export function DecisionPair({ title, hint, sides, ...shared }: Props) {
  return (
    <Panel title={title} gap="sm">
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <DecisionSideForm {...shared} side={sides[0]} />
        <DecisionSideForm {...shared} side={sides[1]} />
      </SimpleGrid>
    </Panel>
  );
}

function DecisionSideForm({ idPrefix, record, held, reply, pending, side }: Omit<Props, "title" | "hint" | "sides"> & { side: DecisionSide }) {
  const errorText = useErrorText();
  const mine = (value: unknown) => (value && typeof value === "object" && (value as { decision?: unknown }).decision === side.decision ? value : null);
  const [form, fields] = usePortalForm<DecisionSchema>({
    id: `${idPrefix}-${side.decision}`,
    constraint: reply.constraint,
    lastResult: mine(reply.lastResult?.initialValue) ? reply.lastResult : undefined,
    defaultValue: { id: String(record.id), decision: side.decision, ...side.defaultValue, ...(mine(held) ?? {}) },
  });
  return (
    <Form method="post" {...getFormProps(form)} data-testid={`${idPrefix}-${side.decision}`}>
      <HiddenFields values={{ intent: "decide", id: record.id, version: record.version, decision: side.decision }} />
      <Stack gap="sm">
        <Title order={3} size="h5">
          {side.title}
        </Title>
        <FormError errors={form.errors} id={form.errorId} />
        {side.fields(fields, errorText)}
        <Group>
          <Button type="submit" color={side.color} loading={pending} data-testid={side.buttonTestId}>
            {side.button}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
