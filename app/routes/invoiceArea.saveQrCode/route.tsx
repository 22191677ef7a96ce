import { HiddenFields } from "~/components/hidden-fields";
import { shellTitle } from "~/lib/page-title";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Alert, Button, Container, Stack, Text, TextInput, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import { invoiceEndpoints } from "~/contracts/invoices/endpoints.server";

import { qrSaveSchema } from "~/features/invoices/schema.server";
import { INVOICE_TYPES } from "~/contracts/invoices/values";
import { translate } from "~/contracts/i18n/translate.server";
import { apiFor } from "~/lib/api.server";
import { getLanguage } from "~/lib/cookies.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { useErrorText, usePortalForm } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import "~/contracts/invoices/texts";
import { formatCny } from "~/contracts/common/format";
import { FormSelect } from "~/components/form-fields";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }, { name: "robots", content: "noindex" }];

// docs/product.md § Public pages: public, and the one page the messaging app's in-app browser is not turned away from.
// Its token is its key: never cached, never sent on as a Referer (server/remix/private-responses.ts).
export const handle = { public: true, inAppBrowser: true, tokenInUrl: true } satisfies PageHandle;

const FIELDS = ["invoiceType", "title", "taxpayerId", "addressPhone", "bankAccount", "receivingEmail"] as const;

/**
 * GET /invoiceArea/saveQrCode?token=: the exhibitor's finance colleague, on a phone and signed in
 * nowhere, fills in the billing details of the one application the token names (issue 16). The
 * token is all the page knows; what it may show and change is the API's decision.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = getLanguage(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const api = await apiFor(request, context);
  const result = await api.call(invoiceEndpoints.qrInfo, { token });
  const title = translate(language, "invoices.qr.title");
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  const constraints = formConstraints({ qrSave: qrSaveSchema });
  if (!result.ok)
    return json({ title, token, application: null, error: result.message, saved: false, constraints }, { status: result.code === 429 ? 429 : 400 });
  return json({ title, token, application: result.data, error: null, saved, constraints });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: qrSaveSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const api = await apiFor(request, context);
  const v = submission.value;
  const result = await api.call(invoiceEndpoints.qrSave, {
    token: v.token,
    version: String(v.version),
    invoiceType: v.invoiceType,
    title: v.title,
    taxpayerId: v.taxpayerId,
    addressPhone: v.addressPhone,
    bankAccount: v.bankAccount,
    receivingEmail: v.receivingEmail,
  });
  if (!result.ok) return json({ result: replyToApiFailure(submission, result, [...FIELDS]) }, { status: 400 });
  // Back to the page (GET): a reload does not post again.
  return new Response(null, { status: 303, headers: { Location: `/invoiceArea/saveQrCode?${new URLSearchParams({ token: v.token, saved: "1" })}` } });
}

export default function SaveQrCodePage() {
  const { t } = useTranslation();
  const { token, application, error, saved, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof qrSaveSchema>({
    id: `qr-${application?.version ?? 0}`,
    constraint: constraints.qrSave,
    lastResult: actionData?.result,
    defaultValue: application ? Object.fromEntries(FIELDS.map((name) => [name, application[name]])) : {},
  });
  const text = (name: Exclude<(typeof FIELDS)[number], "invoiceType">, max: number) => (
    <TextInput
      {...getInputProps(fields[name], { type: name === "receivingEmail" ? "email" : "text" })}
      key={fields[name].key}
      label={t(`invoices.fields.${name}`)}
      maxLength={max}
      required={false}
      error={errorText(fields[name].errors)}
    />
  );
  return (
    <main>
      <Container size="xs" py="lg" px="sm">
        <Stack gap="md">
          <Title order={1} size="h3">
            {t("invoices.qr.title")}
          </Title>
          {error ? (
            <Alert color="orange" data-testid="qr-error">
              {error}
            </Alert>
          ) : null}
          {saved ? (
            <Alert color="green" data-testid="qr-saved">
              {t("invoices.qr.saved")}
            </Alert>
          ) : null}
          {application ? (
            <>
              <Text size="sm">{t("invoices.qr.intro", { exhibition: application.exhibitionName, amount: formatCny(application.amountCents).slice(1) })}</Text>
              {application.status === "issued" ? (
                <Alert color="gray">{t("invoices.qr.issued")}</Alert>
              ) : (
                <Form method="post" {...getFormProps(form)} data-testid="qr-form">
                  <HiddenFields values={{ token, version: application.version }} />
                  <Stack gap="sm">
                    <FormError errors={form.errors} id={form.errorId} />
                    <FormSelect
                      field={fields.invoiceType}
                      label={t("invoices.fields.invoiceType")}
                      data={INVOICE_TYPES.map((type) => ({ value: type, label: t(`invoices.invoiceTypes.${type}`) }))}
                    />
                    {text("title", 100)}
                    {text("taxpayerId", 18)}
                    {text("addressPhone", 200)}
                    {text("bankAccount", 200)}
                    {text("receivingEmail", 120)}
                    <Button type="submit" loading={pending} fullWidth>
                      {t("invoices.qr.save")}
                    </Button>
                  </Stack>
                </Form>
              )}
            </>
          ) : null}
        </Stack>
      </Container>
    </main>
  );
}
