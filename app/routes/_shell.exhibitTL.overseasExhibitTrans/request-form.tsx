import { TitledForm } from "~/components/titled-form";
import { SubmitRow } from "~/components/submit-row";
import { getInputProps } from "@conform-to/react";
import { SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { OverseasAgentsAnswer } from "~/contracts/vehicles/overseas/types";
import type { overseasRequestSchema } from "~/contracts/vehicles/schema";
import { useErrorText, usePortalForm, type PageFormProps } from "~/lib/forms";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/overseas/texts";
import { FormSelect, FormTextarea } from "~/components/form-fields";

export const REQUEST_FIELDS = [
  "agentId",
  "originCountryId",
  "port",
  "cargoDescription",
  "volume",
  "incoterms",
  "contactName",
  "contactPhone",
  "contactEmail",
] as const;

type TextField = "port" | "volume" | "contactName" | "contactPhone" | "contactEmail";

/**
 * The request to an agent: who, from where, what and how much, on which terms, and whom to answer.
 * Volume is typed in m³; the e-mail is a text input so that a wrong one reaches the server's
 * translated message even without JavaScript.
 */
export function RequestForm({ offer, agentId, held, constraint, lastResult, pending }: PageFormProps & { offer: OverseasAgentsAnswer; agentId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof overseasRequestSchema>({
    id: "overseas-request",
    constraint,
    lastResult,
    defaultValue: { agentId, contactName: offer.contact.name, contactPhone: offer.contact.phone, contactEmail: offer.contact.email, ...held },
  });
  const label = (name: string) => t(`vehicles.fields.${name}`);
  const text = (
    name: TextField,
    labelKey: string,
    extra: { maxLength: number; inputMode?: "decimal" | "tel" | "email"; description?: string; autoComplete?: string },
  ) => (
    <TextInput
      {...getInputProps(fields[name], { type: "text" })}
      key={fields[name].key}
      label={label(labelKey)}
      withAsterisk
      error={errorText(fields[name].errors)}
      {...extra}
    />
  );
  return (
    <TitledForm form={form} testId="overseas-form" preventScrollReset title={t("vehicles.overseas.formTitle")}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormSelect
          field={fields.agentId}
          label={label("agent")}
          withAsterisk
          data={[{ value: "", label: t("vehicles.overseas.chooseAgent") }, ...offer.agents.map((a) => ({ value: String(a.id), label: a.name }))]}
        />
        <FormSelect
          field={fields.originCountryId}
          label={label("originCountry")}
          withAsterisk
          data={[{ value: "", label: t("vehicles.overseas.chooseCountry") }, ...offer.countries.map((c) => ({ value: String(c.id), label: c.name }))]}
        />
        {text("port", "port", { maxLength: 100 })}
        {text("volume", "volumeM3", { maxLength: 14, inputMode: "decimal", description: t("vehicles.overseas.volumeHint") })}
      </SimpleGrid>
      <FormTextarea field={fields.cargoDescription} label={label("cargoDescription")} withAsterisk maxLength={500} autosize minRows={3} maxRows={10} />
      <FormSelect
        field={fields.incoterms}
        label={label("incoterms")}
        description={t("vehicles.overseas.incotermsHint")}
        inputWrapperOrder={["label", "input", "description", "error"]}
        withAsterisk
        data={[{ value: "", label: "—" }, ...offer.incoterms.map((term) => ({ value: term, label: `${term} · ${t(`vehicles.overseas.incoterms.${term}`)}` }))]}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {text("contactName", "contactName", { maxLength: 50, autoComplete: "name" })}
        {text("contactPhone", "contactPhone", { maxLength: 24, inputMode: "tel", autoComplete: "tel" })}
        {text("contactEmail", "contactEmail", { maxLength: 120, inputMode: "email", autoComplete: "email" })}
      </SimpleGrid>
      <SubmitRow pending={pending} testId="overseas-send" label={t("vehicles.overseas.send")} />
    </TitledForm>
  );
}
