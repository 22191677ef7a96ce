import { getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { PlateField, RegisterFormFrame } from "~/features/vehicles/register-form";
import { TRUCK_PAGES } from "~/contracts/vehicles/kinds";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import type { truckSchema, truckUpdateSchema } from "~/contracts/vehicles/schema";
import { TRUCK_KINDS } from "~/contracts/vehicles/values";
import type { TruckList, TruckView } from "~/contracts/vehicles/trucks/types";
import { useErrorText, usePortalForm, type FormConstraint } from "~/lib/forms";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/trucks/texts";

/** The driving licence scan: an image or a PDF up to 5 MB (upload folder driving-license). */
export const LICENSE_UPLOAD = {
  folder: "driving-license" as const,
  kinds: ["jpg", "png", "pdf"] as ("jpg" | "png" | "pdf")[],
  maxBytes: 5 * 1024 * 1024,
  maxCount: 1,
};
/** What the API takes (typed text, not parsed values); the page also keeps the upload's file name. */
export const TRUCK_API_FIELDS = ["boothId", "plate", "trailerPlate", "kind", "driverName", "driverPhone", "plannedOn", "licenseUrl"] as const;
export const TRUCK_UPDATE_API_FIELDS = [...TRUCK_API_FIELDS, "id", "version"] as const;
export const TRUCK_FORM_FIELDS = [...TRUCK_UPDATE_API_FIELDS, uploadFieldNames("licenseUrl").name] as const;

type Props = {
  list: TruckList;
  held: Record<string, unknown> | null;
  /** The registration's constraints, or the change's when editing. */
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  pending: boolean;
  /** The truck being changed: its plate is shown read only and posted as registered. */
  editing?: TruckView;
  cancelTo?: string;
};

/**
 * A truck's registration (intent `save`) or a change of it (intent `update`, with id and version).
 * Plain controls and a multipart post, so it works without JavaScript.
 */
export function TruckForm({ list, held, constraint, lastResult, pending, editing, cancelTo }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const _intent = editing ? "update" : "save";
  const defaults: Record<string, unknown> = editing
    ? {
        boothId: String(editing.boothId),
        trailerPlate: editing.trailerPlate ?? "",
        kind: editing.kind,
        driverName: editing.driverName,
        plannedOn: editing.plannedOn,
        licenseUrl: editing.license?.url ?? "",
        [uploadFieldNames("licenseUrl").name]: editing.license ? `${editing.license.url}|${editing.license.name}` : "",
      }
    : { boothId: String(list.booths[0]?.boothId ?? ""), kind: "installation", plannedOn: list.days.buildUpFrom };
  const [form, fields] = usePortalForm<typeof truckUpdateSchema | typeof truckSchema>({
    id: editing ? `truck-edit-${editing.id}` : "truck-add",
    constraint,
    lastResult,
    defaultValue: { ...defaults, ...(held ?? {}), ...(editing ? { plate: editing.plate } : {}) },
  });
  const days = { buildUp: `${list.days.buildUpFrom} – ${list.days.buildUpTo}`, dismantle: `${list.days.dismantleFrom} – ${list.days.dismantleTo}` };
  return (
    <RegisterFormFrame kind={TRUCK_PAGES} form={form} editing={editing} pending={pending} cancelTo={cancelTo}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          {...getSelectProps(fields.boothId)}
          key={fields.boothId.key}
          label={t("vehicles.fields.booth")}
          data={list.booths.map((b) => ({ value: String(b.boothId), label: b.boothNo }))}
          withAsterisk
          error={errorText(fields.boothId.errors)}
        />
        <PlateField kind={TRUCK_PAGES} field={fields.plate} editing={editing} />
        <TextInput
          {...getInputProps(fields.trailerPlate, { type: "text" })}
          key={fields.trailerPlate.key}
          label={t("vehicles.fields.trailerPlate")}
          description={t("vehicles.trucks.trailerHint")}
          maxLength={12}
          error={errorText(fields.trailerPlate.errors)}
        />
        <NativeSelect
          {...getSelectProps(fields.kind)}
          key={fields.kind.key}
          label={t("vehicles.fields.truckKind")}
          data={TRUCK_KINDS.map((kind) => ({ value: kind, label: t(`vehicles.truckKinds.${kind}`) }))}
          withAsterisk
          error={errorText(fields.kind.errors)}
        />
        <TextInput
          {...getInputProps(fields.driverName, { type: "text" })}
          key={fields.driverName.key}
          label={t("vehicles.fields.driverName")}
          maxLength={30}
          withAsterisk
          error={errorText(fields.driverName.errors)}
        />
        <TextInput
          {...getInputProps(fields.driverPhone, { type: "tel" })}
          key={fields.driverPhone.key}
          label={t("vehicles.fields.driverPhone")}
          description={editing ? t("vehicles.trucks.phoneRetype") : undefined}
          maxLength={11}
          inputMode="numeric"
          withAsterisk
          error={errorText(fields.driverPhone.errors)}
        />
      </SimpleGrid>
      <TextInput
        {...getInputProps(fields.plannedOn, { type: "date" })}
        key={fields.plannedOn.key}
        label={t("vehicles.fields.plannedOn")}
        description={t("vehicles.trucks.daysHint", days)}
        withAsterisk
        maw={320}
        error={errorText(fields.plannedOn.errors)}
      />
      <FieldFileUpload field={fields.licenseUrl} formValues={form.initialValue} {...LICENSE_UPLOAD} label={t("vehicles.fields.license")} />
    </RegisterFormFrame>
  );
}
