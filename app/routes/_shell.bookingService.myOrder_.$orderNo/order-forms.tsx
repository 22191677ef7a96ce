import { ContractorFields } from "~/features/orders/contractor-fields";
import { FormError } from "~/components/form-error";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button, Checkbox, Group, Stack } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { useErrorText, usePortalForm, type FormConstraint } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import { MAX_CONTRACT_FILES } from "~/contracts/orders/values";
import type { contractFormSchema, contractorFormSchema, voucherFormSchema } from "../../features/orders/forms";
import "~/contracts/orders/texts";
import { OrderFormFrame } from "~/features/orders/order-form-frame";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";

type Result = SubmissionResult<string[]> | undefined;

/** The entrusted contractor, editable until the stamped contract is uploaded. */
export function ContractorForm({
  defaultValue,
  constraint,
  lastResult,
}: {
  defaultValue: Record<string, string>;
  constraint: FormConstraint;
  lastResult: Result;
}) {
  const { t } = useTranslation();
  const isPending = useIsPending();
  const [form, fields] = usePortalForm<typeof contractorFormSchema>({ id: "contractor", constraint, lastResult, defaultValue });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="contractor-form">
      <Stack gap="sm" maw={560}>
        <FormError errors={form.errors} id={form.errorId} />
        <ContractorFields fields={fields} />
        <Group>
          <Button type="submit" name="intent" value="contractor" variant="light" loading={isPending}>
            {t("orders.detail.saveContractor")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** docs/product.md § Uploads: the rules ticked, then the stamped contract as up to 10 images or PDFs. */
export function ContractUploadForm({ constraint, lastResult }: { constraint: FormConstraint; lastResult: Result }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const isPending = useIsPending();
  const [form, fields] = usePortalForm<typeof contractFormSchema>({ id: "contract", constraint, lastResult });
  const ticked = form.initialValue?.rulesAccepted === "on";
  return (
    <OrderFormFrame
      form={form}
      testId="contract-form"
      headingId="contract-heading"
      title={t("orders.detail.uploadTitle")}
      hint={t("orders.detail.uploadHint", { count: MAX_CONTRACT_FILES })}
    >
      <FieldFileUpload
        field={fields.contractUrls}
        formValues={form.initialValue}
        folder="certificate-composite"
        maxCount={MAX_CONTRACT_FILES}
        label={t("orders.fields.contract")}
      />
      {/* Not `required`: the rule's own message (validation.tickRules) is the one shown, with or without JS. */}
      <Checkbox
        key={fields.rulesAccepted.key}
        name={fields.rulesAccepted.name}
        id={fields.rulesAccepted.id}
        defaultChecked={ticked}
        label={t("orders.detail.rules")}
        error={errorText(fields.rulesAccepted.errors)}
        aria-invalid={fields.rulesAccepted.errors?.length ? true : undefined}
      />
      <Group>
        <Button type="submit" name="intent" value="contract" loading={isPending}>
          {t("orders.detail.upload")}
        </Button>
      </Group>
    </OrderFormFrame>
  );
}

/** The payment voucher: the order then waits for the organizer to confirm the money. */
export function VoucherForm({ constraint, lastResult }: { constraint: FormConstraint; lastResult: Result }) {
  const { t } = useTranslation();
  const isPending = useIsPending();
  const [form, fields] = usePortalForm<typeof voucherFormSchema>({ id: "voucher", constraint, lastResult });
  return (
    <OrderFormFrame form={form} testId="voucher-form" headingId="voucher-heading" title={t("orders.detail.voucherTitle")} hint={t("orders.detail.voucherHint")}>
      <FieldFileUpload field={fields.voucherUrl} formValues={form.initialValue} folder="payment-voucher" label={t("orders.fields.voucher")} />
      <Group>
        <Button type="submit" name="intent" value="voucher" loading={isPending}>
          {t("orders.detail.claim")}
        </Button>
      </Group>
    </OrderFormFrame>
  );
}
