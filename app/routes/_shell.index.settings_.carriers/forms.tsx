import { Checkbox, SimpleGrid } from "@mantine/core";
import { TitledForm } from "~/components/titled-form";
import type { CarrierSettingsView } from "~/contracts/logistics-settings/api-types";
import type { carrierSaveSchema, discountSaveSchema, liftingFeeSaveSchema, priceSaveSchema } from "~/contracts/logistics-settings/schema";
import { CARRIER_EMAIL_MAX, CARRIER_NAME_MAX, DISCOUNT_KINDS, LIFTING_KINDS } from "~/contracts/logistics-settings/values";
import { TRANSPORT_SERVICES } from "~/contracts/transport/pricing";
import { useTranslation } from "~/i18n/texts";
import { useEditForm, usePortalForm } from "~/lib/forms";
import { type FormProps, SaveButtons, useFieldKit } from "./form-kit";
import "~/contracts/logistics-settings/texts";

/** A carrier, new or changed (`?carrier=<id>`): its code is typed once and then stays. */
export function CarrierForm({ editing, constraint, lastResult, held, pending }: FormProps & { editing: CarrierSettingsView | null }) {
  const { t } = useTranslation();
  const kit = useFieldKit("carrier");
  const defaults = editing
    ? { ...editing, carrierId: String(editing.id), sort: String(editing.sort), active: editing.active ? "on" : "" }
    : { active: "on", sort: "0" };
  const [form, fields] = useEditForm<typeof carrierSaveSchema>("carrier", { editing, held, constraint, lastResult }, defaults);
  return (
    <TitledForm
      form={form}
      testId="carrier-form"
      level={3}
      hidden={editing ? { intent: "saveCarrier", carrierId: editing.id } : { intent: "saveCarrier" }}
      title={editing ? `${t("logisticsSettings.carriers.editCarrier")} ${editing.code}` : t("logisticsSettings.carriers.newCarrier")}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {kit.input(fields.code, { required: true, max: 40, readOnly: Boolean(editing) })}
        {kit.input(fields.sort, { decimal: true })}
        {kit.input(fields.nameZh, { required: true, max: CARRIER_NAME_MAX })}
        {kit.input(fields.nameEn, { required: true, max: CARRIER_NAME_MAX })}
        {kit.input(fields.email, { required: true, max: CARRIER_EMAIL_MAX })}
        {kit.input(fields.phone, { max: 40 })}
      </SimpleGrid>
      <Checkbox name="active" key={fields.active.key} defaultChecked={fields.active.initialValue === "on"} label={t("logisticsSettings.fields.active")} />
      <SaveButtons editing={Boolean(editing)} pending={pending} testId="carrier-save" />
    </TitledForm>
  );
}

const carrierChoices = (carriers: CarrierSettingsView[], pick: (zh: string, en: string) => string) =>
  carriers.map((c) => ({ value: String(c.id), label: `${c.code} · ${pick(c.nameZh, c.nameEn)}` }));

type CarriersProps = FormProps & { carriers: CarrierSettingsView[]; pick: (zh: string, en: string) => string };

/** A service's price of a carrier: created or replaced. */
export function PriceForm({ carriers, pick, constraint, lastResult, held, pending }: CarriersProps) {
  const { t } = useTranslation();
  const kit = useFieldKit("price");
  const [form, fields] = usePortalForm<typeof priceSaveSchema>({ id: "price", constraint, lastResult, defaultValue: { ...held } });
  return (
    <TitledForm form={form} testId="price-form" level={3} hidden={{ intent: "savePrice" }} title={t("logisticsSettings.carriers.newPrice")}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {kit.select(fields.carrierId, carrierChoices(carriers, pick))}
        {kit.select(
          fields.service,
          TRANSPORT_SERVICES.map((s) => ({ value: s, label: t(`logisticsSettings.services.${s}`) })),
        )}
        {kit.input(fields.perM3, { required: true, decimal: true })}
        {kit.input(fields.perTon, { required: true, decimal: true })}
        {kit.input(fields.minimum, { decimal: true })}
      </SimpleGrid>
      <SaveButtons editing={false} pending={pending} testId="price-save" />
    </TitledForm>
  );
}

/** A discount of a carrier, created or replaced by its code: early (a day) or by volume (m³), a percent or an amount. */
export function DiscountForm({ carriers, pick, constraint, lastResult, held, pending }: CarriersProps) {
  const { t } = useTranslation();
  const kit = useFieldKit("discount");
  const [form, fields] = usePortalForm<typeof discountSaveSchema>({ id: "discount", constraint, lastResult, defaultValue: { kind: "early", ...held } });
  return (
    <TitledForm form={form} testId="discount-form" level={3} hidden={{ intent: "saveDiscount" }} title={t("logisticsSettings.carriers.newDiscount")}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {kit.select(fields.carrierId, carrierChoices(carriers, pick))}
        {kit.input(fields.code, { required: true, max: 40, label: "discountCode" })}
        {kit.input(fields.nameZh, { required: true, max: CARRIER_NAME_MAX, label: "discountNameZh" })}
        {kit.input(fields.nameEn, { required: true, max: CARRIER_NAME_MAX, label: "discountNameEn" })}
        {kit.select(
          fields.kind,
          DISCOUNT_KINDS.map((k) => ({ value: k, label: t(`logisticsSettings.discountKinds.${k}`) })),
        )}
        {kit.input(fields.until, { type: "date" })}
        {kit.input(fields.minM3, { decimal: true })}
        {kit.input(fields.percent, { decimal: true })}
        {kit.input(fields.amount, { decimal: true })}
      </SimpleGrid>
      <SaveButtons editing={false} pending={pending} testId="discount-save" />
    </TitledForm>
  );
}

/** A lifting fee class of the exhibition: the fee per piece up to a weight, created or replaced. */
export function LiftingFeeForm({ constraint, lastResult, held, pending }: FormProps) {
  const { t } = useTranslation();
  const kit = useFieldKit("lifting");
  const [form, fields] = usePortalForm<typeof liftingFeeSaveSchema>({ id: "lifting-fee", constraint, lastResult, defaultValue: { ...held } });
  return (
    <TitledForm form={form} testId="lifting-form" level={3} hidden={{ intent: "saveLiftingFee" }} title={t("logisticsSettings.carriers.newLiftingFee")}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {kit.select(
          fields.kind,
          LIFTING_KINDS.map((k) => ({ value: k, label: t(`logisticsSettings.liftingKinds.${k}`) })),
          "liftingKind",
        )}
        {kit.input(fields.maxTons, { required: true, decimal: true })}
        {kit.input(fields.fee, { required: true, decimal: true })}
      </SimpleGrid>
      <SaveButtons editing={false} pending={pending} testId="lifting-save" />
    </TitledForm>
  );
}
