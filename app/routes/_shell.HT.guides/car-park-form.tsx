import { EditFormFrame } from "~/components/edit-form-frame";
import { Checkbox, SimpleGrid } from "@mantine/core";
import type { CarPark } from "~/contracts/traffic-guides/api-types";
import type { carParkSaveSchema } from "~/contracts/traffic-guides/schema";
import { CAR_PARK_TEXT_MAX, GUIDE_ADDRESS_MAX, GUIDE_MAP_UPLOAD, GUIDE_NAME_MAX } from "~/contracts/traffic-guides/values";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { useTranslation } from "~/i18n/texts";
import { useEditForm } from "~/lib/forms";
import type { FormProps } from "./bus-forms";
import { GUIDE_FORMS, useFieldKit } from "./form-kit";
import "~/contracts/traffic-guides/texts";

/** A car park, new or edited (`?park=<id>`): names, address, hours, prices, capacity, the map picture, order, hidden. Multipart: works without script. */
export function CarParkForm({ editing, held, constraint, lastResult, pending }: FormProps<CarPark>) {
  const { t } = useTranslation();
  const kit = useFieldKit();
  const defaults = editing
    ? { ...editing, id: String(editing.id), capacity: String(editing.capacity), sort: String(editing.sort), hidden: editing.hidden ? "on" : "" }
    : { sort: "0" };
  const [form, fields] = useEditForm<typeof carParkSaveSchema>("car-park", { editing, held, constraint, lastResult }, defaults);
  return (
    <EditFormFrame kind={GUIDE_FORMS.carPark} form={form} editing={editing} pending={pending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {kit.input(fields.nameZh, { required: true, max: GUIDE_NAME_MAX })}
        {kit.input(fields.nameEn, { required: true, max: GUIDE_NAME_MAX })}
        {kit.input(fields.addressZh, { max: GUIDE_ADDRESS_MAX })}
        {kit.input(fields.addressEn, { max: GUIDE_ADDRESS_MAX })}
        {kit.area(fields.hoursZh, CAR_PARK_TEXT_MAX)}
        {kit.area(fields.hoursEn, CAR_PARK_TEXT_MAX)}
        {kit.area(fields.pricesZh, CAR_PARK_TEXT_MAX)}
        {kit.area(fields.pricesEn, CAR_PARK_TEXT_MAX)}
        {kit.input(fields.capacity, { required: true })}
        {kit.input(fields.sort, { type: "number", min: 0, maxValue: 9999 })}
      </SimpleGrid>
      <Checkbox name="hidden" defaultChecked={fields.hidden.initialValue === "on"} label={t("trafficGuides.fields.hidden")} />
      <FieldFileUpload
        field={fields.mapUrl}
        formValues={form.initialValue}
        {...GUIDE_MAP_UPLOAD}
        label={editing?.hasMap ? `${t("trafficGuides.fields.map")} (${t("trafficGuides.admin.replaceHint")})` : t("trafficGuides.fields.map")}
      />
    </EditFormFrame>
  );
}
