import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { TextInput } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import { useErrorText } from "~/lib/forms";
import "~/contracts/orders/texts";

type ContractorField = "contractorCompany" | "contractorContact" | "contractorPhone";

/** The booth's contractor (company, contact, phone), as the booking's commit and the order's page ask for it. */
export function ContractorFields<Schema extends Record<string, unknown>>({
  fields,
}: {
  fields: Record<ContractorField, FieldMetadata<unknown, Schema, string[]>>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const text = (name: ContractorField, type: "text" | "tel", maxLength?: number) => (
    <TextInput
      {...getInputProps(fields[name], { type })}
      key={fields[name].key}
      label={t(`orders.fields.${name}`)}
      // The phone keeps the schema's own constraint (no override).
      {...(maxLength ? { maxLength } : {})}
      error={errorText(fields[name].errors)}
    />
  );
  return (
    <>
      {text("contractorCompany", "text", 100)}
      {text("contractorContact", "text", 50)}
      {text("contractorPhone", "tel")}
    </>
  );
}
