import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";

/** A question before a step that cannot be undone, posted as `intent` with `fields`. */
export function ConfirmAction({ question, intent, fields, confirmLabel, cancelTo, pending, color = "red.9" }: { question: string; intent: string; fields: Record<string, string>; confirmLabel: string; cancelTo: string; pending: boolean; color?: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="confirm-action" role="alertdialog" aria-labelledby="confirm-action-question">
      <Stack gap="sm">
        <Text id="confirm-action-question" fw={500}>
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
              {t("common.cancel")}
            </Button>
          </Group>
        </Form>
      </Stack>
    </Paper>
  );
}
