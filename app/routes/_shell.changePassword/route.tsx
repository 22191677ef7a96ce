import { shellTitle } from "~/lib/page-title";
import { FormPage } from "~/components/form-page";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Button, PasswordInput, Stack } from "@mantine/core";
import { usePortalForm, useErrorText } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { translate } from "~/contracts/i18n/translate.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { authEndpoints } from "~/contracts/auth/endpoints.server";
import { apiFor, handleAuthErrors } from "~/lib/api.server";
import { requireShellUser } from "~/lib/permissions.server";
import { useIsPending } from "~/lib/hooks";
import { apiPublicKey, rsaEncrypt } from "~/features/auth/rsa.server";
import { changePasswordSchema } from "~/features/auth/change-password-schema.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { showToast } from "~/lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "password.title", title: "shell.pages.changePassword", personal: "account" } satisfies PageHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await requireShellUser(request, context);
  return json({ title: translate(language, "password.title"), constraints: formConstraints({ changePassword: changePasswordSchema }) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireShellUser(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  // Typed passwords are sent back so a failed submit loses nothing; never cache that page.
  const noStore = { "Cache-Control": "no-store" };
  if (submission.status !== "success") {
    return json({ result: submission.reply(), success: false }, { status: 400, headers: noStore });
  }
  const api = await apiFor(request, context);
  const publicKey = await apiPublicKey(api, context.apiBaseUrl);
  if (!publicKey) {
    return json(
      { result: submission.reply({ formErrors: [translate(api.language, "errors.requestFailed")] }), success: false },
      { status: 502, headers: noStore },
    );
  }
  // An organizer's backend with a smaller key carries less than the schema allows: say so at the field.
  const encrypted: { password?: string; newPassword?: string } = {};
  for (const name of ["password", "newPassword"] as const) {
    try {
      encrypted[name] = rsaEncrypt(publicKey, submission.value[name]);
    } catch {
      return json({ result: submission.reply({ fieldErrors: { [name]: ["password.tooLong"] } }), success: false }, { status: 400, headers: noStore });
    }
  }
  const result = await handleAuthErrors(await api.call(authEndpoints.modifyPasswd, encrypted), request, context);
  if (!result.ok) {
    const reply = replyToApiFailure(submission, result, ["password", "newPassword"]);
    return json({ result: reply, success: false }, { status: 400, headers: noStore });
  }
  const headers = await showToast(context, { kind: "success", key: "password.success" }, new Headers(noStore));
  return json({ result: submission.reply({ resetForm: true }), success: true }, { headers });
}

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const { constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = usePortalForm<typeof changePasswordSchema>({
    id: "change-password",
    constraint: constraints.changePassword,
    lastResult: actionData?.result,
  });
  const errorText = useErrorText();

  return (
    <FormPage title={t("password.title")} maw={440} form={form}>
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="sm">
          <PasswordInput
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            label={t("password.old")}
            autoComplete="current-password"
            error={errorText(fields.password.errors)}
          />
          <PasswordInput
            {...getInputProps(fields.newPassword, { type: "password" })}
            key={fields.newPassword.key}
            label={t("password.new")}
            autoComplete="new-password"
            error={errorText(fields.newPassword.errors)}
          />
          <PasswordInput
            {...getInputProps(fields.newPassword1, { type: "password" })}
            key={fields.newPassword1.key}
            label={t("password.confirm")}
            autoComplete="new-password"
            error={errorText(fields.newPassword1.errors)}
          />
          <Button type="submit" loading={isPending}>
            {t("password.submit")}
          </Button>
        </Stack>
      </Form>
    </FormPage>
  );
}
