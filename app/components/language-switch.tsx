import { Button, Group } from "@mantine/core";
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
