import { shellTitle } from "~/lib/page-title";
import { Container, Stack, Text, Title } from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/i18n/texts";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { getLanguage } from "~/lib/cookies.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { public: true, inAppBrowser: true } satisfies PageHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ title: translate(getLanguage(request), "shell.wxTitle") });
}

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
