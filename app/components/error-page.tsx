import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";

/**
 * The portal's error page. Alone (root) it is the page's <main>; inside the shell, whose <main>
 * already holds it, a <section>.
 */
export function ErrorPage({
  status,
  messageKey,
  detailKey,
  detail,
  requestId,
  landmark = "main",
}: {
  status: number;
  messageKey: string;
  detailKey?: string;
  detail?: string;
  requestId?: string | null;
  landmark?: "main" | "section";
}) {
  const { t } = useTranslation();
  const text = detail ?? (detailKey ? t(detailKey) : null);
  const Landmark = landmark;
  return (
    <Landmark data-testid="error-page" data-status={status}>
      <Container size="sm" py="xl">
        <Stack align="flex-start" gap="md">
          <Text c="dimmed" fw={700} size="xl">
            {status}
          </Text>
          <Title order={1} size="h2">
            {t(messageKey)}
          </Title>
          {text ? <Text>{text}</Text> : null}
          {requestId ? (
            <Text size="sm" c="dimmed" data-testid="request-id">
              {t("errors.requestId", { id: requestId })}
            </Text>
          ) : null}
          <Button component={Link} to="/index" variant="light">
            {t("errors.backHome")}
          </Button>
        </Stack>
      </Container>
    </Landmark>
  );
}
