import { PageHeading } from "~/components/page-heading";
import { getFormProps } from "@conform-to/react";
import { Alert, Anchor, Box, Button, Fieldset, List, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { FormError } from "~/components/form-error";
import { CatalogueSettingsLinks } from "~/features/catalogue-settings/settings-links";
import { exhibitionSettingsEndpoints } from "~/contracts/exhibition-settings/endpoints.server";
import type { exhibitionSettingsSchema as Schema } from "~/contracts/exhibition-settings/schema";
import {
  CONTACT_QR_UPLOAD,
  EXHIBITION_NAME_MAX,
  EXHIBITION_SETTINGS_PATH,
  SETTING_TEXT_MAX,
  SETTING_TIP_MAX,
  SETTING_URL_MAX,
  SMS_SIGN_MAX,
  settingFieldLink,
} from "~/contracts/exhibition-settings/values";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { exhibitionSettingsSchema } from "~/features/exhibition-settings/schema.server";
import { OtherSettingsLinks } from "~/features/logistics-settings/other-settings-links";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { usePortalForm } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { shellTitle } from "~/lib/page-title";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import "~/contracts/exhibition-settings/texts";
import { FormTextInput } from "~/components/form-fields";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** The organizer's page (menu 8, roleId 1 only); the API answers the organizer only as well. */
export const handle = { breadcrumb: "exhibitionSettings.title" } satisfies PageHandle;

const NO_STORE = { "Cache-Control": "private, no-store" };

/** Every field of the form, in the page's order (held values after an expired session, API field errors). */
const FIELDS = [
  "nameZh",
  "nameEn",
  "publicUrl",
  "filingNumber",
  "userGuideUrl",
  "contactWayUrl",
  "contactQrUrl",
  "contactTip1Zh",
  "contactTip1En",
  "contactTip2Zh",
  "contactTip2En",
  "drawingSiteUrl",
  "exhibitorServiceEmail",
  "mailSenderName",
  "smsSignName",
] as const;

/**
 * /index/settings (issue 52): the exhibition's names, the portal's public address, the footer's filing
 * number, the user guide, the 'Contact us' code (a WeCom link or a QR picture) with its tip lines, the
 * drawing site, the exhibitor-service address, the mail sender name and the SMS signature, in one form
 * saved at once. Multipart (the picture): it works without script; a refusal keeps what was typed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const settings = await requireOk(await api.call(exhibitionSettingsEndpoints.settings), request, context);
  const held = await heldFormValues(request, context, formHolderOf(info), [...FIELDS, uploadFieldNames("contactQrUrl").name]);
  return json(
    {
      title: translate(language, "exhibitionSettings.title"),
      settings,
      held: held.values,
      constraint: formConstraints({ settings: exhibitionSettingsSchema }).settings,
    },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { contactQrUrl: CONTACT_QR_UPLOAD });
  rememberForm(request, formData);
  const submission = parseWithZod(formData, { schema: exhibitionSettingsSchema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return json({ result: replyWithUploadErrors(submission, uploadErrors) as SubmissionResult<string[]> }, { status: 400, headers: NO_STORE });
  }
  // An empty field is absent from the call: the API unsets that setting.
  const saved = await handleAuthErrors(await api.call(exhibitionSettingsEndpoints.save, submission.value), request, context);
  if (!saved.ok) return json({ result: replyToApiFailure(submission, saved, FIELDS) as SubmissionResult<string[]> }, { status: 400, headers: NO_STORE });
  return redirectWithToast(EXHIBITION_SETTINGS_PATH, context, { kind: "success", key: "exhibitionSettings.saved" });
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Fieldset legend={title}>
      <Stack gap="sm">
        {hint ? (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Fieldset>
  );
}

export default function ExhibitionSettingsPage() {
  const { t } = useTranslation();
  const { settings, held, constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const pending = useIsPending();
  const { missing } = settings;
  const stored = Object.fromEntries(FIELDS.map((name) => [name, settings[name]]));
  const [form, fields] = usePortalForm<typeof Schema>({
    id: "exhibition-settings",
    constraint,
    lastResult: reply?.result,
    defaultValue: { ...stored, ...held },
  });
  type Name = Exclude<(typeof FIELDS)[number], "contactQrUrl">;
  const input = (name: Name, options: { max: number; required?: boolean; type?: "text" | "url" | "email"; hint?: string }) => {
    const field = fields[name];
    return (
      <Box id={`setting-${name}`}>
        <FormTextInput
          field={field}
          type={options.type === "email" ? "email" : "text"}
          inputMode={options.type === "url" ? "url" : undefined}
          label={t(`exhibitionSettings.fields.${name}`)}
          description={options.hint}
          maxLength={options.max}
          withAsterisk={options.required}
          data-testid={`setting-${name}`}
        />
      </Box>
    );
  };
  return (
    <Stack gap="lg" maw={900}>
      <Panel>
        <PageHeading title={t("exhibitionSettings.title")} intro={t("exhibitionSettings.intro")} />
        {missing.length ? (
          <Alert color="yellow" title={t("exhibitionSettings.missing.title")} data-testid="settings-missing">
            <List size="sm">
              {missing.map((setting) => (
                <List.Item key={setting}>
                  <Anchor href={settingFieldLink(setting)}>{t(`exhibitionSettings.missing.${setting}`)}</Anchor>
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} data-testid="settings-form">
          <Stack gap="lg">
            <FormError errors={form.errors} id={form.errorId} />
            <Section title={t("exhibitionSettings.sections.exhibition")}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {input("nameZh", { max: EXHIBITION_NAME_MAX, required: true })}
                {input("nameEn", { max: EXHIBITION_NAME_MAX, required: true })}
              </SimpleGrid>
              {input("publicUrl", { max: SETTING_URL_MAX, type: "url", hint: t("exhibitionSettings.hints.publicUrl") })}
            </Section>
            <Section title={t("exhibitionSettings.sections.site")}>
              {input("filingNumber", { max: SETTING_TEXT_MAX, hint: t("exhibitionSettings.hints.filingNumber") })}
              {input("userGuideUrl", { max: SETTING_URL_MAX, type: "url", hint: t("exhibitionSettings.hints.userGuideUrl") })}
              {input("drawingSiteUrl", { max: SETTING_URL_MAX, type: "url", hint: t("exhibitionSettings.hints.drawingSiteUrl") })}
            </Section>
            <Section title={t("exhibitionSettings.sections.contact")} hint={t("exhibitionSettings.hints.contact")}>
              {input("contactWayUrl", { max: SETTING_URL_MAX, type: "url" })}
              <Box id="setting-contactQrUrl" data-testid="setting-contactQrUrl">
                <FieldFileUpload
                  field={fields.contactQrUrl}
                  formValues={form.initialValue}
                  folder={CONTACT_QR_UPLOAD.folder}
                  kinds={CONTACT_QR_UPLOAD.kinds}
                  maxBytes={CONTACT_QR_UPLOAD.maxBytes}
                  maxCount={CONTACT_QR_UPLOAD.maxCount}
                  label={t("exhibitionSettings.fields.contactQrUrl")}
                />
              </Box>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {input("contactTip1Zh", { max: SETTING_TIP_MAX })}
                {input("contactTip1En", { max: SETTING_TIP_MAX })}
                {input("contactTip2Zh", { max: SETTING_TIP_MAX })}
                {input("contactTip2En", { max: SETTING_TIP_MAX })}
              </SimpleGrid>
            </Section>
            <Section title={t("exhibitionSettings.sections.messages")}>
              {input("exhibitorServiceEmail", { max: 120, type: "email" })}
              {input("mailSenderName", { max: SETTING_TEXT_MAX, hint: t("exhibitionSettings.hints.mailSenderName") })}
              {input("smsSignName", { max: SMS_SIGN_MAX, hint: t("exhibitionSettings.hints.smsSignName") })}
            </Section>
            <Box>
              <Button type="submit" loading={pending} data-testid="settings-save">
                {t("exhibitionSettings.save")}
              </Button>
            </Box>
          </Stack>
        </Form>
      </Panel>
      <OtherSettingsLinks />
      <CatalogueSettingsLinks />
    </Stack>
  );
}
