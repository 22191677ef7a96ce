import { Button, SimpleGrid, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ExhibitView } from "~/contracts/promotion/api-types";
import type { exhibitSchema } from "~/contracts/promotion/schema";
import { EXHIBIT_DESCRIPTION_MAX, EXHIBIT_IMAGES_MAX, EXHIBIT_NAME_EN_MAX, EXHIBIT_NAME_ZH_MAX } from "~/contracts/promotion/values";
import { EXHIBITS_PATH } from "~/features/promotion/paths";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { useTranslation } from "~/i18n/texts";
import { usePortalForm, type FormReply } from "~/lib/forms";
import "~/contracts/promotion/texts";
import { FormSelect, FormTextInput, FormTextarea } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";
import { RecordFormFrame } from "~/components/record-form-frame";

/** Exhibit images: the exhibits-img folder's images (jpg, png, gif; 5 MB), 1 to 6 of them. */
export const EXHIBIT_UPLOAD = { folder: "exhibits-img" as const, maxCount: EXHIBIT_IMAGES_MAX };

/** What the form posts, besides its intent (a held form after an expired session keeps these). */
export const EXHIBIT_FIELDS = [
  "id",
  "version",
  "nameZh",
  "nameEn",
  "descriptionZh",
  "descriptionEn",
  "classId",
  "imageUrls",
  uploadFieldNames("imageUrls").name,
] as const;

/** The form's values for an exhibit being changed. */
export function exhibitDefaults(exhibit: ExhibitView) {
  return {
    id: String(exhibit.id),
    version: String(exhibit.version),
    nameZh: exhibit.nameZh,
    nameEn: exhibit.nameEn,
    descriptionZh: exhibit.descriptionZh,
    descriptionEn: exhibit.descriptionEn,
    classId: exhibit.classId === null ? "" : String(exhibit.classId),
    imageUrls: exhibit.images.map((image) => image.url),
  };
}

/**
 * Adds an exhibit, or changes the one named by `editing`. Without JavaScript the images arrive as
 * files and are stored on the way (uploads.server.ts); a refusal brings back what was typed.
 */
export function ExhibitForm({
  editing,
  classes,
  defaults,
  constraint,
  lastResult,
  pending,
  disabled,
}: FormReply & {
  editing: ExhibitView | null;
  classes: { value: string; label: string }[];
  defaults: Record<string, unknown> | null;
  pending: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = usePortalForm<typeof exhibitSchema>({
    id: `exhibit-${editing?.id ?? "new"}`,
    constraint,
    lastResult,
    defaultValue: defaults ?? undefined,
  });
  const text = (name: "nameZh" | "nameEn", max: number, required: boolean) => (
    <FormTextInput field={fields[name]} label={t(`promotion.fields.${name}`)} maxLength={max} withAsterisk={required} />
  );
  const description = (name: "descriptionZh" | "descriptionEn") => (
    <FormTextarea field={fields[name]} label={t(`promotion.fields.${name}`)} maxLength={EXHIBIT_DESCRIPTION_MAX} autosize minRows={3} />
  );
  return (
    <RecordFormFrame
      form={form}
      testId="exhibit-form"
      multipart
      preventScrollReset
      editing={editing}
      title={editing ? t("promotion.pages.exhibits.editTitle", { name: editing.nameZh }) : t("promotion.pages.exhibits.newTitle")}
      errorTestId="exhibit-form-error"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text("nameZh", EXHIBIT_NAME_ZH_MAX, true)}
        {text("nameEn", EXHIBIT_NAME_EN_MAX, false)}
        {description("descriptionZh")}
        {description("descriptionEn")}
        <FormSelect
          field={fields.classId}
          label={t("promotion.fields.class")}
          data={[{ value: "", label: t("promotion.pages.exhibits.chooseClass") }, ...classes]}
        />
      </SimpleGrid>
      <FieldFileUpload field={fields.imageUrls} formValues={form.initialValue} {...EXHIBIT_UPLOAD} label={t("promotion.fields.images")} />
      <Text size="sm" c="dimmed">
        {t("promotion.pages.exhibits.imagesHint")}
      </Text>
      <SubmitRow pending={pending} disabled={disabled} label={t("promotion.pages.exhibits.save")}>
        {editing ? (
          <Button component={Link} to={EXHIBITS_PATH} variant="default" preventScrollReset>
            {t("promotion.pages.exhibits.cancelEdit")}
          </Button>
        ) : null}
      </SubmitRow>
    </RecordFormFrame>
  );
}
