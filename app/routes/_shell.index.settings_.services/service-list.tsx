import { Anchor, Badge, Group, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ServiceSetting } from "~/contracts/catalogue-settings/api-types";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { formatCny } from "~/contracts/common/format";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/catalogue-settings/texts";
import "~/contracts/orders/texts";

/** The services of one page, each with edit and remove links (`?edit=`, `?remove=`, the page kept). */
export function ServiceList({ services, link }: { services: ServiceSetting[]; link: (params: Record<string, string>) => string }) {
  const { t, language } = useTranslation();
  const en = language === "en";
  if (!services.length)
    return (
      <Text c="dimmed" data-testid="services-empty">
        {t("catalogueSettings.services.empty")}
      </Text>
    );
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
    <Table.ScrollContainer minWidth={720}>
      <Table striped data-testid="services-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("catalogueSettings.fields.code")}</Table.Th>
            <Table.Th>{t("catalogueSettings.fields.service")}</Table.Th>
            <Table.Th>{t("catalogueSettings.fields.advancePrice")}</Table.Th>
            <Table.Th>{t("catalogueSettings.fields.standardPrice")}</Table.Th>
            <Table.Th>{t("catalogueSettings.fields.onsitePrice")}</Table.Th>
            <Table.Th>{t("catalogueSettings.services.window")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {services.map((s) => (
            <Table.Tr key={s.id} data-testid={`service-${s.code}`}>
              <Table.Td>{s.code}</Table.Td>
              <Table.Td>
                <Text size="sm">
                  {en ? s.nameEn : s.nameZh} / {en ? s.unitEn : s.unitZh}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`orders.categories.${s.category}`)}
                </Text>
                {s.active ? null : (
                  <Badge color="gray" size="sm">
                    {t("catalogueSettings.services.withdrawn")}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{formatCny(s.advanceCents)}</Table.Td>
              <Table.Td>{formatCny(s.standardCents)}</Table.Td>
              <Table.Td>{formatCny(s.onsiteCents)}</Table.Td>
              <Table.Td>{window(s)}</Table.Td>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Anchor component={Link} to={link({ edit: String(s.id) })} data-testid={`edit-${s.code}`}>
                    {t("catalogueSettings.edit")}
                  </Anchor>
                  <Anchor component={Link} to={link({ remove: String(s.id) })} c="red.9" data-testid={`remove-${s.code}`}>
                    {t("catalogueSettings.remove")}
                  </Anchor>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
