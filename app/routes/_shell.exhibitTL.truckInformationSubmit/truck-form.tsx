import { SimpleGrid } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { PlateField, RegisterFormFrame, type RegisterFormProps, useRegisterForm } from "~/features/vehicles/register-form";
import { TRUCK_PAGES } from "~/contracts/vehicles/kinds";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import type { truckSchema, truckUpdateSchema } from "~/contracts/vehicles/schema";
import { TRUCK_KINDS } from "~/contracts/vehicles/values";
import type { TruckList, TruckView } from "~/contracts/vehicles/trucks/types";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/trucks/texts";
import { FormSelect, FormTextInput } from "~/components/form-fields";

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

type Props = RegisterFormProps<TruckView> & { list: TruckList };

/**
 * A truck's registration (intent `save`) or a change of it (intent `update`, with id and version).
 * Plain controls and a multipart post, so it works without JavaScript.
 */
export function TruckForm({ list, ...props }: Props) {
  const { editing, pending, cancelTo } = props;
  const { t } = useTranslation();
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
  const [form, fields] = useRegisterForm<typeof truckUpdateSchema | typeof truckSchema>(TRUCK_PAGES, props, defaults);
  const days = { buildUp: `${list.days.buildUpFrom} – ${list.days.buildUpTo}`, dismantle: `${list.days.dismantleFrom} – ${list.days.dismantleTo}` };
  return (
    <RegisterFormFrame kind={TRUCK_PAGES} form={form} editing={editing} pending={pending} cancelTo={cancelTo}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <FormSelect
          field={fields.boothId}
          label={t("vehicles.fields.booth")}
          data={list.booths.map((b) => ({ value: String(b.boothId), label: b.boothNo }))}
          withAsterisk
        />
        <PlateField kind={TRUCK_PAGES} field={fields.plate} editing={editing} />
        <FormTextInput field={fields.trailerPlate} label={t("vehicles.fields.trailerPlate")} description={t("vehicles.trucks.trailerHint")} maxLength={12} />
        <FormSelect
          field={fields.kind}
          label={t("vehicles.fields.truckKind")}
          data={TRUCK_KINDS.map((kind) => ({ value: kind, label: t(`vehicles.truckKinds.${kind}`) }))}
          withAsterisk
        />
        <FormTextInput field={fields.driverName} label={t("vehicles.fields.driverName")} maxLength={30} withAsterisk />
        <FormTextInput
          field={fields.driverPhone}
          type="tel"
          label={t("vehicles.fields.driverPhone")}
          description={editing ? t("vehicles.trucks.phoneRetype") : undefined}
          maxLength={11}
          inputMode="numeric"
          withAsterisk
        />
      </SimpleGrid>
      <FormTextInput
        field={fields.plannedOn}
        type="date"
        label={t("vehicles.fields.plannedOn")}
        description={t("vehicles.trucks.daysHint", days)}
        withAsterisk
        maw={320}
      />
      <FieldFileUpload field={fields.licenseUrl} formValues={form.initialValue} {...LICENSE_UPLOAD} label={t("vehicles.fields.license")} />
    </RegisterFormFrame>
  );
}
