import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { usePortalForm } from "~/lib/forms";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "~/components/language-switch";
import { translate } from "~/i18n/translate.server";
import { apiFor } from "~/lib/api.server";
import { safeRedirect } from "~/lib/auth.server";
import { captchaKindFrom, clickFromForm, fetchCaptcha } from "~/lib/captcha.server";
import { accountCookie } from "~/lib/form-hold.server";
import { clearNotice, getLanguage, readNotice, readTicket, setTicket } from "~/lib/cookies.server";
import { useIsPending } from "~/lib/hooks";
import { loginSchema } from "~/schemas/login";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} - ${data.appTitle}` : "Login" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await readTicket(request, context)) throw redirect(redirectTo);

  const api = await apiFor(request, context);
  const kind = captchaKindFrom(url);
  // Ask by IP (the username is not known yet) whether a captcha is due; a picked text mode shows it too.
  const state = await api.call<{ captchaRequired: boolean }>("/login/captchaRequired");
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
      title: translate(language, "login.title"),
      appTitle: translate(language, "app.title"),
    },
    notice ? { headers: { "Set-Cookie": clearNotice(context) } } : undefined,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const url = new URL(request.url);
  const kind = captchaKindFrom(url);
  const api = await apiFor(request, context);
  const submission = parseWithZod(formData, { schema: loginSchema });
  const hadCaptcha = formData.has("captchaId");

  const fail = async (message: string | null, captchaRequired: boolean, status = 400) =>
    json(
      {
        result: submission.reply({ formErrors: message ? [message] : undefined, hideFields: ["password"] }),
        captcha: captchaRequired ? await fetchCaptcha(api, kind) : null,
      },
      { status },
    );

  if (submission.status !== "success") return fail(null, hadCaptcha);
  const { username, password, captchaId, vCode } = submission.value;

  const click = clickFromForm(formData);
  if (captchaId && click) {
    const verified = await api.call("/vcode/verify", { json: { captchaId, points: [click] } });
    if (!verified.ok) return fail(verified.message, true);
  }

  // Only an answered captcha goes to the API: an untouched one is "missing" (please complete it), not "expired".
  const answered = kind === "text" ? Boolean(vCode) : Boolean(click);
  const result = await api.call<{ ticket: string }>("/login/login", {
    form: { username, password, captchaId: answered ? captchaId : undefined, vCode: kind === "text" ? vCode : undefined },
  });
  if (!result.ok) {
    const data = (result.data ?? {}) as { captchaRequired?: boolean };
    // A captcha once shown stays (a fresh one): removing it while its picture or code field has
    // focus makes Conform's blur validation submit the form natively during React's commit.
    return fail(result.message, hadCaptcha || Boolean(data.captchaRequired), result.code === 429 ? 429 : 400);
  }

  const headers = new Headers();
  headers.append("Set-Cookie", await setTicket(context, result.data.ticket));
  // Whose typed forms may be given back after a session ends (form-hold.server.ts).
  headers.append("Set-Cookie", await accountCookie(context).serialize(username.trim().toLowerCase()));
  headers.append("Set-Cookie", clearNotice(context));
  throw redirect(safeRedirect(formData.get("redirectTo")), { headers });
}

export default function LoginPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const isPending = useIsPending();
  const captcha = actionData ? actionData.captcha : data.captcha;
  const formRef = useRef<HTMLFormElement>(null);

  const [form, fields] = usePortalForm({
    id: "login",
    schema: loginSchema,
    lastResult: actionData?.result,
  });

  const textMode = captcha?.kind === "text";
  const otherMode = new URLSearchParams(location.search);
  otherMode.set("captcha", textMode ? "click" : "text");
  const sameMode = new URLSearchParams(location.search);
  sameMode.set("captcha", textMode ? "text" : "click");

  return (
    <main className="auth-page">
      <Paper className="auth-card" withBorder shadow="sm" p={{ base: "sm", xs: "lg" }} radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="center">
            <Text fw={700} c="indigo">
              {t("app.title")}
            </Text>
            <LanguageSwitch current={data.language} />
          </Group>
          <Title order={1} size="h3">
            {t("login.heading")}
          </Title>
          {data.notice && !actionData ? (
            <Alert color="yellow" role="alert" data-testid="notice">
              {t(data.notice)}
            </Alert>
          ) : null}
          {form.errors?.length ? (
            <Alert color="red" role="alert" id={form.errorId} data-testid="form-error">
              {form.errors.map((e) => t(e)).join(" ")}
            </Alert>
          ) : null}
          <Form method="post" {...getFormProps(form)} ref={formRef}>
            <input type="hidden" name="redirectTo" value={data.redirectTo} />
            <Stack gap="sm">
              <TextInput
                {...getInputProps(fields.username, { type: "text" })}
                key={fields.username.key}
                label={t("login.username")}
                autoComplete="username"
                autoCapitalize="none"
                error={fields.username.errors?.map((e) => t(e)).join(" ")}
              />
              <PasswordInput
                {...getInputProps(fields.password, { type: "password" })}
                key={fields.password.key}
                label={t("login.password")}
                autoComplete="current-password"
                error={fields.password.errors?.map((e) => t(e)).join(" ")}
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
                    <Stack gap="xs">
                      <img src={captcha.image} width={captcha.width} height={captcha.height} alt={t("login.textCodeHint")} />
                      <TextInput
                        name="vCode"
                        label={t("login.textCodeLabel")}
                        description={t("login.textCodeHint")}
                        autoComplete="off"
                        autoCapitalize="none"
                        maxLength={20}
                      />
                    </Stack>
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
            <Anchor component={Link} to="/contractor" size="sm" data-testid="contractor-sign-in">
              {t("contractors.signIn.link")}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </main>
  );
}
