import { getInputProps } from "@conform-to/react";
import { Button, NativeSelect, SimpleGrid, Text, TextInput } from "@mantine/core";
import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/texts";
import { BoothSelect } from "~/features/booking-forms/parts";
import type { BadgeView } from "~/contracts/badges/api-types";
import { ID_TYPES } from "~/contracts/badges/id-documents";
import type { badgeSchema, badgeUpdateSchema } from "~/contracts/badges/schema";
import { BADGE_NAME_MAX } from "~/contracts/badges/values";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import type { BoothSummary } from "~/contracts/permission/api-types";
import { usePortalForm, useErrorText, type PageFormProps } from "~/lib/forms";
import { BADGES_PATH as PATH } from "./list-query";
import "~/contracts/badges/texts";
import { FormTextInput } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";
import { RecordFormFrame } from "~/components/record-form-frame";

/** The photo: a passport-style picture, JPEG or PNG only (a PDF renamed .jpg is refused by its bytes). */
export const BADGE_PHOTO_UPLOAD = { folder: "icon" as const, kinds: ["jpg" as const, "png" as const], maxBytes: 2 * 1024 * 1024 };

export const BADGE_FORM_FIELDS = ["boothId", "holderName", "idType", "idNumber", "mobile", "email", "company", "position", "photoUrl"];

/**
 * A new badge, or a change to one (with the version it was read at). The ID number, mobile and
 * e-mail of a saved badge are shown masked as a hint only: left blank they stay as they are.
 */
export function BadgeForm(
  props: PageFormProps & {
    booths: BoothSummary[];
    defaultBooth: string;
    company: string;
    editing: BadgeView | null;
    cancelTo: string;
  },
) {
  const { t, language } = useTranslation();
  const errorText = useErrorText();
  const { editing } = props;
  const [form, fields] = usePortalForm<ReturnType<typeof badgeUpdateSchema> | ReturnType<typeof badgeSchema>>({
    id: editing ? `badge-${editing.id}` : "badge-new",
    constraint: props.constraint,
    lastResult: props.lastResult,
    defaultValue: {
      ...(editing
        ? {
            id: String(editing.id),
            version: String(editing.version),
            boothId: String(editing.boothId),
            holderName: editing.holderName,
            idType: editing.idType,
            company: editing.company,
            position: editing.position ?? "",
            photoUrl: editing.photoUrl ?? "",
            ...(editing.photoUrl ? { [uploadFieldNames("photoUrl").name]: `${editing.photoUrl}|${t("badges.fields.photo")}` } : {}),
          }
        : { boothId: props.defaultBooth, idType: "idCard", company: props.company }),
      ...props.held,
    },
  });
  const text = (name: "holderName" | "company" | "position" | "idNumber", max: number, required = true) => (
    <FormTextInput
      field={fields[name]}
      label={t(`badges.fields.${name}`)}
      maxLength={max}
      withAsterisk={required}
      placeholder={editing && name === "idNumber" ? editing.idNumber : undefined}
      description={editing && name === "idNumber" ? t("badges.page.keepMasked") : undefined}
      autoComplete="off"
    />
  );
  return (
    <RecordFormFrame
      form={form}
      testId="badge-form"
      multipart
      editing={editing}
      title={editing ? `${t("badges.page.edit")}: ${editing.holderName}` : t("badges.page.create")}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {props.booths.length > 1 && !editing ? (
          <BoothSelect
            booths={props.booths}
            name={fields.boothId.name}
            defaultValue={String(fields.boothId.initialValue ?? props.defaultBooth)}
            error={errorText(fields.boothId.errors)}
          />
        ) : (
          <input type="hidden" name={fields.boothId.name} value={String(fields.boothId.initialValue ?? props.defaultBooth)} />
        )}
        {text("holderName", BADGE_NAME_MAX)}
        <NativeSelect
          name={fields.idType.name}
          id={fields.idType.id}
          key={fields.idType.key}
          label={t("badges.fields.idType")}
          defaultValue={String(fields.idType.initialValue ?? "idCard")}
          data={ID_TYPES.map((type) => ({ value: type, label: t(`badges.idTypes.${type}`) }))}
          error={errorText(fields.idType.errors)}
          withAsterisk
        />
        {text("idNumber", 30, !editing)}
        <CheckedContact kind="mobile" field={fields.mobile} editing={editing} language={language} />
        <CheckedContact kind="email" field={fields.email} editing={editing} language={language} />
        {text("company", 100)}
        {text("position", 50, false)}
      </SimpleGrid>
      <FieldFileUpload field={fields.photoUrl} formValues={form.initialValue} {...BADGE_PHOTO_UPLOAD} label={t("badges.fields.photo")} />
      <Text size="xs" c="dimmed">
        {t("badges.page.photoHint")}
      </Text>
      <SubmitRow
        pending={props.pending}
        label={t(editing ? (editing.status === "returned" ? "badges.page.resubmit" : "badges.page.update") : "badges.page.save")}
      >
        {editing ? (
          <Button component={Link} to={props.cancelTo} variant="default">
            {t("badges.page.cancel")}
          </Button>
        ) : null}
      </SubmitRow>
    </RecordFormFrame>
  );
}

type ContactField = { name: string; id: string; key?: string; initialValue?: unknown; errors?: string[]; descriptionId: string; errorId: string };

/**
 * The mobile or e-mail, checked against the exhibition's other badges when the user leaves the
 * field (JavaScript only; the save always checks again, and the database decides).
 */
function CheckedContact({
  kind,
  field,
  editing,
  language,
}: {
  kind: "mobile" | "email";
  field: ContactField;
  editing: BadgeView | null;
  language: "zh" | "en";
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const fetcher = useFetcher<{ message: string | null }>();
  const [checked, setChecked] = useState("");
  const own = errorText(field.errors);
  const taken = !own && fetcher.data?.message && checked ? fetcher.data.message : null;
  return (
    <TextInput
      {...getInputProps(field as never, { type: kind === "email" ? "email" : "tel" })}
      key={field.key}
      label={t(`badges.fields.${kind}`)}
      maxLength={kind === "email" ? 120 : 20}
      error={own ?? taken ?? undefined}
      withAsterisk={!editing}
      placeholder={editing ? editing[kind] : kind === "mobile" && language === "en" ? "+44 7700 900123" : undefined}
      description={
        editing ? t("badges.page.keepMasked") : kind === "mobile" ? t(language === "en" ? "badges.page.mobileHintEn" : "badges.page.mobileHintZh") : undefined
      }
      autoComplete={kind === "email" ? "email" : "tel"}
      data-testid={`${kind}-input`}
      onBlur={(event) => {
        const value = event.currentTarget.value.trim();
        setChecked(value);
        if (!value) return;
        const params = new URLSearchParams({ field: kind, value });
        if (editing) params.set("excludeId", String(editing.id));
        fetcher.load(`${PATH}/check?${params}`);
      }}
    />
  );
}
