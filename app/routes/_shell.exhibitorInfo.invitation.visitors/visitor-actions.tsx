import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import type { VisitorRow } from "~/contracts/promotion/visitors/api-types";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/leads/texts";

/**
 * One visitor's pass on the organizer's list: whether the visitor shares contacts with scanners, the
 * pass page (opened in a new tab for the desk), sending it again (a plain post) and erasing the
 * personal data, which asks first (`eraseLink`, a state of the page).
 */
export function VisitorPassActions({ row, eraseLink, pending }: { row: VisitorRow; eraseLink: string; pending: boolean }) {
  const { t } = useTranslation();
  if (row.erased) {
    return (
      <Text size="sm" c="dimmed" data-testid="visitor-erased">
        {t("leads.visitors.erasedRow")}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="visitor-pass-actions">
      <Text size="xs" data-testid="visitor-lead-consent">
        {t("leads.visitors.leadConsent")}: {row.leadConsent ? t("leads.columns.yes") : t("leads.columns.no")}
      </Text>
      <Group gap="xs" wrap="nowrap">
        {row.passPath ? (
          <Anchor href={row.passPath} target="_blank" rel="noopener" size="sm" data-testid="visitor-open-pass">
            {t("leads.visitors.openPass")}
          </Anchor>
        ) : null}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="id" value={row.id} />
          <Button type="submit" variant="subtle" size="compact-sm" disabled={pending} data-testid="visitor-resend-pass">
            {t("leads.visitors.resend")}
          </Button>
        </Form>
        <Anchor component={Link} to={eraseLink} preventScrollReset c="red.9" size="sm" data-testid="visitor-erase">
          {t("leads.visitors.erase")}
        </Anchor>
      </Group>
    </Stack>
  );
}
