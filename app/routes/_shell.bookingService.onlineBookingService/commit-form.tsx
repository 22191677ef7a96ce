import { ContractorFields } from "~/features/orders/contractor-fields";
import type { SubmissionResult } from "@conform-to/react";
import { Button, Group, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import { formatCny } from "~/contracts/common/format";
import { usePortalForm, type FormConstraint } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import type { commitFormSchema } from "../../features/orders/forms";
import "~/contracts/orders/texts";
import { OrderFormFrame } from "~/features/orders/order-form-frame";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";

/**
 * The order form under the cart. The idempotency key is the loader's, fixed when the page was
 * shown: pressing twice, or posting the same page again, names the same order.
 */
export function CommitForm({
  idempotencyKey,
  totalCents,
  constraint,
  lastResult,
  defaultValue,
}: {
  idempotencyKey: string;
  totalCents: number;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const isPending = useIsPending();
  const [form, fields] = usePortalForm<typeof commitFormSchema>({ id: "commit", constraint, lastResult, defaultValue: { ...defaultValue, idempotencyKey } });
  // After a refusal the key posted comes back with the form: the same attempt, the same order.
  const key =
    typeof fields.idempotencyKey.initialValue === "string" && fields.idempotencyKey.initialValue ? fields.idempotencyKey.initialValue : idempotencyKey;
  return (
    <OrderFormFrame
      form={form}
      testId="commit-form"
      headingId="commit-heading"
      title={t("orders.booking.commitTitle")}
      hint={t("orders.booking.commitHint")}
      errorTestId="commit-error"
      before={<input type="hidden" name="idempotencyKey" value={key} />}
    >
      <ContractorFields fields={fields} />
      <FieldFileUpload
        field={fields.installationDrawingUrl}
        formValues={form.initialValue}
        folder="eletricbox-img"
        label={t("orders.fields.installationDrawing")}
      />
      <Group justify="space-between">
        <Text fw={600}>
          {t("orders.booking.total")}: <span data-testid="commit-total">{formatCny(totalCents)}</span>
        </Text>
        <Button type="submit" name="intent" value="commit" loading={isPending}>
          {t("orders.booking.commit")}
        </Button>
      </Group>
    </OrderFormFrame>
  );
}
