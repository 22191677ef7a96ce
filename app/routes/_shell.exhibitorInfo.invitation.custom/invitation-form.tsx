import { Alert, Anchor, Button, Checkbox, Fieldset, Radio, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ExhibitView, InvitationTemplateView, InvitationView } from "~/contracts/promotion/api-types";
import type { invitationSchema } from "~/contracts/promotion/schema";
import { INVITATION_COMPANY_MAX, INVITATION_NAME_MAX } from "~/contracts/promotion/values";
import { CUSTOM_PATH, EXHIBITS_PATH } from "~/features/promotion/paths";
import { useTranslation } from "~/i18n/texts";
import { useErrorText, usePortalForm, type FormReply } from "~/lib/forms";
import "~/contracts/promotion/texts";
import { FormTextInput } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";
import { RecordFormFrame } from "~/components/record-form-frame";

/** What the form posts, besides its intent (a held form after an expired session keeps these). */
export const INVITATION_FIELDS = ["id", "version", "name", "companyName", "templateId", "exhibitIds"] as const;

const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : value === undefined || value === null || value === "" ? [] : [String(value)]);

/** The form's values for an invitation being changed. */
export function invitationDefaults(invitation: InvitationView) {
  return {
    name: invitation.name,
    companyName: invitation.companyName,
    templateId: String(invitation.template.id),
    exhibitIds: invitation.exhibits.map((e) => String(e.id)),
  };
}

/** A template as the exhibitor chooses it: its name, its language and how many exhibits it shows. */
export function useTemplateLabel() {
  const { t } = useTranslation();
  return (template: InvitationTemplateView) =>
    t("promotion.pages.custom.templateOption", {
      name: template.name,
      language: t(`promotion.pages.languages.${template.language}`),
      slots: template.exhibitSlots,
    });
}

/**
 * Makes an invitation, or changes the one named by `editing` (posting the version it was shown):
 * its name, the company name as it should read, a template (native radios) and the exhibits to
 * show (native checkboxes; the server refuses more than the template holds).
 */
export function InvitationForm({
  editing,
  templates,
  exhibits,
  defaults,
  constraint,
  lastResult,
  pending,
}: FormReply & {
  editing: InvitationView | null;
  templates: InvitationTemplateView[];
  exhibits: ExhibitView[];
  defaults: Record<string, unknown>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const templateLabel = useTemplateLabel();
  const [form, fields] = usePortalForm<typeof invitationSchema>({
    id: `invitation-${editing?.id ?? "new"}`,
    constraint,
    lastResult,
    defaultValue: defaults,
  });
  const chosenTemplate = asList(fields.templateId.initialValue)[0] ?? "";
  const chosenExhibits = new Set(asList(fields.exhibitIds.initialValue));
  const text = (name: "name" | "companyName", max: number) => (
    <FormTextInput field={fields[name]} label={t(`promotion.fields.${name === "name" ? "invitationName" : "companyName"}`)} maxLength={max} withAsterisk />
  );
  return (
    <RecordFormFrame
      form={form}
      testId="invitation-form"
      preventScrollReset
      editing={editing}
      title={editing ? t("promotion.pages.custom.editTitle", { name: editing.name }) : t("promotion.pages.custom.newTitle")}
      errorTestId="invitation-form-error"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text("name", INVITATION_NAME_MAX)}
        {text("companyName", INVITATION_COMPANY_MAX)}
      </SimpleGrid>

      <Fieldset
        legend={t("promotion.fields.template")}
        key={fields.templateId.key}
        aria-describedby={fields.templateId.errors ? fields.templateId.errorId : undefined}
      >
        {templates.length ? (
          <Stack gap="xs">
            {templates.map((template) => (
              <Radio
                key={template.id}
                name={fields.templateId.name}
                value={String(template.id)}
                defaultChecked={chosenTemplate === String(template.id)}
                label={templateLabel(template)}
                required
              />
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">{t("promotion.pages.custom.noTemplates")}</Text>
        )}
        {fields.templateId.errors ? (
          <Text c="red.8" size="sm" mt="xs" id={fields.templateId.errorId}>
            {errorText(fields.templateId.errors)}
          </Text>
        ) : null}
      </Fieldset>

      <Fieldset
        legend={t("promotion.fields.exhibits")}
        key={fields.exhibitIds.key}
        aria-describedby={fields.exhibitIds.errors ? fields.exhibitIds.errorId : undefined}
      >
        {exhibits.length ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t("promotion.pages.custom.exhibitsHint")}
            </Text>
            {exhibits.map((exhibit) => (
              <Checkbox
                key={exhibit.id}
                name={fields.exhibitIds.name}
                value={String(exhibit.id)}
                defaultChecked={chosenExhibits.has(String(exhibit.id))}
                label={exhibit.nameEn ? `${exhibit.nameZh} (${exhibit.nameEn})` : exhibit.nameZh}
              />
            ))}
          </Stack>
        ) : (
          <Alert color="yellow" data-testid="no-exhibits">
            <Stack gap={4}>
              <Text size="sm">{t("promotion.pages.custom.noExhibits")}</Text>
              <Anchor component={Link} to={EXHIBITS_PATH} size="sm">
                {t("promotion.pages.custom.manageExhibits")}
              </Anchor>
            </Stack>
          </Alert>
        )}
        {fields.exhibitIds.errors ? (
          <Text c="red.8" size="sm" mt="xs" id={fields.exhibitIds.errorId} data-testid="exhibits-error">
            {errorText(fields.exhibitIds.errors)}
          </Text>
        ) : null}
      </Fieldset>

      <SubmitRow pending={pending} disabled={!templates.length || !exhibits.length} label={t("promotion.pages.custom.save")}>
        {editing ? (
          <Button component={Link} to={CUSTOM_PATH} variant="default" preventScrollReset>
            {t("promotion.pages.custom.cancelEdit")}
          </Button>
        ) : null}
      </SubmitRow>
    </RecordFormFrame>
  );
}
