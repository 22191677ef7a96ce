import { HiddenFields } from "~/components/hidden-fields";
import { Button, Group, Text } from "@mantine/core";
import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { Language } from "~/contracts/i18n/config";

/** A plain form per language, so switching works without JavaScript. */
export function LanguageSwitch({ current }: { current: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/language" aria-label={t("app.language")}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Group gap={4}>
        {(["zh", "en"] as const).map((lng) => (
          <Button
            key={lng}
            type="submit"
            name="lng"
            value={lng}
            size="compact-sm"
            variant={lng === current ? "filled" : "subtle"}
            aria-pressed={lng === current}
            lang={lng}
          >
            {lng === "zh" ? t("app.languageZh") : t("app.languageEn")}
          </Button>
        ))}
      </Group>
    </Form>
  );
}

/**
 * Beside a link the English session cannot open because its page exists in Chinese only (issue 51):
 * says so, with the language switch's own form for Chinese. The switch signs out, as every switch
 * does (docs/product.md § Sign-in and sessions); signed in again, the user lands on `page`.
 */
export function ChineseOnlySwitch({ page }: { page: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/language" data-testid="chinese-only">
      <HiddenFields values={{ redirectTo: location.pathname + location.search, signInTo: page }} />
      <Group gap={6} wrap="wrap">
        <Text span size="sm" c="dimmed">
          {t("app.chineseOnly")}
        </Text>
        <Button type="submit" name="lng" value="zh" size="compact-xs" variant="light">
          {t("app.switchToChinese")}
        </Button>
      </Group>
    </Form>
  );
}
