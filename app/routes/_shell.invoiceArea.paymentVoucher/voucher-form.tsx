import { SimpleGrid, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { BillList } from "~/contracts/invoices/api-types";
import { BillTable } from "~/features/invoices/parts";
import type { voucherSchema } from "~/contracts/invoices/schema";
import { PRODUCT_TYPES, VOUCHER_FILE_KINDS, VOUCHER_FILES_MAX } from "~/contracts/invoices/values";
import { SubmitRow } from "~/components/submit-row";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { useErrorText, usePortalForm, type PageFormProps } from "~/lib/forms";
import "~/contracts/invoices/texts";
import { FormSelect, FormTextInput } from "~/components/form-fields";
import { TitledForm } from "~/components/titled-form";

export const VOUCHER_UPLOAD = { folder: "payment-voucher" as const, kinds: [...VOUCHER_FILE_KINDS], maxBytes: 10 * 1024 * 1024, maxCount: VOUCHER_FILES_MAX };

const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : value ? [String(value)] : []);

/**
 * A proof of payment for the ticked bills: the unpaid bills without a voucher can be ticked.
 * Without JavaScript the documents arrive as files and are stored on the way.
 */
export function VoucherForm({
  bills,
  held,
  constraint,
  lastResult,
  pending,
}: PageFormProps & {
  bills: BillList;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const payable = bills.items.filter((item) => item.payment === "unpaid");
  const [form, fields] = usePortalForm<typeof voucherSchema>({
    id: "payment-voucher",
    constraint,
    lastResult,
    defaultValue: { productType: "service", ...held },
  });
  const ticked = asList(fields.itemKeys.initialValue);
  const text = (name: "name" | "amount" | "payerAccountName", max: number, inputMode?: "decimal") => (
    <FormTextInput field={fields[name]} label={t(`invoices.fields.${name}`)} maxLength={max} inputMode={inputMode} withAsterisk />
  );
  return (
    <TitledForm form={form} testId="voucher-form" multipart hidden={{ intent: "save" }} title={t("invoices.voucher.formTitle")}>
      {payable.length ? (
        <>
          <Text size="sm" c="dimmed">
            {t("invoices.voucher.pickHint")}
          </Text>
          <div id={fields.itemKeys.id} key={fields.itemKeys.key}>
            <BillTable items={payable} pick={() => true} checked={ticked} />
          </div>
          {fields.itemKeys.errors ? (
            <Text c="red.8" size="sm">
              {errorText(fields.itemKeys.errors)}
            </Text>
          ) : null}
        </>
      ) : (
        <Text c="dimmed">{t("invoices.voucher.nothingToPay")}</Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text("name", 100)}
        <FormSelect
          field={fields.productType}
          label={t("invoices.fields.productType")}
          data={PRODUCT_TYPES.map((type) => ({ value: type, label: t(`invoices.productTypes.${type}`) }))}
          withAsterisk
        />
        {text("amount", 20, "decimal")}
        <FormTextInput field={fields.paidOn} type="date" label={t("invoices.fields.paidOn")} withAsterisk />
        {text("payerAccountName", 100)}
      </SimpleGrid>
      <FieldFileUpload field={fields.documentUrls} formValues={form.initialValue} {...VOUCHER_UPLOAD} label={t("invoices.fields.documents")} />
      <SubmitRow pending={pending} disabled={!payable.length} label={t("invoices.voucher.submit")} />
    </TitledForm>
  );
}
