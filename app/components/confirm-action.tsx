import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";

type ConfirmActionProps = {
  question: string;
  intent: string;
  fields: Record<string, string>;
  confirmLabel: string;
  /** The link back; "Cancel" unless the page names it. */
  cancelLabel?: string;
  cancelTo: string;
  pending: boolean;
  color?: string;
  testId?: string;
};

/**
 * A question before a step that cannot be undone, posted as `intent` with `fields`. It needs no
 * JavaScript: the page shows it as a state of its own (`?delete=`…), and "cancel" is a link back.
 */
export function ConfirmAction({
  question,
  intent,
  fields,
  confirmLabel,
  cancelLabel,
  cancelTo,
  pending,
  color = "red.9",
  testId = "confirm-action",
}: ConfirmActionProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid={testId} role="alertdialog" aria-labelledby={`${testId}-question`}>
      <Stack gap="sm">
        <Text id={`${testId}-question`} fw={500}>
          {question}
        </Text>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Group>
            <Button type="submit" color={color} loading={pending}>
              {confirmLabel}
            </Button>
            <Button component={Link} to={cancelTo} variant="default" preventScrollReset>
              {cancelLabel ?? t("common.cancel")}
            </Button>
          </Group>
        </Form>
      </Stack>
    </Paper>
  );
}
