import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, NewPasswordFields, TextCaptchaFieldset } from "~/components/auth-card";
import { Toast } from "~/components/toast";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { useTranslation } from "~/i18n/texts";
import { getLanguage, readTicket } from "~/lib/cookies.server";
import { forgotPasswordAction } from "./action.server";
import "~/contracts/auth/texts-password";

/**
 * /forgotPassword (issue 39, docs/decisions/033): the user name, e-mail or mobile; one answer whatever
 * was typed (a reset link by e-mail or a code by SMS, if an account matches), with the form for an SMS
 * code below it (also reached by ?step=code). Public, no script: plain posts (docs/decisions/021).
 */
export const handle = { public: true, hydrate: false } satisfies PageHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} - ${data.appTitle}` : "Forgot password" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await readTicket(request, context)) throw redirect("/");
  const language = getLanguage(request);
  const codeStep = new URL(request.url).searchParams.get("step") === "code";
  return json({ language, codeStep, title: translate(language, "passwordLinks.forgot.title"), appTitle: translate(language, "app.title") });
}

export const action = (args: ActionFunctionArgs) => forgotPasswordAction(args);

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { language, codeStep } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = actionData?.result;
  const errorsOf = (name: string) => reply?.error?.[name]?.map((e) => t(e)).join(" ") || undefined;
  const formErrors = reply?.error?.[""] ?? [];
  const sent = actionData?.sent ?? null;
  const showCode = codeStep || Boolean(sent) || actionData?.intent === "code";
  const typed = (name: string) => (typeof reply?.initialValue?.[name] === "string" ? (reply.initialValue[name] as string) : "");
  const captcha = actionData?.captcha ?? null;

  return (
    <AuthCard language={language} title={t("passwordLinks.forgot.title")} backToLogin={t("passwordLinks.backToLogin")}>
      {formErrors.length ? (
        <Toast kind="error" id="forgot-error" testId="form-error">
          {formErrors.map((e) => t(e)).join(" ")}
        </Toast>
      ) : null}
      {sent ? (
        <Alert color="green" role="status" data-testid="reset-sent">
          {t("passwordLinks.forgot.sent", sent)}
        </Alert>
      ) : null}
      {showCode ? null : (
        <Form method="post" noValidate aria-describedby={formErrors.length ? "forgot-error" : undefined}>
          <input type="hidden" name="intent" value="request" />
          <Stack gap="sm">
            <Text size="sm">{t("passwordLinks.forgot.intro")}</Text>
            <TextInput
              name="identifier"
              label={t("passwordLinks.forgot.identifier")}
              defaultValue={typed("identifier")}
              autoComplete="username"
              autoCapitalize="none"
              maxLength={200}
              required
              error={errorsOf("identifier")}
            />
            {captcha ? (
              <TextCaptchaFieldset captcha={captcha} title={t("login.captchaTitle")} label={t("login.textCodeLabel")} hint={t("login.textCodeHint")} />
            ) : null}
            <Button type="submit" fullWidth>
              {t("passwordLinks.forgot.submit")}
            </Button>
            <Anchor component={Link} to="?step=code" size="sm" data-testid="have-code">
              {t("passwordLinks.forgot.askCode")}
            </Anchor>
          </Stack>
        </Form>
      )}
      {showCode ? (
        <Form method="post" noValidate aria-describedby={formErrors.length ? "forgot-error" : undefined} data-testid="code-form">
          <input type="hidden" name="intent" value="code" />
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t("passwordLinks.code.title")}
            </Title>
            <Text size="sm">{t("passwordLinks.forgot.haveCode")}</Text>
            <TextInput
              name="username"
              label={t("passwordLinks.code.username")}
              defaultValue={actionData?.username || typed("username")}
              autoComplete="username"
              autoCapitalize="none"
              maxLength={100}
              required
              error={errorsOf("username")}
            />
            <TextInput
              name="code"
              label={t("passwordLinks.code.code")}
              defaultValue={typed("code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={20}
              required
              error={errorsOf("code")}
            />
            <NewPasswordFields errorOf={errorsOf} />
            <Button type="submit" fullWidth>
              {t("passwordLinks.code.submit")}
            </Button>
          </Stack>
        </Form>
      ) : null}
    </AuthCard>
  );
}
