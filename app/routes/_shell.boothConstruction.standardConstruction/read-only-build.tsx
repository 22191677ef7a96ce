import { Anchor, List, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { StandardBuild } from "~/contracts/booth-construction/api-types";
import { FieldTable } from "~/components/field-table";
import { FasciaPreview } from "./fascia-preview";
import "~/contracts/booth-construction/texts";

/** A submitted, accepted or closed build: what the builder will get, no form. */
export function ReadOnlyBuild({ build }: { build: StandardBuild }) {
  const { t } = useTranslation();
  const unneeded = new Set(build.unneededEquipment);
  const slot = build.carpetLayingSlot ? t(`boothConstruction.standard.slots.${build.carpetLayingSlot}`) : "";
  return (
    <Stack gap="md" data-testid="build-read-only">
      <Text size="sm" c="dimmed">
        {t("boothConstruction.readOnly")}
      </Text>
      <Title order={2} size="h4">
        {t("boothConstruction.standard.fasciaTitle")}
      </Title>
      {build.fasciaMode === "standard" ? (
        <FasciaPreview nameZh={build.fasciaNameZh} nameEn={build.fasciaNameEn} boothNo={build.booth.boothNo} />
      ) : build.fasciaFile ? (
        <Anchor href={build.fasciaFile.url} target="_blank" rel="noopener">
          {build.fasciaFile.name}
        </Anchor>
      ) : null}
      <FieldTable
        rows={[
          [
            "boothConstruction.fields.unneededEquipment",
            build.equipment
              .filter((e) => unneeded.has(e.code))
              .map((e) => t(`boothConstruction.equipment.${e.code}`))
              .join("、") || "—",
          ],
          ["boothConstruction.fields.wallsRemoved", build.wallsRemoved.map((w) => t(`boothConstruction.standard.walls.${w}`)).join("、") || "—"],
          ["boothConstruction.fields.extraBoards", String(build.extraBoards)],
          ["boothConstruction.fields.positioningDate", build.positioningDate ?? "—"],
          ["boothConstruction.fields.carpetColour", t(`boothConstruction.standard.carpetColours.${build.carpetColour}`, { defaultValue: build.carpetColour })],
          ["boothConstruction.fields.carpetLayingSlot", build.carpetLayingDay ? `${build.carpetLayingDay} ${slot}` : "—"],
          ["boothConstruction.fields.otherRequirements", build.otherRequirements || "—"],
        ]}
      />
      <List size="sm">
        {build.equipment
          .filter((e) => !unneeded.has(e.code))
          .map((e) => (
            <List.Item key={e.code}>
              {t(`boothConstruction.equipment.${e.code}`)} × {t(`boothConstruction.standard.units.${e.unit}`, { count: e.quantity })}
            </List.Item>
          ))}
      </List>
    </Stack>
  );
}
