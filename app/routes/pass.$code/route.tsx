import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-action";
import { LanguageSwitch } from "~/components/language-switch";
import { translate } from "~/contracts/i18n/translate.server";
import { leadEndpoints } from "~/contracts/leads/endpoints.server";
import { leadCodeOf } from "~/contracts/leads/values";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { useTranslation } from "~/i18n/texts";
import { apiFor } from "~/lib/api.server";
import { getLanguage, serializeOwnPass } from "~/lib/cookies.server";
import { shellTitle } from "~/lib/page-title";
import "~/contracts/leads/texts";

/**
 * /pass/<code>: the visitor's own pass (issue 56, docs/decisions/070), opened from the link in the
 * registration's SMS and e-mail or from the registration's last page. The code in the address is
 * the visitor's key (no account): a secret in the URL, kept by no cache and no Referer. Public, shown
 * inside the messaging app's browser, without any script: the QR (a picture the phone can keep), the
 * code under it for typing, and the consent that scanning exhibitors receive the contact details,
 * withdrawn here at any time (after a question) or given.
 */
export const handle = { public: true, inAppBrowser: true, hydrate: false, tokenInUrl: true, pathParams: "secret" } satisfies PageHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }, { name: "robots", content: "noindex" }];

const DONE = ["given", "withdrawn"] as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const language = getLanguage(request);
  const code = params.code ?? "";
  const url = new URL(request.url);
  const api = await apiFor(request, context);
  const result = await api.call(leadEndpoints.pass, { code });
  const title = translate(language, "leads.pass.title");
  if (!result.ok) {
    const status = result.code === 404 || result.code === 400 ? 404 : 502;
    return json({ language, title, pass: null, leadCode: "", message: result.message, confirm: false, done: null }, { status });
  }
  const pass = result.data;
  const done = DONE.find((d) => d === url.searchParams.get("done")) ?? null;
  // This phone is the visitor's: scanning their own QR later opens this page (routes/lead.$code).
  const headers = { "Set-Cookie": serializeOwnPass(code, context) };
  return json(
    {
      language,
      title: `${title} - ${pass.name}`,
      pass,
      leadCode: leadCodeOf(pass.leadUrl),
      message: null,
      confirm: pass.leadConsent && url.searchParams.get("confirm") === "withdraw",
      done,
    },
    { headers },
  );
}

/** Gives or withdraws the consent (`leadConsent` on or absent), then shows the pass again with what changed. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const code = params.code ?? "";
  const form = await request.formData();
  const consent = form.get("leadConsent") === "on";
  const api = await apiFor(request, context);
  const result = await api.call(leadEndpoints.passConsent, { code, leadConsent: consent ? "on" : "" });
  const language = getLanguage(request);
  if (!result.ok) {
    const status = result.code === 404 || result.code === 400 ? 404 : 502;
    return json({ language, message: result.message }, { status });
  }
  return redirect(`${result.data.passPath}?done=${consent ? "given" : "withdrawn"}`);
}

export default function VisitorPassPage() {
  const { t } = useTranslation();
  const { language, pass, leadCode, message, confirm, done } = useLoaderData<typeof loader>();
  const pending = useNavigation().state === "submitting";
  return (
    <main className="auth-page">
      <Paper className="auth-card" withBorder shadow="sm" p={{ base: "sm", xs: "lg" }} radius="md" style={{ overflowWrap: "anywhere" }}>
        <Stack gap="md">
          <Group justify="space-between" align="center" wrap="nowrap">
            <Text fw={700} c="indigo">
              {t("leads.pass.title")}
            </Text>
            <LanguageSwitch current={language} />
          </Group>
          {!pass ? (
            <Alert color="yellow" data-testid="pass-not-found">
              {message}
            </Alert>
          ) : (
            <>
              <Stack gap={2}>
                <Text size="sm" c="dimmed">
                  {pass.exhibition.name} · {pass.exhibition.opensOn} – {pass.exhibition.endsOn} · {pass.exhibition.venue}
                </Text>
                <Title order={1} size="h2" data-testid="pass-name">
                  {pass.name}
                </Title>
                <Text data-testid="pass-company">{pass.company}</Text>
                <Text size="sm">
                  {t("leads.pass.number")}: <b data-testid="pass-number">{pass.visitorNo}</b>
                </Text>
              </Stack>
              {done ? (
                <Alert color="green" role="status" data-testid="pass-done">
                  {t(done === "given" ? "leads.pass.given" : "leads.pass.withdrawn")}
                </Alert>
              ) : null}
              {pass.checkedInAt ? (
                <Alert color="blue" data-testid="pass-checked-in">
                  {t("leads.pass.checkedIn", { date: pass.checkedInAt.slice(0, 16).replace("T", " ") })}
                </Alert>
              ) : null}
              <Stack gap="xs" align="center">
                <img
                  src={`${pass.passPath}/qr`}
                  alt={t("leads.pass.title")}
                  width={240}
                  height={240}
                  style={{ width: "min(240px, 100%)", height: "auto", imageRendering: "pixelated" }}
                  data-testid="pass-qr"
                />
                <Text size="xs" ff="monospace" ta="center" data-testid="pass-code">
                  {leadCode}
                </Text>
                <Text size="sm">{t("leads.pass.intro")}</Text>
                <Anchor href={`${pass.passPath}/qr?download=1`} download="visitor-pass.png" data-testid="pass-save">
                  {t("leads.pass.save")}
                </Anchor>
              </Stack>
              <Stack gap="xs" data-testid="pass-consent" data-consent={pass.leadConsent ? "yes" : "no"}>
                <Title order={2} size="h4">
                  {t("leads.pass.consentTitle")}
                </Title>
                <Text size="sm">{t(pass.leadConsent ? "leads.pass.consentGiven" : "leads.pass.consentNotGiven")}</Text>
                {confirm ? (
                  <ConfirmAction
                    question={t("leads.pass.confirmWithdraw")}
                    intent="consent"
                    fields={{}}
                    confirmLabel={t("leads.pass.withdraw")}
                    cancelTo={pass.passPath}
                    pending={pending}
                    testId="pass-confirm-withdraw"
                  />
                ) : pass.leadConsent ? (
                  <Button component="a" href={`${pass.passPath}?confirm=withdraw`} variant="default" color="red" data-testid="pass-withdraw">
                    {t("leads.pass.withdraw")}
                  </Button>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="leadConsent" value="on" />
                    <Button type="submit" variant="light" loading={pending} data-testid="pass-give">
                      {t("leads.pass.give")}
                    </Button>
                  </Form>
                )}
              </Stack>
            </>
          )}
        </Stack>
      </Paper>
    </main>
  );
}
