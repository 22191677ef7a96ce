import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "~/i18n/texts";
import { AuthCard, TextCaptchaInput } from "~/components/auth-card";
import { translate } from "~/contracts/i18n/translate.server";
import { authEndpoints } from "~/contracts/auth/endpoints.server";
import { apiFor } from "~/lib/api.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { captchaKindFrom, fetchCaptcha } from "~/features/captcha/captcha.server";
import { siteSettingsFor } from "~/lib/permissions.server";
import { clearNotice, getLanguage, readNotice, readTicket } from "~/lib/cookies.server";
import { signIn } from "~/routes/login/action.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { Toast } from "~/components/toast";
import "~/contracts/contractors/texts";
import "~/contracts/auth/texts-password";

// The first page on a slow phone: two fields and a post answered by a redirect need no script (docs/decisions/021).
// In the messaging app's browser only on the way back to a page shown there (a pass's /lead/<code>, docs/decisions/070).
export const handle = { public: true, hydrate: false, inAppBrowser: "returning" } satisfies PageHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} - ${data.appTitle}` : "Login" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await readTicket(request, context)) throw redirect(redirectTo);

  const api = await apiFor(request, context);
  const kind = captchaKindFrom(url);
  // Ask by IP (the username is not known yet) whether a captcha is due; a picked text mode shows it too.
  const [state, site] = await Promise.all([api.call(authEndpoints.captchaRequired, {}), siteSettingsFor(request, context, null)]);
  const demo = site.demo;
  const showCaptcha = url.searchParams.has("captcha") || (state.ok && state.data.captchaRequired);
  const captcha = showCaptcha ? await fetchCaptcha(api, kind) : null;

  const notice = readNotice(request);
  const language = getLanguage(request);
  return json(
    {
      redirectTo,
      captcha,
      notice,
      language,
      demo,
      title: translate(language, "login.title"),
      appTitle: translate(language, "app.title"),
    },
    notice ? { headers: { "Set-Cookie": clearNotice(context) } } : undefined,
  );
}

export const action = (args: ActionFunctionArgs) => signIn(args);

// "Try again in N seconds" (too many sign-ins waiting, decision 041) keeps its Retry-After on the page too.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export default function LoginPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const isPending = useIsPending();
  const captcha = actionData ? actionData.captcha : data.captcha;
  const formRef = useRef<HTMLFormElement>(null);

  // Checked on the server only (app/routes/login/action.server.ts); its reply names the errors and
  // gives back the username. A new reply remounts the inputs with it.
  const reply = actionData?.result;
  const errorsOf = (name: string) => reply?.error?.[name]?.map((e) => t(e)).join(" ") || undefined;
  const formErrors = reply?.error?.[""] ?? [];
  const typedUsername = typeof reply?.initialValue?.username === "string" ? reply.initialValue.username : "";
  // Each reply remounts the fields: the username comes back as sent, the password empty.
  const replies = useRef({ seen: null as unknown, count: 0 });
  if (actionData !== replies.current.seen) replies.current = { seen: actionData, count: replies.current.count + 1 };
  const fieldKey = String(replies.current.count);

  const textMode = captcha?.kind === "text";
  const otherMode = new URLSearchParams(location.search);
  otherMode.set("captcha", textMode ? "click" : "text");
  const sameMode = new URLSearchParams(location.search);
  sameMode.set("captcha", textMode ? "text" : "click");

  return (
    <AuthCard language={data.language} title={t("login.heading")} demo={data.demo}>
      {data.notice && !actionData ? (
        <Alert color="yellow" role="alert" data-testid="notice">
          {t(data.notice)}
        </Alert>
      ) : null}
      {formErrors.length ? (
        <Toast kind="error" id="login-error" testId="form-error">
          {formErrors.map((e) => t(e)).join(" ")}
        </Toast>
      ) : null}
      <Form method="post" id="login" noValidate aria-describedby={formErrors.length ? "login-error" : undefined} ref={formRef}>
        <input type="hidden" name="redirectTo" value={data.redirectTo} />
        <Stack gap="sm">
          <TextInput
            name="username"
            type="text"
            key={`username-${fieldKey}`}
            defaultValue={typedUsername}
            label={t("login.username")}
            autoComplete="username"
            autoCapitalize="none"
            maxLength={100}
            error={errorsOf("username")}
          />
          {/* A plain password field: PasswordInput's show/hide button would need the script this page does not ship. */}
          <TextInput
            type="password"
            name="password"
            key={`password-${fieldKey}`}
            label={t("login.password")}
            autoComplete="current-password"
            maxLength={200}
            error={errorsOf("password")}
          />
          <Button type="submit" loading={isPending} fullWidth>
            {t("login.submit")}
          </Button>
          {captcha ? (
            <fieldset className="captcha" data-testid="captcha">
              <legend>
                <Text fw={600} size="sm">
                  {t("login.captchaTitle")}
                </Text>
              </legend>
              <input type="hidden" name="captchaId" value={captcha.captchaId} />
              {textMode ? (
                <TextCaptchaInput captcha={captcha} label={t("login.textCodeLabel")} hint={t("login.textCodeHint")} alt={t("login.textCodeHint")} />
              ) : (
                <Stack gap="xs">
                  <Text size="sm" id="captcha-instruction">
                    {t("login.captchaInstruction", { target: captcha.target })}
                  </Text>
                  <input type="hidden" name="captchaX" defaultValue="" />
                  <input type="hidden" name="captchaY" defaultValue="" />
                  {/* A real submit control: with JS off the click posts the form with captcha.x/.y. */}
                  <input
                    type="image"
                    name="captcha"
                    src={captcha.image}
                    width={captcha.width}
                    height={captcha.height}
                    alt={t("login.captchaInstruction", { target: captcha.target })}
                    aria-describedby="captcha-instruction"
                    className="captcha-image"
                    onClick={(event) => {
                      // Enhanced: record where the user clicked, then submit through Remix.
                      const image = event.currentTarget;
                      const form = formRef.current;
                      if (!form) return;
                      event.preventDefault();
                      const rect = image.getBoundingClientRect();
                      const scaleX = captcha.width / rect.width;
                      const scaleY = captcha.height / rect.height;
                      (form.elements.namedItem("captchaX") as HTMLInputElement).value = String(Math.round((event.clientX - rect.left) * scaleX));
                      (form.elements.namedItem("captchaY") as HTMLInputElement).value = String(Math.round((event.clientY - rect.top) * scaleY));
                      form.requestSubmit();
                    }}
                  />
                </Stack>
              )}
              <Group gap="md" mt="xs">
                <Anchor component={Link} to={`?${sameMode}`} size="sm">
                  {t("login.captchaRefresh")}
                </Anchor>
                <Anchor component={Link} to={`?${otherMode}`} size="sm">
                  {textMode ? t("login.captchaUseClick") : t("login.captchaUseText")}
                </Anchor>
              </Group>
              {textMode ? (
                <Button type="submit" variant="light" mt="sm" fullWidth>
                  {t("login.submit")}
                </Button>
              ) : null}
            </fieldset>
          ) : null}
        </Stack>
      </Form>
      <Group justify="center">
        <Anchor component={Link} to="/forgotPassword" size="sm" data-testid="forgot-password">
          {t("passwordLinks.loginLink")}
        </Anchor>
        <Anchor component={Link} to="/contractor" size="sm" data-testid="contractor-sign-in">
          {t("contractors.signIn.link")}
        </Anchor>
      </Group>
    </AuthCard>
  );
}
