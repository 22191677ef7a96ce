import { Anchor, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LanguageSwitch } from "~/components/language-switch";
import { DemoMark } from "~/components/demo-mark";
import type { Language } from "~/contracts/i18n/config";
import { useTranslation } from "~/i18n/texts";

/**
 * The signed-out pages' frame (sign-in, forgot password, set password): the portal's name, the
 * language switch and the page title on one card, and optionally the way back to sign-in below.
 */
export function AuthCard({
  language,
  title,
  backToLogin,
  demo = false,
  children,
}: {
  language: Language;
  title: string;
  backToLogin?: string;
  /** The database holds the demo: the demo mark beside the portal's name. */
  demo?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className="auth-page">
      <Paper className="auth-card" withBorder shadow="sm" p={{ base: "sm", xs: "lg" }} radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="center">
            <Group gap={8} wrap="nowrap">
              <Text fw={700} c="indigo">
                {t("app.title")}
              </Text>
              {demo ? <DemoMark /> : null}
            </Group>
            <LanguageSwitch current={language} />
          </Group>
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
          {backToLogin ? (
            <Group justify="center">
              <Anchor component={Link} to="/login" size="sm" data-testid="back-to-login">
                {backToLogin}
              </Anchor>
            </Group>
          ) : null}
        </Stack>
      </Paper>
    </main>
  );
}

/** The new password twice, as the change-password rules check them (server side). */
export function NewPasswordFields({ errorOf }: { errorOf: (name: "newPassword" | "newPassword1") => string | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput type="password" name="newPassword" label={t("password.new")} autoComplete="new-password" required error={errorOf("newPassword")} />
      <TextInput type="password" name="newPassword1" label={t("password.confirm")} autoComplete="new-password" required error={errorOf("newPassword1")} />
    </>
  );
}

/** A text captcha that needs no script: the image and a field for its characters, posted with the form. */
export function TextCaptchaFieldset({
  captcha,
  title,
  label,
  hint,
  error,
}: {
  captcha: { captchaId: string; image: string; width: number; height: number };
  title: string;
  label: string;
  hint?: string;
  error?: string;
}) {
  return (
    <fieldset className="captcha" data-testid="captcha">
      <legend>
        <Text fw={600} size="sm">
          {title}
        </Text>
      </legend>
      <input type="hidden" name="captchaId" value={captcha.captchaId} />
      <TextCaptchaInput captcha={captcha} label={label} hint={hint} error={error} alt={hint ?? title} />
    </fieldset>
  );
}

/** The image and the field alone, for a captcha fieldset that also offers the click mode (sign-in). */
export function TextCaptchaInput({
  captcha,
  label,
  hint,
  error,
  alt,
}: {
  captcha: { image: string; width: number; height: number };
  label: string;
  hint?: string;
  error?: string;
  alt: string;
}) {
  return (
    <Stack gap="xs">
      <img src={captcha.image} width={captcha.width} height={captcha.height} alt={alt} />
      <TextInput name="vCode" label={label} description={hint} autoComplete="off" autoCapitalize="none" maxLength={20} error={error} />
    </Stack>
  );
}
