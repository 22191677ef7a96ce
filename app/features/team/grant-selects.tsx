import { NativeSelect, SimpleGrid } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { Area, Grants } from "~/contracts/team/areas";
import "~/contracts/team/texts";

const LEVELS = ["none", "read", "edit"] as const;

/**
 * One native select per area, named `grant.<area>` (none / read / edit): the grants post as plain
 * form fields, with or without JavaScript. Shared by the team page (a member's areas) and the staff
 * page (a role's areas).
 */
export function GrantSelects({
  areas,
  grants,
  idPrefix,
  errors,
}: {
  areas: readonly Area[];
  grants: Grants;
  idPrefix: string;
  errors?: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs" verticalSpacing="xs">
      {areas.map((area) => (
        <NativeSelect
          key={area}
          id={`${idPrefix}-${area}`}
          name={`grant.${area}`}
          label={t(`team.areas.${area}`)}
          defaultValue={grants[area] ?? "none"}
          error={errors?.[area]}
          data={LEVELS.map((level) => ({ value: level, label: t(`team.levels.${level}`) }))}
        />
      ))}
    </SimpleGrid>
  );
}
