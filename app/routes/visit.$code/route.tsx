import { shellTitle } from "~/lib/page-title";
import { Alert, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, type TextInputProps, Title } from "@mantine/core";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { TextCaptchaFieldset } from "~/components/auth-card";
import { LanguageSwitch } from "~/components/language-switch";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { visitorEndpoints } from "~/contracts/promotion/visitors/endpoints.server";
import { VISITOR_COMPANY_MAX, VISITOR_NAME_MAX, VISITOR_POSITION_MAX } from "~/contracts/promotion/visitors/values";
import { fetchCaptcha } from "~/features/captcha/captcha.server";
import { useTranslation } from "~/i18n/texts";
import { apiFor } from "~/lib/api.server";
import { getLanguage } from "~/lib/cookies.server";
import { visitAction } from "./action.server";
import type { VisitValues } from "./fields";
import "~/contracts/promotion/texts";
import "~/contracts/leads/texts";
import { PageHeading } from "~/components/page-heading";

/**
 * /visit/<code>: a visitor's pre-registration behind an exhibitor's invitation or poster (issue 38,
 * decision 031). Public, shown inside the messaging app's browser too (that is where the QR code is
 * scanned), and without any script: plain posts answered with the page (docs/decisions/021, 024).
 * Opening it counts a view for the code's exhibitor (the API leaves bots out).
 */
export const handle = { public: true, inAppBrowser: true, hydrate: false, pathParams: "public" } satisfies PageHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }, { name: "robots", content: "noindex" }];

/**
 * Kept by no cache: the form carries a one-time captcha, and the page answering a post shows what the
 * visitor typed (name, mobile, e-mail).
 */
const PAGE_CACHING = { "Cache-Control": "private, no-store" };
export const headers: HeadersFunction = () => PAGE_CACHING;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const language = getLanguage(request);
  const api = await apiFor(request, context);
  const invitation = new URL(request.url).searchParams.get("inv") ?? undefined;
  const result = await api.call(visitorEndpoints.visit, { code: params.code ?? "", invitation });
  const page = result.ok ? result.data : null;
  const captcha = page?.captchaRequired ? await fetchCaptcha(api, "text") : null;
  const title = `${translate(language, "promotion.visitors.title")}${page?.exhibition ? ` - ${page.exhibition.name}` : ""}`;
  return json({ language, title, page, error: result.ok ? null : result.message, captcha }, { headers: PAGE_CACHING });
}

export const action = (args: ActionFunctionArgs) => visitAction(args);

const EMPTY: VisitValues = {
  name: "",
  company: "",
  position: "",
  mobile: "",
  smsCode: "",
  email: "",
  countryId: "",
  provinceCode: "",
  interests: [],
  consent: false,
  leadConsent: false,
};

export default function VisitPage() {
  const { t } = useTranslation();
  const { language, page, error, captcha: loadedCaptcha } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const values = reply?.values ?? { ...EMPTY, countryId: page ? String(page.chinaCountryId) : "" };
  const errors: Record<string, string | undefined> = reply?.errors ?? {};
  const captcha = reply ? (reply.captcha ?? (page?.captchaRequired ? loadedCaptcha : null)) : loadedCaptcha;
  const exhibition = page?.exhibition;
  // One text field of the form: its label, typed value and error all go by the field's name.
  const field = (name: "name" | "company" | "position" | "mobile" | "email", props: TextInputProps) => (
    <TextInput name={name} label={t(`promotion.visitors.fields.${name}`)} defaultValue={values[name]} error={errors[name]} {...props} />
  );

  return (
    <main className="auth-page">
      <Paper className="auth-card" withBorder shadow="sm" p={{ base: "sm", xs: "lg" }} radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="center" wrap="nowrap">
            <Text fw={700} c="indigo">
              {t("promotion.visitors.title")}
            </Text>
            <LanguageSwitch current={language} />
          </Group>
          {exhibition ? (
            <Stack gap={2}>
              <PageHeading
                title={exhibition.name}
                intro={`${t("promotion.visitors.dates", { from: exhibition.opensOn, to: exhibition.endsOn })} · ${exhibition.venue}`}
              />
              {page?.inviterCompany ? (
                <Text size="sm" fw={600} data-testid="inviter">
                  {t("promotion.visitors.invitedBy", { company: page.inviterCompany })}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          {page && !exhibition ? <Alert color="yellow">{t("promotion.visitors.notOpen")}</Alert> : null}
          {reply?.done ? (
            <Stack gap="xs" data-testid="visitor-done" role="status">
              <Title order={2} size="h4">
                {t("promotion.visitors.done.title")}
              </Title>
              <Text>{t("promotion.visitors.done.number")}</Text>
              <Text fw={700} fz={28} data-testid="visitor-number">
                {reply.done.visitorNo}
              </Text>
              <Text size="sm">{t("promotion.visitors.done.hint")}</Text>
              <img
                src={`${reply.done.passPath}/qr`}
                alt={t("leads.pass.title")}
                width={200}
                height={200}
                style={{ width: "min(200px, 100%)", height: "auto", alignSelf: "center" }}
                data-testid="visitor-pass-qr"
              />
              <Button component="a" href={reply.done.passPath} data-testid="visitor-pass-link">
                {t("leads.registration.passLink")}
              </Button>
            </Stack>
          ) : page && exhibition ? (
            <Form method="post" noValidate aria-describedby={reply?.message ? "visit-error" : undefined}>
              {/* The form's default button (Enter in a field registers), first in the form, off screen: the code button below is only for clicks. */}
              <button type="submit" tabIndex={-1} aria-hidden="true" style={{ position: "absolute", left: -10000, width: 1, height: 1, overflow: "hidden" }} />
              <Stack gap="sm">
                <Text size="sm">{t("promotion.visitors.intro")}</Text>
                {reply?.message ? (
                  <Alert color="red" role="alert" id="visit-error" data-testid="form-error">
                    {reply.message}
                  </Alert>
                ) : null}
                {field("name", { maxLength: VISITOR_NAME_MAX, required: true, autoComplete: "name" })}
                {field("company", { maxLength: VISITOR_COMPANY_MAX, required: true, autoComplete: "organization" })}
                {field("position", { maxLength: VISITOR_POSITION_MAX, autoComplete: "organization-title" })}
                {field("mobile", { type: "tel", maxLength: 20, required: true, autoComplete: "tel", inputMode: "tel" })}
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    name="smsCode"
                    label={t("promotion.visitors.fields.smsCode")}
                    defaultValue={values.smsCode}
                    maxLength={6}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    required
                    error={errors.smsCode}
                    style={{ flex: 1 }}
                  />
                  {/* A second submit of the same form: the typed values travel with it and come back. */}
                  <Button type="submit" name="intent" value="sendCode" variant="light" formNoValidate mb={errors.smsCode ? 22 : 0}>
                    {t("promotion.visitors.sendCode")}
                  </Button>
                </Group>
                {reply?.codeSent ? (
                  <Text size="sm" c="teal" role="status" data-testid="code-sent">
                    {reply.codeDelivery?.status === "queued"
                      ? t("promotion.visitors.codeQueued", { mobile: reply.codeDelivery.to, minutes: reply.codeSent })
                      : t("promotion.visitors.codeSent", { mobile: reply.codeDelivery?.to ?? values.mobile, minutes: reply.codeSent })}
                  </Text>
                ) : null}
                {field("email", { type: "email", maxLength: 120, required: true, autoComplete: "email" })}
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <NativeSelect
                    name="countryId"
                    label={t("promotion.visitors.fields.country")}
                    defaultValue={values.countryId}
                    required
                    error={errors.countryId}
                  >
                    <option value="">{t("promotion.visitors.choose")}</option>
                    {page.countries.map((c) => (
                      <option key={c.id} value={String(c.id)}>
                        {c.name}
                      </option>
                    ))}
                  </NativeSelect>
                  <NativeSelect
                    name="provinceCode"
                    label={t("promotion.visitors.fields.province")}
                    defaultValue={values.provinceCode}
                    error={errors.provinceCode}
                  >
                    <option value="">{t("promotion.visitors.choose")}</option>
                    {page.provinces.map((p) => (
                      <option key={p.id} value={String(p.id)}>
                        {p.name}
                      </option>
                    ))}
                  </NativeSelect>
                </SimpleGrid>
                {page.classes.length ? (
                  <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                    <legend>
                      <Text size="sm" fw={500}>
                        {t("promotion.visitors.fields.interests")}
                      </Text>
                    </legend>
                    <SimpleGrid cols={2} spacing={6}>
                      {page.classes.map((c) => (
                        <Checkbox key={c.id} name="interests" value={String(c.id)} label={c.name} defaultChecked={values.interests.includes(String(c.id))} />
                      ))}
                    </SimpleGrid>
                    {errors.interests ? (
                      <Text size="xs" c="red" mt={4}>
                        {errors.interests}
                      </Text>
                    ) : null}
                  </fieldset>
                ) : null}
                <Checkbox name="consent" label={t("promotion.visitors.fields.consent")} defaultChecked={values.consent} />
                {/* A separate consent (PIPL: sharing with third parties), unticked unless the visitor ticks it. */}
                <Checkbox name="leadConsent" label={t("leads.registration.leadConsent")} defaultChecked={values.leadConsent} />
                {captcha ? (
                  <TextCaptchaFieldset
                    captcha={captcha}
                    title={t("promotion.visitors.captchaTitle")}
                    label={t("promotion.visitors.fields.captcha")}
                    error={errors.vCode}
                  />
                ) : null}
                <Button type="submit" fullWidth>
                  {t("promotion.visitors.submit")}
                </Button>
              </Stack>
            </Form>
          ) : null}
        </Stack>
      </Paper>
    </main>
  );
}
