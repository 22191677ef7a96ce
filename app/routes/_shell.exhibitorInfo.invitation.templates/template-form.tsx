import { Button, Checkbox, SimpleGrid } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { TemplateAdminView } from "~/contracts/promotion/api-types";
import type { templateSchema } from "~/contracts/promotion/templates/schema";
import { INVITATION_EXHIBITS_MAX, INVITATION_LANGUAGES, TEMPLATE_NAME_MAX } from "~/contracts/promotion/values";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { useTranslation } from "~/i18n/texts";
import { usePortalForm, type PageFormProps } from "~/lib/forms";
import "~/contracts/promotion/texts";
import { FormSelect, FormTextInput } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";
import { TitledForm } from "~/components/titled-form";

/** The background picture's upload rules: an image in the organizer's poster folder. */
export const BACKGROUND_UPLOAD = { folder: "poster" as const, kinds: ["jpg" as const, "png" as const], maxBytes: 5 * 1024 * 1024, maxCount: 1 };

/** Adds a template, or changes `editing`; works as a plain POST (the picture arrives as a file without JavaScript). */
export function TemplateForm({
  editing,
  held,
  constraint,
  lastResult,
  pending,
  path,
}: PageFormProps & {
  editing: TemplateAdminView | null;
  path: string;
}) {
  const { t } = useTranslation();
  const current = editing
    ? {
        nameZh: editing.nameZh,
        nameEn: editing.nameEn,
        language: editing.language,
        exhibitSlots: String(editing.exhibitSlots),
        sort: String(editing.sort),
        active: editing.active ? "on" : "",
        backgroundUrl: editing.backgroundUrl ?? "",
      }
    : { language: "zh", exhibitSlots: "3", sort: "0", active: "on" };
  const [form, fields] = usePortalForm<typeof templateSchema>({
    id: editing ? `template-${editing.id}` : "template-new",
    constraint,
    lastResult,
    defaultValue: { ...current, ...held },
  });
  const text = (name: "nameZh" | "nameEn") => (
    <FormTextInput field={fields[name]} label={t(`promotion.templates.fields.${name}`)} maxLength={TEMPLATE_NAME_MAX} withAsterisk />
  );
  return (
    <TitledForm
      form={form}
      testId="template-form"
      multipart
      hidden={editing ? { intent: "update", id: editing.id } : { intent: "add" }}
      title={editing ? `${t("promotion.templates.edit")}: ${editing.nameZh}` : t("promotion.templates.add")}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text("nameZh")}
        {text("nameEn")}
        <FormSelect
          field={fields.language}
          label={t("promotion.templates.fields.language")}
          data={INVITATION_LANGUAGES.map((language) => ({ value: language, label: t(`promotion.templates.languages.${language}`) }))}
          withAsterisk
        />
        <FormSelect
          field={fields.exhibitSlots}
          label={t("promotion.templates.fields.exhibitSlots")}
          data={Array.from({ length: INVITATION_EXHIBITS_MAX }, (_, i) => String(i + 1))}
          withAsterisk
        />
        <FormTextInput field={fields.sort} type="number" label={t("promotion.templates.fields.sort")} min={0} max={999} />
      </SimpleGrid>
      <FieldFileUpload field={fields.backgroundUrl} formValues={form.initialValue} {...BACKGROUND_UPLOAD} label={t("promotion.templates.fields.background")} />
      <Checkbox
        name={fields.active.name}
        key={fields.active.key}
        defaultChecked={fields.active.initialValue === "on"}
        label={t("promotion.templates.fields.active")}
      />
      <SubmitRow pending={pending} label={t("promotion.templates.save")}>
        {editing ? (
          <Button component={Link} to={path} variant="subtle">
            {t("promotion.templates.add")}
          </Button>
        ) : null}
      </SubmitRow>
    </TitledForm>
  );
}
