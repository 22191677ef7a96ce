import type { SubmissionResult } from "@conform-to/react";
import { SimpleGrid } from "@mantine/core";
import type { AgentSetting } from "~/contracts/catalogue-settings/api-types";
import type { agentSaveSchema } from "~/contracts/catalogue-settings/schema";
import {
  AGENT_INTRO_MAX,
  AGENT_PHONE_MAX,
  AGENT_REGIONS_MAX,
  CATALOGUE_CODE_MAX,
  CATALOGUE_NAME_MAX,
  CATALOGUE_SORT_MAX,
} from "~/contracts/catalogue-settings/values";
import { CatalogueFormFrame } from "~/features/catalogue-settings/catalogue-page";
import { useCatalogueFields } from "~/features/catalogue-settings/field-kit";
import { useTranslation } from "~/i18n/texts";
import { type FormConstraint, usePortalForm } from "~/lib/forms";
import { AGENTS } from "./agent-list";
import "~/contracts/catalogue-settings/texts";

type Props = {
  /** What was typed before the session ended, to show once. */
  held: Record<string, string | string[]> | null;
  editing: AgentSetting | null;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | null;
  back: string;
  pending: boolean;
};

/** An overseas agent, new or edited (`?edit=<id>`): code, names, regions, intros, contact, offered, order. */
export function AgentForm({ editing, held, constraint, lastResult, back, pending }: Props) {
  const { t } = useTranslation();
  const kit = useCatalogueFields();
  const [form, fields] = usePortalForm<typeof agentSaveSchema>({
    id: `agent-${editing?.id ?? "new"}`,
    constraint,
    lastResult,
    defaultValue: {
      ...(editing
        ? { ...editing, id: String(editing.id), active: editing.active ? "on" : "", sort: String(editing.sort), inUse: undefined }
        : { active: "on", sort: "0" }),
      ...held,
    },
  });
  return (
    <CatalogueFormFrame kind={AGENTS} form={form} editingId={editing?.id} back={back} pending={pending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {kit.input(fields.code, { required: true, max: CATALOGUE_CODE_MAX, hint: t("catalogueSettings.hints.code") })}
        {kit.input(fields.sort, { numeric: true, max: String(CATALOGUE_SORT_MAX).length })}
        {kit.input(fields.nameZh, { required: true, max: CATALOGUE_NAME_MAX })}
        {kit.input(fields.nameEn, { required: true, max: CATALOGUE_NAME_MAX })}
        {kit.input(fields.regionsZh, { required: true, max: AGENT_REGIONS_MAX })}
        {kit.input(fields.regionsEn, { required: true, max: AGENT_REGIONS_MAX })}
        {kit.area(fields.introZh, AGENT_INTRO_MAX)}
        {kit.area(fields.introEn, AGENT_INTRO_MAX)}
        {kit.input(fields.contactEmail, { type: "email", required: true, max: 120 })}
        {kit.input(fields.contactPhone, { max: AGENT_PHONE_MAX })}
      </SimpleGrid>
      {kit.check(fields.active)}
    </CatalogueFormFrame>
  );
}
