import { shellTitle } from "~/lib/page-title";
import { getFormProps } from "@conform-to/react";
import { Stack } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import { checkInSchema } from "~/features/badges/check-in-schema.server";
import { badgeEndpoints } from "~/contracts/badges/endpoints.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors } from "~/lib/api.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { usePortalForm } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";
import { CameraScanner } from "./camera-scanner";
import { CheckInCard } from "./check-in-card";
import "~/contracts/badges/texts";
import { FormTextInput } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";
import { FormPage } from "~/components/form-page";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "badges.checkIn.title", floatingButtons: false, camera: true } satisfies PageHandle;

const noStore = { "Cache-Control": "no-store" };

/**
 * The on-site check-in desk (roleId 1; the API refuses everyone else). A hand scanner types the QR's
 * text into the field and presses Enter, which is a plain POST: no JavaScript needed. With
 * JavaScript, a phone's camera can read the code where the browser can (BarcodeDetector).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await requireShellUser(request, context);
  return json({ title: translate(language, "badges.checkIn.title"), constraints: formConstraints({ checkIn: checkInSchema }) }, { headers: noStore });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: checkInSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), checkIn: null }, { status: 400, headers: noStore });
  const result = await handleAuthErrors(await api.call(badgeEndpoints.checkIn, { code: submission.value.code }), request, context);
  if (!result.ok)
    return json({ result: replyToApiFailure(submission, result, ["code"]), checkIn: null }, { status: result.code === 403 ? 403 : 400, headers: noStore });
  // The field is emptied for the next badge; the card shows who just came in.
  return json({ result: submission.reply({ resetForm: true }), checkIn: result.data }, { headers: noStore });
}

export default function BadgeCheckInPage() {
  const { t } = useTranslation();
  const { constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = usePortalForm<typeof checkInSchema>({ id: "check-in", constraint: constraints.checkIn, lastResult: actionData?.result });
  return (
    <FormPage title={t("badges.checkIn.title")} maw={720} intro={t("badges.checkInPage.intro")}>
      {actionData?.checkIn ? <CheckInCard checkIn={actionData.checkIn} /> : null}
      <Form method="post" ref={formRef} {...getFormProps(form)} data-testid="check-in-form">
        <Stack gap="sm">
          <FormError errors={form.errors} id={form.errorId} />
          <FormTextInput
            field={fields.code}
            label={t("badges.checkIn.code")}
            description={t("badges.checkInPage.codeHint")}
            maxLength={100}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            // The desk's scanner types here: the field is ready without a click.
            autoFocus
            data-testid="check-in-code"
          />
          <SubmitRow pending={isPending} label={t("badges.checkIn.submit")}>
            <CameraScanner
              onCode={(code) => {
                const input = formRef.current?.elements.namedItem("code");
                if (input instanceof HTMLInputElement) input.value = code;
                formRef.current?.requestSubmit();
              }}
            />
          </SubmitRow>
        </Stack>
      </Form>
    </FormPage>
  );
}
