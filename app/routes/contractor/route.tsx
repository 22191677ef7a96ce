import { FormError } from "~/components/form-error";
import { getFormProps } from "@conform-to/react";
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { translate } from "~/contracts/i18n/translate.server";
import { contractorEndpoints } from "~/contracts/contractors/endpoints.server";
import { apiFor } from "~/lib/api.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { clearNotice, getLanguage, readNotice, readTicket, serializeLanguage, setTicket } from "~/lib/cookies.server";
import { accountCookie } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { usePortalForm } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { contractorSignInSchema } from "~/features/contractors/schema.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import "~/contracts/contractors/texts";
import { FormTextInput } from "~/components/form-fields";

export const handle = { public: true } satisfies PageHandle;

/**
 * Sign-in for an entrusted contractor (ECReservation): the exhibitor number and the one-time
 * code from the e-mail, no password. The session it opens books services for that exhibitor
 * only. The booking pages exist in Chinese (docs/product.md § Menus and page access hides them in English), so the
 * portal continues in Chinese.
 */

export const BOOKING_LANDING = "/bookingService/onlineBookingService";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} - ${data.appTitle}` : "Contractor sign-in" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), BOOKING_LANDING);
  if (await readTicket(request, context)) throw redirect(redirectTo);
  const language = getLanguage(request);
  // After an ended session: the same one-time notice as the login page.
  const notice = readNotice(request);
  return json(
    {
      // A link in the e-mail may carry the exhibitor number.
      exhibitorNo: (url.searchParams.get("no") ?? "").slice(0, 100),
      redirectTo,
      notice,
      language,
      title: translate(language, "contractors.signIn.title"),
      appTitle: translate(language, "app.title"),
      constraints: formConstraints({ signIn: contractorSignInSchema }),
    },
    notice ? { headers: { "Set-Cookie": clearNotice(context) } } : undefined,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: contractorSignInSchema });
  // The code is spent on success and useless on failure: it never comes back into the form.
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  const api = await apiFor(request, context);
  const result = await api.call(contractorEndpoints.login, submission.value);
  if (!result.ok) {
    // A wrong code is the code field's error (an i18n key); anything else (locked, unavailable) the form's.
    return json({ result: replyToApiFailure(submission, result, ["code"], ["code"]) }, { status: result.code === 429 ? 429 : 400 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await setTicket(context, result.data.ticket));
  headers.append("Set-Cookie", await accountCookie(context).serialize(`contractor:${result.data.contractor.accessId}`));
  headers.append("Set-Cookie", serializeLanguage("zh", context));
  headers.append("Set-Cookie", clearNotice(context));
  throw redirect(safeRedirect(formData.get("redirectTo"), BOOKING_LANDING), { headers });
}

export default function ContractorSignInPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = usePortalForm<typeof contractorSignInSchema>({
    id: "contractor-sign-in",
    constraint: data.constraints.signIn,
    lastResult: actionData?.result,
    defaultValue: { exhibitorNo: data.exhibitorNo },
  });
  return (
    <main className="auth-page">
      <Paper className="auth-card" withBorder shadow="sm" p={{ base: "sm", xs: "lg" }} radius="md">
        <Stack gap="md">
          <Text fw={700} c="indigo">
            {t("app.title")}
          </Text>
          <Title order={1} size="h3">
            {t("contractors.signIn.heading")}
          </Title>
          <Text size="sm">{t("contractors.signIn.intro")}</Text>
          {data.language === "en" ? (
            <Text size="sm" c="dimmed">
              {t("contractors.signIn.chineseOnly")}
            </Text>
          ) : null}
          {data.notice && !actionData ? (
            <Alert color="yellow" role="alert" data-testid="notice">
              {t(data.notice)}
            </Alert>
          ) : null}
          <FormError errors={form.errors} id={form.errorId} testId="form-error" />
          <Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="redirectTo" value={data.redirectTo} />
            <Stack gap="sm">
              <FormTextInput field={fields.exhibitorNo} label={t("contractors.fields.exhibitorNo")} autoComplete="off" autoCapitalize="none" />
              <FormTextInput
                field={fields.code}
                label={t("contractors.fields.code")}
                description={t("contractors.signIn.codeHint")}
                autoComplete="one-time-code"
                autoCapitalize="characters"
                spellCheck={false}
              />
              <Button type="submit" loading={isPending} fullWidth>
                {t("contractors.signIn.submit")}
              </Button>
            </Stack>
          </Form>
          <Group justify="center">
            <Anchor component={Link} to="/login" size="sm">
              {t("contractors.signIn.exhibitorLogin")}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </main>
  );
}
