import { HiddenFields } from "~/components/hidden-fields";
import { getFormProps } from "@conform-to/react";
import { Button, Checkbox, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { useErrorText, usePortalForm, type FormReply } from "~/lib/forms";
import type { CarrierOption } from "../../contracts/transport/api-types";
import type { declarationSchema } from "../../contracts/transport/schema";
import { TRANSPORT_SERVICES } from "../../contracts/transport/values";
import "../../contracts/transport/texts";
import { FormSelect, FormTextInput } from "~/components/form-fields";

/** The bill of lading: an image or a PDF up to 10 MB (upload folder carriage-bill). */
export const BILL_UPLOAD = {
  folder: "carriage-bill" as const,
  kinds: ["jpg", "png", "pdf"] as ("jpg" | "png" | "pdf")[],
  maxBytes: 10 * 1024 * 1024,
  maxCount: 1,
};
export const DECLARATION_FIELDS = [
  "boothId",
  "carrierId",
  "services",
  "arrivalFrom",
  "arrivalTo",
  "contactName",
  "contactPhone",
  "billUrl",
  uploadFieldNames("billUrl").name,
] as const;

const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : value ? [String(value)] : []);

/**
 * The declaration's header: booth, carrier, services, arrival window, contact, bill of lading. The
 * same form creates a draft (intent `save`) and changes a draft or a returned one (intent `update`,
 * with id and version). Plain controls, so it posts without JavaScript.
 */
export function DeclarationForm({
  intent,
  carriers,
  booths,
  buildUpTo,
  defaults,
  record,
  constraint,
  lastResult,
  pending,
}: FormReply & {
  intent: "save" | "update";
  carriers: CarrierOption[];
  booths: { boothId: number; boothNo: string }[];
  buildUpTo: string;
  defaults: Record<string, unknown>;
  record?: { id: number; version: number };
  /** The header's constraints (declarationSchema, from the loader), for a new declaration and a change alike. */
  pending: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof declarationSchema>({ id: `declaration-${intent}`, constraint, lastResult, defaultValue: defaults });
  const services = asList(fields.services.initialValue);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} data-testid="declaration-form">
      <input type="hidden" name="intent" value={intent} />
      {record ? <HiddenFields values={{ id: record.id, version: record.version }} /> : null}
      <Stack gap="sm">
        <FormError errors={form.errors} id={form.errorId} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormSelect
            field={fields.boothId}
            label={t("transport.fields.booth")}
            data={booths.map((b) => ({ value: String(b.boothId), label: b.boothNo }))}
            withAsterisk
          />
          <FormSelect
            field={fields.carrierId}
            label={t("transport.fields.carrier")}
            data={[{ value: "", label: t("transport.page.pickCarrier") }, ...carriers.map((c) => ({ value: String(c.id), label: c.name }))]}
            withAsterisk
          />
        </SimpleGrid>
        <fieldset
          id={fields.services.id}
          key={fields.services.key}
          style={{ border: 0, padding: 0, margin: 0 }}
          aria-describedby={fields.services.errors ? `${fields.services.id}-error` : undefined}
        >
          <Text component="legend" size="sm" fw={500} mb={4}>
            {t("transport.fields.services")}{" "}
            <span aria-hidden="true" style={{ color: "var(--mantine-color-red-8)" }}>
              *
            </span>
          </Text>
          <Group gap="md">
            {TRANSPORT_SERVICES.map((service) => (
              <Checkbox key={service} name="services" value={service} label={t(`transport.services.${service}`)} defaultChecked={services.includes(service)} />
            ))}
          </Group>
          {fields.services.errors ? (
            <Text c="red.8" size="sm" id={`${fields.services.id}-error`}>
              {errorText(fields.services.errors)}
            </Text>
          ) : null}
        </fieldset>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormTextInput field={fields.arrivalFrom} type="date" label={t("transport.fields.arrivalFrom")} withAsterisk />
          <FormTextInput
            field={fields.arrivalTo}
            type="date"
            label={t("transport.fields.arrivalTo")}
            description={t("transport.page.arrivalHint", { day: buildUpTo })}
            withAsterisk
          />
          <FormTextInput field={fields.contactName} label={t("transport.fields.contactName")} maxLength={50} withAsterisk />
          <FormTextInput field={fields.contactPhone} type="tel" label={t("transport.fields.contactPhone")} maxLength={20} withAsterisk />
        </SimpleGrid>
        <FieldFileUpload field={fields.billUrl} formValues={form.initialValue} {...BILL_UPLOAD} label={t("transport.fields.bill")} />
        <Group>
          <Button type="submit" loading={pending}>
            {t(intent === "save" ? "transport.page.createDraft" : "transport.page.saveChanges")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
