import { ContractorFields } from "~/features/orders/contractor-fields";
import { FormError } from "~/components/form-error";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button, Checkbox, Group, Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FileUpload } from "~/features/uploads/file-upload";
import { useErrorText, usePortalForm, type FormConstraint } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import { uploadedRefs, uploadFieldNames } from "~/features/uploads/upload-fields";
import { MAX_CONTRACT_FILES } from "~/contracts/orders/values";
import type { contractFormSchema, contractorFormSchema, voucherFormSchema } from "../../features/orders/forms";
import "~/contracts/orders/texts";

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
  const _errorText = useErrorText();
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
  const files = uploadedRefs(fields.contractUrls.initialValue, form.initialValue?.[uploadFieldNames("contractUrls").name]);
  const ticked = form.initialValue?.rulesAccepted === "on";
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} aria-labelledby="contract-heading" data-testid="contract-form">
      <Stack gap="sm" maw={640}>
        <Title order={2} size="h4" id="contract-heading">
          {t("orders.detail.uploadTitle")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("orders.detail.uploadHint", { count: MAX_CONTRACT_FILES })}
        </Text>
        <FormError errors={form.errors} id={form.errorId} />
        <FileUpload
          key={fields.contractUrls.key}
          name="contractUrls"
          folder="certificate-composite"
          maxCount={MAX_CONTRACT_FILES}
          label={t("orders.fields.contract")}
          files={files}
          error={errorText(fields.contractUrls.errors)}
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
      </Stack>
    </Form>
  );
}

/** The payment voucher: the order then waits for the organizer to confirm the money. */
export function VoucherForm({ constraint, lastResult }: { constraint: FormConstraint; lastResult: Result }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const isPending = useIsPending();
  const [form, fields] = usePortalForm<typeof voucherFormSchema>({ id: "voucher", constraint, lastResult });
  const files = uploadedRefs(fields.voucherUrl.initialValue, form.initialValue?.[uploadFieldNames("voucherUrl").name]);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} aria-labelledby="voucher-heading" data-testid="voucher-form">
      <Stack gap="sm" maw={640}>
        <Title order={2} size="h4" id="voucher-heading">
          {t("orders.detail.voucherTitle")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("orders.detail.voucherHint")}
        </Text>
        <FormError errors={form.errors} id={form.errorId} />
        <FileUpload
          key={fields.voucherUrl.key}
          name="voucherUrl"
          folder="payment-voucher"
          label={t("orders.fields.voucher")}
          files={files}
          error={errorText(fields.voucherUrl.errors)}
        />
        <Group>
          <Button type="submit" name="intent" value="voucher" loading={isPending}>
            {t("orders.detail.claim")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
