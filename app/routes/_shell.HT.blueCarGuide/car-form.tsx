import { SimpleGrid, Text } from "@mantine/core";
import type { BlueCarDays, BlueCarView } from "~/contracts/vehicles/blue-cars/types";
import { BLUE_CAR_LIMITS, BLUE_CAR_SCAN_UPLOAD, BLUE_CAR_SCANS, type BlueCarScan } from "~/contracts/vehicles/blue-cars/values";
import type { blueCarSchema, blueCarUpdateSchema } from "~/contracts/vehicles/blue-cars/schema";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { PlateField, RegisterFormFrame, type RegisterFormProps, useRegisterForm } from "~/features/vehicles/register-form";
import { BLUE_CAR_PAGES } from "~/contracts/vehicles/kinds";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/blue-cars/texts";
import { FormTextInput } from "~/components/form-fields";

/** What the API takes (typed text, not parsed values); the page also keeps the uploads' file names. */
export const CAR_API_FIELDS = ["ownerName", "plate", "neededFrom", "neededTo", ...BLUE_CAR_SCANS] as const;
export const CAR_UPDATE_API_FIELDS = [...CAR_API_FIELDS, "id", "version"] as const;
export const CAR_FORM_FIELDS = [...CAR_UPDATE_API_FIELDS, ...BLUE_CAR_SCANS.map((scan) => uploadFieldNames(scan).name)] as const;
/** The upload fields, as the action reads them. */
export const CAR_UPLOADS = Object.fromEntries(BLUE_CAR_SCANS.map((scan) => [scan, BLUE_CAR_SCAN_UPLOAD])) as Record<BlueCarScan, typeof BLUE_CAR_SCAN_UPLOAD>;

const SCAN_LABELS: Record<BlueCarScan, string> = {
  licenseFrontUrl: "vehicles.blueCars.fields.licenseFront",
  licenseBackUrl: "vehicles.blueCars.fields.licenseBack",
  licenseSecondUrl: "vehicles.blueCars.fields.licenseSecond",
  licenseFourPagesUrl: "vehicles.blueCars.fields.licenseFourPages",
  vehiclePhotoUrl: "vehicles.blueCars.fields.vehiclePhoto",
};

type Props = RegisterFormProps<BlueCarView> & { days: BlueCarDays };

/** The saved car's values, its scans as the upload fields hold them. */
function savedValues(car: BlueCarView): Record<string, unknown> {
  const values: Record<string, unknown> = { ownerName: car.ownerName, neededFrom: car.neededFrom, neededTo: car.neededTo };
  for (const scan of BLUE_CAR_SCANS) {
    const file = car.scans[scan];
    values[scan] = file?.url ?? "";
    values[uploadFieldNames(scan).name] = file ? `${file.url}|${file.name}` : "";
  }
  return values;
}

/**
 * A car's registration (intent `save`) or its correction (intent `update`, with id and version).
 * Plain controls and a multipart post, so it works without JavaScript; a refused post keeps what
 * was typed and the files already uploaded.
 */
export function CarForm({ days, ...props }: Props) {
  const { editing, pending, cancelTo } = props;
  const { t } = useTranslation();
  const defaults = editing ? savedValues(editing) : { neededFrom: days.from, neededTo: days.to };
  const [form, fields] = useRegisterForm<typeof blueCarUpdateSchema | typeof blueCarSchema>(BLUE_CAR_PAGES, props, defaults);
  return (
    <RegisterFormFrame kind={BLUE_CAR_PAGES} form={form} editing={editing} pending={pending} cancelTo={cancelTo}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormTextInput field={fields.ownerName} label={t("vehicles.blueCars.fields.ownerName")} maxLength={BLUE_CAR_LIMITS.ownerName} withAsterisk />
        <PlateField kind={BLUE_CAR_PAGES} field={fields.plate} editing={editing} />
        <FormTextInput
          field={fields.neededFrom}
          type="date"
          label={t("vehicles.blueCars.fields.neededFrom")}
          description={t("vehicles.blueCars.daysHint", days)}
          withAsterisk
        />
        <FormTextInput field={fields.neededTo} type="date" label={t("vehicles.blueCars.fields.neededTo")} withAsterisk />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t("vehicles.blueCars.scansHint")}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {BLUE_CAR_SCANS.map((scan) => (
          <FieldFileUpload key={scan} field={fields[scan]} formValues={form.initialValue} {...BLUE_CAR_SCAN_UPLOAD} label={t(SCAN_LABELS[scan])} />
        ))}
      </SimpleGrid>
    </RegisterFormFrame>
  );
}
