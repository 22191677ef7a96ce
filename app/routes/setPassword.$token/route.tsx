import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, NewPasswordFields } from "~/components/auth-card";
import { Toast } from "~/components/toast";
import { passwordEndpoints } from "~/contracts/auth/password-endpoints.server";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { useTranslation } from "~/i18n/texts";
import { apiFor } from "~/lib/api.server";
import { getLanguage } from "~/lib/cookies.server";
import { setPasswordAction } from "./action.server";
import "~/contracts/auth/texts-password";

/**
 * /setPassword/<token>: the invitation's or the reset e-mail's link (issue 39, docs/decisions/033).
 * Public, a secret in its URL (no-store, no Referer: decision 028), no script: a plain post answered
 * by a redirect home, signed in. A link that is expired, used, replaced or forged says which, with a
 * way to ask for a new one.
 */
export const handle = { public: true, tokenInUrl: true, hydrate: false, pathParams: "secret" } satisfies PageHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} - ${data.appTitle}` : "Set password" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const language = getLanguage(request);
  const api = await apiFor(request, context);
  const result = await api.call(passwordEndpoints.passwordLink, { token: params.token ?? "" });
  const link = result.ok ? result.data : null;
  const title = translate(language, link?.purpose === "reset" ? "passwordLinks.link.titleReset" : "passwordLinks.link.titleActivate");
  return json({ language, link, error: result.ok ? null : result.message, title, appTitle: translate(language, "app.title") });
}

export const action = (args: ActionFunctionArgs) => setPasswordAction(args);

export default function SetPasswordPage() {
  const { t } = useTranslation();
  const { language, link, error: loadError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.linkError ?? loadError;
  const reply = actionData?.result;
  const errorsOf = (name: string) => reply?.error?.[name]?.map((e) => t(e)).join(" ") || undefined;
  const formErrors = reply?.error?.[""] ?? [];

  return (
    <AuthCard
      language={language}
      title={t(link?.purpose === "reset" ? "passwordLinks.link.titleReset" : "passwordLinks.link.titleActivate")}
      backToLogin={t("passwordLinks.backToLogin")}
    >
      {error || !link ? (
        <Stack gap="sm">
          <Alert color="red" role="alert" data-testid="link-error">
            {error}
          </Alert>
          <Anchor component={Link} to="/forgotPassword" data-testid="ask-new-link">
            {t("passwordLinks.link.askNew")}
          </Anchor>
        </Stack>
      ) : (
        <Form method="post" noValidate aria-describedby={formErrors.length ? "set-password-error" : undefined}>
          <Stack gap="sm">
            <Text size="sm">
              {t(link.purpose === "reset" ? "passwordLinks.link.introReset" : "passwordLinks.link.introActivate", { username: link.username })}
            </Text>
            {formErrors.length ? (
              <Toast kind="error" id="set-password-error" testId="form-error">
                {formErrors.map((e) => t(e)).join(" ")}
              </Toast>
            ) : null}
            {/* For password managers: the account the new password belongs to. */}
            <input type="hidden" name="username" autoComplete="username" value={link.username} />
            <NewPasswordFields errorOf={errorsOf} />
            <Button type="submit" fullWidth>
              {t("passwordLinks.link.submit")}
            </Button>
          </Stack>
        </Form>
      )}
    </AuthCard>
  );
}
