import { ContractorFields } from "~/features/orders/contractor-fields";
import { FormError } from "~/components/form-error";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FileUpload } from "~/features/uploads/file-upload";
import { formatCny } from "~/contracts/common/format";
import { useErrorText, usePortalForm, type FormConstraint } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import { uploadedRefs, uploadFieldNames } from "~/features/uploads/upload-fields";
import type { commitFormSchema } from "../../features/orders/forms";
import "~/contracts/orders/texts";

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
  const errorText = useErrorText();
  const isPending = useIsPending();
  const [form, fields] = usePortalForm<typeof commitFormSchema>({ id: "commit", constraint, lastResult, defaultValue: { ...defaultValue, idempotencyKey } });
  // After a refusal the key posted comes back with the form: the same attempt, the same order.
  const key =
    typeof fields.idempotencyKey.initialValue === "string" && fields.idempotencyKey.initialValue ? fields.idempotencyKey.initialValue : idempotencyKey;
  const drawing = uploadedRefs(fields.installationDrawingUrl.initialValue, form.initialValue?.[uploadFieldNames("installationDrawingUrl").name]);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} aria-labelledby="commit-heading" data-testid="commit-form">
      <input type="hidden" name="idempotencyKey" value={key} />
      <Stack gap="sm" maw={640}>
        <Title order={2} size="h4" id="commit-heading">
          {t("orders.booking.commitTitle")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("orders.booking.commitHint")}
        </Text>
        <FormError errors={form.errors} id={form.errorId} testId="commit-error" />
        <ContractorFields fields={fields} />
        <FileUpload
          key={fields.installationDrawingUrl.key}
          name="installationDrawingUrl"
          folder="eletricbox-img"
          label={t("orders.fields.installationDrawing")}
          files={drawing}
          error={errorText(fields.installationDrawingUrl.errors)}
        />
        <Group justify="space-between">
          <Text fw={600}>
            {t("orders.booking.total")}: <span data-testid="commit-total">{formatCny(totalCents)}</span>
          </Text>
          <Button type="submit" name="intent" value="commit" loading={isPending}>
            {t("orders.booking.commit")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
