import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function ErrorPage({ status, messageKey, detailKey, detail }: { status: number; messageKey: string; detailKey?: string; detail?: string }) {
  const { t } = useTranslation();
  const text = detail ?? (detailKey ? t(detailKey) : null);
  return (
    <main>
      <Container size="sm" py="xl">
        <Stack align="flex-start" gap="md">
          <Text c="dimmed" fw={700} size="xl">
            {status}
          </Text>
          <Title order={1} size="h2">
            {t(messageKey)}
          </Title>
          {text ? <Text>{text}</Text> : null}
          <Button component={Link} to="/index" variant="light">
            {t("errors.backHome")}
          </Button>
        </Stack>
      </Container>
    </main>
  );
}
