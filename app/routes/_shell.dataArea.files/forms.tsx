import { SaveFormFrame } from "~/components/save-form-frame";
import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Anchor, Button, Checkbox, Group, NativeSelect, SimpleGrid, Textarea, TextInput } from "@mantine/core";
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
import { type FormConstraint, useErrorText, usePortalForm } from "~/lib/forms";
import "~/contracts/data-area/texts";

/** The upload rule of the file form (one file). */
export const DATA_FILE_FIELD = { ...DATA_FILE_UPLOAD, maxCount: 1 };

type FormProps<T> = {
  editing: T | null;
  held: Record<string, string | string[]> | null;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  pending: boolean;
};

/** A class, new or edited (`?class=<id>`): names, order, hidden, the logo and banner mark. Plain post. */
export function ClassForm({ editing, held, constraint, lastResult, pending }: FormProps<DataClass>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
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
  const [form, fields] = usePortalForm<typeof dataClassSaveSchema>({
    id: `data-class-${editing?.id ?? "new"}`,
    constraint,
    lastResult,
    defaultValue: { ...defaults, ...held },
  });
  return (
    <SaveFormFrame
      form={form}
      testId="class-form"
      intent="saveClass"
      editingId={editing?.id}
      title={editing ? t("dataArea.admin.edit") : t("dataArea.admin.newClass")}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          {...getInputProps(fields.nameZh, { type: "text" })}
          key={fields.nameZh.key}
          label={t("dataArea.fields.nameZh")}
          maxLength={DATA_CLASS_NAME_MAX}
          withAsterisk
          error={errorText(fields.nameZh.errors)}
        />
        <TextInput
          {...getInputProps(fields.nameEn, { type: "text" })}
          key={fields.nameEn.key}
          label={t("dataArea.fields.nameEn")}
          maxLength={DATA_CLASS_NAME_MAX}
          withAsterisk
          error={errorText(fields.nameEn.errors)}
        />
        <TextInput
          {...getInputProps(fields.sort, { type: "number" })}
          key={fields.sort.key}
          label={t("dataArea.fields.sort")}
          min={0}
          max={9999}
          error={errorText(fields.sort.errors)}
        />
      </SimpleGrid>
      <Checkbox name="hidden" defaultChecked={fields.hidden.initialValue === "on"} label={t("dataArea.fields.hidden")} />
      <Checkbox name="banner" defaultChecked={fields.banner.initialValue === "on"} label={t("dataArea.fields.banner")} />
      <Group>
        <Button type="submit" loading={pending}>
          {t("dataArea.admin.save")}
        </Button>
        {editing ? (
          <Anchor component={Link} to={DATA_FILES_ADMIN_PATH}>
            {t("common.cancel")}
          </Anchor>
        ) : null}
      </Group>
    </SaveFormFrame>
  );
}

/** A file, new or edited (`?file=<id>`): class, names, descriptions, language, the file (on edit, only to replace it). Multipart: works without script. */
export function FileForm({ editing, classes, held, constraint, lastResult, pending }: FormProps<DataFile> & { classes: DataClass[] }) {
  const { t, language } = useTranslation();
  const errorText = useErrorText();
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
  const [form, fields] = usePortalForm<typeof dataFileSaveSchema>({
    id: `data-file-${editing?.id ?? "new"}`,
    constraint,
    lastResult,
    defaultValue: { ...defaults, ...held },
  });
  const text = (name: "nameZh" | "nameEn", required: boolean) => (
    <TextInput
      {...getInputProps(fields[name], { type: "text" })}
      key={fields[name].key}
      label={t(`dataArea.fields.${name}`)}
      maxLength={DATA_FILE_NAME_MAX}
      withAsterisk={required}
      error={errorText(fields[name].errors)}
    />
  );
  const area = (name: "descriptionZh" | "descriptionEn") => (
    <Textarea
      {...getTextareaProps(fields[name])}
      key={fields[name].key}
      label={t(`dataArea.fields.${name}`)}
      maxLength={DATA_FILE_DESCRIPTION_MAX}
      autosize
      minRows={2}
      error={errorText(fields[name].errors)}
    />
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
        <NativeSelect
          {...getSelectProps(fields.classId)}
          key={fields.classId.key}
          label={t("dataArea.fields.class")}
          data={classes.map((c) => ({ value: String(c.id), label: language === "en" ? c.nameEn : c.nameZh }))}
          withAsterisk
          error={errorText(fields.classId.errors)}
        />
        <NativeSelect
          {...getSelectProps(fields.language)}
          key={fields.language.key}
          label={t("dataArea.fields.language")}
          data={DATA_FILE_LANGUAGES.map((l) => ({ value: l, label: t(`dataArea.languages.${l}`) }))}
          error={errorText(fields.language.errors)}
        />
        {text("nameZh", true)}
        {text("nameEn", false)}
        {area("descriptionZh")}
        {area("descriptionEn")}
        <TextInput
          {...getInputProps(fields.sort, { type: "number" })}
          key={fields.sort.key}
          label={t("dataArea.fields.sort")}
          min={0}
          max={9999}
          error={errorText(fields.sort.errors)}
        />
      </SimpleGrid>
      <Checkbox name="hidden" defaultChecked={fields.hidden.initialValue === "on"} label={t("dataArea.fields.hidden")} />
      <FieldFileUpload
        field={fields.fileUrl}
        formValues={form.initialValue}
        folder={DATA_FILE_FIELD.folder}
        kinds={DATA_FILE_FIELD.kinds}
        maxBytes={DATA_FILE_FIELD.maxBytes}
        maxCount={DATA_FILE_FIELD.maxCount}
        label={editing ? `${t("dataArea.fields.file")} (${t("dataArea.admin.replaceHint")})` : t("dataArea.fields.file")}
      />
      <Group>
        <Button type="submit" loading={pending} data-testid="file-save">
          {t("dataArea.admin.save")}
        </Button>
        {editing ? (
          <Anchor component={Link} to={DATA_FILES_ADMIN_PATH}>
            {t("common.cancel")}
          </Anchor>
        ) : null}
      </Group>
    </SaveFormFrame>
  );
}
