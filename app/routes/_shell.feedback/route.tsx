import { shellTitle } from "~/lib/page-title";
import { FormPage } from "~/components/form-page";
import { getFormProps } from "@conform-to/react";
import { Stack } from "@mantine/core";
import { usePortalForm } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/texts";
import { translate } from "~/contracts/i18n/translate.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { handleAuthErrors } from "~/lib/api.server";
import { useIsPending } from "~/lib/hooks";
import { heldFormValues } from "~/lib/form-hold.server";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { parseFormWithUploads, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { feedbackFormSchema } from "~/features/settings/feedback-schema.server";
import { FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGE_KINDS, FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_TYPES } from "~/contracts/settings/feedback-values";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { showToast } from "~/lib/toast.server";
import { FRAME_UNCHANGED } from "~/lib/frame-revalidation";
import "~/contracts/settings/texts";
import { settingsEndpoints } from "~/contracts/settings/endpoints.server";
import { FormSelect, FormTextarea } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "settings.feedbackTitle", title: "shell.pages.feedback", personal: "account" } satisfies PageHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language, info } = await requireShellUser(request, context);
  // What was typed before the session ended comes back once (form-hold.server.ts); a chosen image does not.
  const held = await heldFormValues(request, context, formHolderOf(info), ["type", "content"]);
  return json(
    { title: translate(language, "settings.feedbackTitle"), held: held.values, constraints: formConstraints({ feedback: feedbackFormSchema }) },
    { headers: held.headers },
  );
}

/** The fields the API knows, so its field errors land next to the right input. */
const FORM_FIELDS = ["type", "content", "imgUrl"];

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  // Typed content is sent back so a failed submit loses nothing; never cache that page.
  const noStore = { "Cache-Control": "no-store" };

  // Without JavaScript the image arrives as a file and is stored on the way (uploads.server.ts).
  const multipart = /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");
  const { formData, uploadErrors } = multipart
    ? await parseFormWithUploads(request, context, api, language, {
        imgUrl: { folder: "feedback", kinds: FEEDBACK_IMAGE_KINDS, maxBytes: FEEDBACK_IMAGE_MAX_BYTES },
      })
    : { formData: await request.formData(), uploadErrors: {} };

  const submission = parseWithZod(formData, { schema: feedbackFormSchema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return json({ result: replyWithUploadErrors(submission, uploadErrors), success: false }, { status: 400, headers: noStore });
  }

  const { type, content, imgUrl } = submission.value;
  const result = await handleAuthErrors(await api.call(settingsEndpoints.saveFeedback, { type, content, imgUrl }), request, context);
  if (!result.ok) {
    const reply = replyToApiFailure(submission, result, FORM_FIELDS);
    return json({ result: reply, success: false }, { status: 400, headers: noStore });
  }
  const headers = await showToast(context, { kind: "success", key: "settings.feedbackSuccess" }, new Headers(noStore));
  return json({ result: submission.reply({ resetForm: true }), success: true, ...FRAME_UNCHANGED }, { headers });
}

export default function FeedbackPage() {
  const { t } = useTranslation();
  const { held, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = usePortalForm<typeof feedbackFormSchema>({
    id: "feedback",
    constraint: constraints.feedback,
    lastResult: actionData?.result,
    defaultValue: held ?? undefined,
  });

  // The live counter needs JavaScript; without it the limit is shown as text.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const initialContent = typeof fields.content.initialValue === "string" ? fields.content.initialValue : "";
  const [used, setUsed] = useState(initialContent.length);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fields.content.key changes when the form is reset (the textarea remounts with it), also when the initial text stays the same; the counter must restart then
  useEffect(() => setUsed(initialContent.length), [fields.content.key, initialContent]);

  const typeOptions = [
    // The empty first option is the placeholder; `required` makes the browser insist on a type.
    { value: "", label: t("settings.feedbackTypePlaceholder") },
    ...FEEDBACK_TYPES.map((key, index) => ({ value: String(index + 1), label: t(`settings.feedbackTypes.${key}`) })),
  ];

  return (
    <FormPage title={t("settings.feedbackTitle")} maw={560} form={form}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <Stack gap="sm">
          <FormSelect field={fields.type} label={t("settings.feedbackType")} data={typeOptions} withAsterisk />
          <FormTextarea
            field={fields.content}
            label={t("settings.feedbackContent")}
            placeholder={t("settings.feedbackContentPlaceholder")}
            maxLength={FEEDBACK_CONTENT_MAX}
            autosize
            minRows={5}
            maxRows={12}
            onInput={(event) => setUsed(event.currentTarget.value.length)}
            withAsterisk
            description={
              hydrated ? (
                <span
                  role="status"
                  aria-live="polite"
                  aria-label={t("settings.feedbackCounterLabel", { used, max: FEEDBACK_CONTENT_MAX })}
                  data-testid="counter"
                >
                  {used}/{FEEDBACK_CONTENT_MAX}
                </span>
              ) : (
                t("settings.feedbackContentLimit", { max: FEEDBACK_CONTENT_MAX })
              )
            }
            inputWrapperOrder={["label", "input", "description", "error"]}
          />
          <FieldFileUpload
            field={fields.imgUrl}
            formValues={form.initialValue}
            folder="feedback"
            kinds={FEEDBACK_IMAGE_KINDS}
            maxBytes={FEEDBACK_IMAGE_MAX_BYTES}
            label={t("settings.feedbackImage")}
          />
          <SubmitRow pending={isPending} label={t("settings.feedbackSubmit")} />
        </Stack>
      </Form>
    </FormPage>
  );
}
