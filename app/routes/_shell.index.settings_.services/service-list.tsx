import { Text } from "@mantine/core";
import type { ServiceSetting } from "~/contracts/catalogue-settings/api-types";
import { SERVICES_SETTINGS_PATH } from "~/contracts/catalogue-settings/values";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { formatCny } from "~/contracts/common/format";
import { type CatalogueKind, CatalogueTable, NotOffered } from "~/features/catalogue-settings/catalogue-page";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/catalogue-settings/texts";
import "~/contracts/orders/texts";

export const SERVICES: CatalogueKind = { texts: "services", one: "service", path: SERVICES_SETTINGS_PATH };

/** The services of one page: name and unit, the three prices and when they can be ordered. */
export function ServiceList({ services, link }: { services: ServiceSetting[]; link: (params: Record<string, string>) => string }) {
  const { t, language } = useTranslation();
  const en = language === "en";
  const window = (s: ServiceSetting) => {
    if (!s.orderOpensAt && !s.orderClosesAt) return t("catalogueSettings.services.always");
    return [
      s.orderOpensAt ? t("catalogueSettings.services.from", { time: exhibitionDateTime(s.orderOpensAt) }) : "",
      s.orderClosesAt ? t("catalogueSettings.services.until", { time: exhibitionDateTime(s.orderClosesAt) }) : "",
    ]
      .filter(Boolean)
      .join(" ");
  };
  return (
    <CatalogueTable
      kind={SERVICES}
      rows={services}
      link={link}
      minWidth={720}
      columns={[
        {
          label: "catalogueSettings.fields.service",
          cell: (s) => (
            <>
              <Text size="sm">
                {en ? s.nameEn : s.nameZh} / {en ? s.unitEn : s.unitZh}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`orders.categories.${s.category}`)}
              </Text>
              {s.active ? null : <NotOffered label="catalogueSettings.services.withdrawn" />}
            </>
          ),
        },
        { label: "catalogueSettings.fields.advancePrice", cell: (s) => formatCny(s.advanceCents) },
        { label: "catalogueSettings.fields.standardPrice", cell: (s) => formatCny(s.standardCents) },
        { label: "catalogueSettings.fields.onsitePrice", cell: (s) => formatCny(s.onsiteCents) },
        { label: "catalogueSettings.services.window", cell: window },
      ]}
    />
  );
}
