import { Alert, Button, Group, NativeSelect, Paper, Stack, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { BoothSummary } from "~/lib/api-types";
import { Toast } from "~/components/toast";
import "./texts";

/** The booth a record is for: a plain select, so it posts the same with or without JavaScript. */
export function BoothSelect({ booths, name, defaultValue, error }: { booths: BoothSummary[]; name: string; defaultValue?: string; error?: string }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      name={name}
      id={`${name}-select`}
      key={defaultValue}
      label={t("bookingForms.fields.booth")}
      data={booths.map((b) => ({ value: String(b.boothId), label: b.boothNo }))}
      defaultValue={defaultValue}
      error={error}
      withAsterisk
    />
  );
}

/** No booth, no booking: said once, instead of a form that can only fail. */
export function NoBooth() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" role="status" data-testid="no-booth">
      {t("bookingForms.common.noBoothNotice")}
    </Alert>
  );
}

/**
 * Delete with a confirmation that needs no JavaScript: the delete link opens this panel (a page
 * of its own, `?delete=`), whose button posts; "cancel" is a link back.
 */
export function ConfirmDelete({ question, fields, cancelTo, pending }: { question: string; fields: Record<string, string>; cancelTo: string; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="confirm-delete" role="alertdialog" aria-labelledby="confirm-delete-question">
      <Stack gap="sm">
        <Text id="confirm-delete-question" fw={500}>
          {question}
        </Text>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Group>
            <Button type="submit" color="red.9" loading={pending}>
              {t("bookingForms.common.confirmDelete")}
            </Button>
            <Button component={Link} to={cancelTo} variant="default">
              {t("bookingForms.common.keep")}
            </Button>
          </Group>
        </Form>
      </Stack>
    </Paper>
  );
}

/** A success notice named by `?done=` after a redirect, or by the action's reply. */
export function Notice({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Toast kind="success" testId="notice">
      {text}
    </Toast>
  );
}
