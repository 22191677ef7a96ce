import { Text } from "@mantine/core";
import type { AgentSetting } from "~/contracts/catalogue-settings/api-types";
import { AGENTS_SETTINGS_PATH } from "~/contracts/catalogue-settings/values";
import { type CatalogueKind, CatalogueTable, NotOffered } from "~/features/catalogue-settings/catalogue-page";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/catalogue-settings/texts";

export const AGENTS: CatalogueKind = { texts: "agents", one: "agent", path: AGENTS_SETTINGS_PATH };

/** The agents of one page: name, regions and contact in the reader's language. */
export function AgentList({ agents, link }: { agents: AgentSetting[]; link: (params: Record<string, string>) => string }) {
  const { language } = useTranslation();
  const en = language === "en";
  return (
    <CatalogueTable
      kind={AGENTS}
      rows={agents}
      link={link}
      minWidth={640}
      columns={[
        {
          label: "catalogueSettings.fields.agent",
          cell: (a) => (
            <>
              <Text size="sm">{en ? a.nameEn : a.nameZh}</Text>
              {a.active ? null : <NotOffered label="catalogueSettings.agents.hidden" />}
            </>
          ),
        },
        { label: en ? "catalogueSettings.fields.regionsEn" : "catalogueSettings.fields.regionsZh", cell: (a) => (en ? a.regionsEn : a.regionsZh) },
        {
          label: "catalogueSettings.fields.contactEmail",
          cell: (a) => (
            <>
              <Text size="sm">{a.contactEmail}</Text>
              {a.contactPhone ? (
                <Text size="xs" c="dimmed">
                  {a.contactPhone}
                </Text>
              ) : null}
            </>
          ),
        },
      ]}
    />
  );
}
