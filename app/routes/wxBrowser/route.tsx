import { Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { PageHandle } from "~/contracts/permission/page-handle";

export const handle = { public: true, inAppBrowser: true } satisfies PageHandle;

/** Shown instead of the portal inside the messaging app's in-app browser (docs/product.md § Public pages). */
export default function InAppBrowserPage() {
  const { t } = useTranslation();
  return (
    <main>
      <Container size="xs" py="xl">
        <Stack gap="md">
          <Title order={1} size="h3">
            {t("shell.wxTitle")}
          </Title>
          <Text>{t("shell.wxBody")}</Text>
        </Stack>
      </Container>
    </main>
  );
}
