import { SaveFormFrame } from "~/components/save-form-frame";
import type { FieldMetadata } from "@conform-to/react";
import { Anchor, Checkbox, SimpleGrid } from "@mantine/core";
import { FormSelect, FormTextarea, FormTextInput } from "~/components/form-fields";
import { Link } from "@remix-run/react";
import type { DataClass, DataFile } from "~/contracts/data-area/api-types";
import type { dataClassSaveSchema, dataFileSaveSchema } from "~/contracts/data-area/schema";
import {
  DATA_CLASS_NAME_MAX,
  DATA_FILE_DESCRIPTION_MAX,
  DATA_FILE_LANGUAGES,
  DATA_FILE_NAME_MAX,
  DATA_FILE_UPLOAD,
  DATA_FILES_ADMIN_PATH,
} from "~/contracts/data-area/values";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { useTranslation } from "~/i18n/texts";
import { useEditForm, type FormReply } from "~/lib/forms";
import "~/contracts/data-area/texts";
import { SubmitRow } from "~/components/submit-row";

/** The upload rule of the file form (one file). */
export const DATA_FILE_FIELD = { ...DATA_FILE_UPLOAD, maxCount: 1 };

type FormProps<T> = FormReply & {
  editing: T | null;
  held: Record<string, string | string[]> | null;
  pending: boolean;
};

/** A list position: lower first. */
function SortInput<Schema extends Record<string, unknown>>({ field }: { field: FieldMetadata<unknown, Schema, string[]> }) {
  const { t } = useTranslation();
  return <FormTextInput field={field} type="number" label={t("dataArea.fields.sort")} min={0} max={9999} />;
}

/** Save, and while editing the way back to a new one. */
function SaveButtons({ editing, pending, testId }: { editing: boolean; pending: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <SubmitRow pending={pending} testId={testId} label={t("dataArea.admin.save")}>
      {editing ? (
        <Anchor component={Link} to={DATA_FILES_ADMIN_PATH}>
          {t("common.cancel")}
        </Anchor>
      ) : null}
    </SubmitRow>
  );
}

/** A class, new or edited (`?class=<id>`): names, order, hidden, the logo and banner mark. Plain post. */
export function ClassForm({ editing, held, constraint, lastResult, pending }: FormProps<DataClass>) {
  const { t } = useTranslation();
  const defaults = editing
    ? {
        id: String(editing.id),
        nameZh: editing.nameZh,
        nameEn: editing.nameEn,
        sort: String(editing.sort),
        hidden: editing.hidden ? "on" : "",
        banner: editing.banner ? "on" : "",
      }
    : { sort: "0" };
  const [form, fields] = useEditForm<typeof dataClassSaveSchema>("data-class", { editing, held, constraint, lastResult }, defaults);
  return (
    <SaveFormFrame
      form={form}
      testId="class-form"
      intent="saveClass"
      editingId={editing?.id}
      title={editing ? t("dataArea.admin.edit") : t("dataArea.admin.newClass")}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <FormTextInput field={fields.nameZh} label={t("dataArea.fields.nameZh")} maxLength={DATA_CLASS_NAME_MAX} withAsterisk />
        <FormTextInput field={fields.nameEn} label={t("dataArea.fields.nameEn")} maxLength={DATA_CLASS_NAME_MAX} withAsterisk />
        <SortInput field={fields.sort} />
      </SimpleGrid>
      <Checkbox name="hidden" defaultChecked={fields.hidden.initialValue === "on"} label={t("dataArea.fields.hidden")} />
      <Checkbox name="banner" defaultChecked={fields.banner.initialValue === "on"} label={t("dataArea.fields.banner")} />
      <SaveButtons editing={Boolean(editing)} pending={pending} />
    </SaveFormFrame>
  );
}

/** A file, new or edited (`?file=<id>`): class, names, descriptions, language, the file (on edit, only to replace it). Multipart: works without script. */
export function FileForm({ editing, classes, held, constraint, lastResult, pending }: FormProps<DataFile> & { classes: DataClass[] }) {
  const { t, language } = useTranslation();
  const defaults = editing
    ? {
        id: String(editing.id),
        classId: String(editing.classId),
        nameZh: editing.nameZh,
        nameEn: editing.nameEn,
        descriptionZh: editing.descriptionZh,
        descriptionEn: editing.descriptionEn,
        language: editing.language,
        sort: String(editing.sort),
        hidden: editing.hidden ? "on" : "",
      }
    : { language: "all", sort: "0", classId: classes[0] ? String(classes[0].id) : "" };
  const [form, fields] = useEditForm<typeof dataFileSaveSchema>("data-file", { editing, held, constraint, lastResult }, defaults);
  const text = (name: "nameZh" | "nameEn", required: boolean) => (
    <FormTextInput field={fields[name]} label={t(`dataArea.fields.${name}`)} maxLength={DATA_FILE_NAME_MAX} withAsterisk={required} />
  );
  const area = (name: "descriptionZh" | "descriptionEn") => (
    <FormTextarea field={fields[name]} label={t(`dataArea.fields.${name}`)} maxLength={DATA_FILE_DESCRIPTION_MAX} autosize minRows={2} />
  );
  return (
    <SaveFormFrame
      form={form}
      testId="file-form"
      intent="saveFile"
      editingId={editing?.id}
      title={editing ? `${t("dataArea.admin.edit")}: ${language === "en" ? editing.nameEn || editing.nameZh : editing.nameZh}` : t("dataArea.admin.newFile")}
      multipart
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormSelect
          field={fields.classId}
          label={t("dataArea.fields.class")}
          data={classes.map((c) => ({ value: String(c.id), label: language === "en" ? c.nameEn : c.nameZh }))}
          withAsterisk
        />
        <FormSelect
          field={fields.language}
          label={t("dataArea.fields.language")}
          data={DATA_FILE_LANGUAGES.map((l) => ({ value: l, label: t(`dataArea.languages.${l}`) }))}
        />
        {text("nameZh", true)}
        {text("nameEn", false)}
        {area("descriptionZh")}
        {area("descriptionEn")}
        <SortInput field={fields.sort} />
      </SimpleGrid>
      <Checkbox name="hidden" defaultChecked={fields.hidden.initialValue === "on"} label={t("dataArea.fields.hidden")} />
      <FieldFileUpload
        field={fields.fileUrl}
        formValues={form.initialValue}
        {...DATA_FILE_FIELD}
        label={editing ? `${t("dataArea.fields.file")} (${t("dataArea.admin.replaceHint")})` : t("dataArea.fields.file")}
      />
      <SaveButtons editing={Boolean(editing)} pending={pending} testId="file-save" />
    </SaveFormFrame>
  );
}
