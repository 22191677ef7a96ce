import type { SubmissionResult } from "@conform-to/react";
import { Fieldset, SimpleGrid } from "@mantine/core";
import type { ServiceSetting } from "~/contracts/catalogue-settings/api-types";
import type { serviceSaveSchema } from "~/contracts/catalogue-settings/schema";
import { CATALOGUE_CODE_MAX, CATALOGUE_NAME_MAX, CATALOGUE_SORT_MAX, SERVICE_UNIT_MAX } from "~/contracts/catalogue-settings/values";
import { exhibitionDateTimeInput } from "~/contracts/common/exhibition-time";
import { SERVICE_CATEGORIES } from "~/contracts/orders/values";
import { CatalogueFormFrame } from "~/features/catalogue-settings/catalogue-page";
import { useCatalogueFields } from "~/features/catalogue-settings/field-kit";
import { useTranslation } from "~/i18n/texts";
import { type FormConstraint, usePortalForm } from "~/lib/forms";
import { SERVICES } from "./service-list";
import "~/contracts/catalogue-settings/texts";
import "~/contracts/orders/texts";

const cny = (cents: number) => (cents / 100).toFixed(2);

/** A stored service as its form's fields (prices in yuan, the window in China time). */
function formValues(s: ServiceSetting) {
  return {
    id: String(s.id),
    code: s.code,
    category: s.category,
    nameZh: s.nameZh,
    nameEn: s.nameEn,
    unitZh: s.unitZh,
    unitEn: s.unitEn,
    advancePrice: cny(s.advanceCents),
    standardPrice: cny(s.standardCents),
    onsitePrice: cny(s.onsiteCents),
    orderOpensAt: exhibitionDateTimeInput(s.orderOpensAt),
    orderClosesAt: exhibitionDateTimeInput(s.orderClosesAt),
    active: s.active ? "on" : "",
    sort: String(s.sort),
  };
}

type Props = {
  /** What was typed before the session ended, to show once. */
  held: Record<string, string | string[]> | null;
  editing: ServiceSetting | null;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | null;
  /** The list's address, where "cancel" goes. */
  back: string;
  pending: boolean;
};

/** A service, new or edited (`?edit=<id>`): code, category, names, units, the three prices, the order window, offered, order. */
export function ServiceForm({ editing, held, constraint, lastResult, back, pending }: Props) {
  const { t } = useTranslation();
  const kit = useCatalogueFields();
  const [form, fields] = usePortalForm<typeof serviceSaveSchema>({
    id: `service-${editing?.id ?? "new"}`,
    constraint,
    lastResult,
    defaultValue: { ...(editing ? formValues(editing) : { category: SERVICE_CATEGORIES[0], active: "on", sort: "0" }), ...held },
  });
  const categories = SERVICE_CATEGORIES.map((value) => ({ value, label: t(`orders.categories.${value}`) }));
  return (
    <CatalogueFormFrame kind={SERVICES} form={form} editingId={editing?.id} back={back} pending={pending} titleId="service-form-title">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {kit.input(fields.code, { required: true, max: CATALOGUE_CODE_MAX, hint: t("catalogueSettings.hints.code") })}
        {kit.select(fields.category, categories)}
        {kit.input(fields.nameZh, { required: true, max: CATALOGUE_NAME_MAX })}
        {kit.input(fields.nameEn, { required: true, max: CATALOGUE_NAME_MAX })}
        {kit.input(fields.unitZh, { required: true, max: SERVICE_UNIT_MAX })}
        {kit.input(fields.unitEn, { required: true, max: SERVICE_UNIT_MAX })}
      </SimpleGrid>
      <Fieldset legend={t("catalogueSettings.fields.prices")}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {kit.input(fields.advancePrice, { required: true, numeric: true, max: 20 })}
          {kit.input(fields.standardPrice, { required: true, numeric: true, max: 20 })}
          {kit.input(fields.onsitePrice, { required: true, numeric: true, max: 20 })}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t("catalogueSettings.services.window")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {kit.input(fields.orderOpensAt, { type: "datetime-local", hint: t("catalogueSettings.hints.window") })}
          {kit.input(fields.orderClosesAt, { type: "datetime-local", hint: t("catalogueSettings.hints.window") })}
        </SimpleGrid>
      </Fieldset>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>{kit.input(fields.sort, { numeric: true, max: String(CATALOGUE_SORT_MAX).length })}</SimpleGrid>
      {kit.check(fields.active)}
    </CatalogueFormFrame>
  );
}
