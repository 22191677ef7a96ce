import { Alert, NativeSelect } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import { ConfirmAction } from "~/components/confirm-action";
import type { BoothSummary } from "~/contracts/permission/api-types";
import { Toast } from "~/components/toast";
import "../../contracts/booking-forms/texts";

/** The booth a record is for: a plain select, so it posts the same with or without JavaScript. */
export function BoothSelect({ booths, name, defaultValue, error }: { booths: BoothSummary[]; name: string; defaultValue?: string; error?: string }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      name={name}
      id={`${name}-select`}
      key={defaultValue}
      label={t("bookingForms.fields.booth")}
      data={booths.map((b) => ({ value: String(b.boothId), label: b.boothNo }))}
      defaultValue={defaultValue}
      error={error}
      withAsterisk
    />
  );
}

/** No booth, no booking: said once, instead of a form that can only fail. */
export function NoBooth() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" role="status" data-testid="no-booth">
      {t("bookingForms.common.noBoothNotice")}
    </Alert>
  );
}

/** Delete with a confirmation that needs no JavaScript (`?delete=` shows it; its button posts intent delete). */
export function ConfirmDelete({
  question,
  fields,
  cancelTo,
  pending,
}: {
  question: string;
  fields: Record<string, string>;
  cancelTo: string;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmAction
      question={question}
      intent="delete"
      fields={fields}
      confirmLabel={t("bookingForms.common.confirmDelete")}
      cancelLabel={t("bookingForms.common.keep")}
      cancelTo={cancelTo}
      pending={pending}
      testId="confirm-delete"
    />
  );
}

/** A success notice named by `?done=` after a redirect, or by the action's reply. */
export function Notice({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Toast kind="success" testId="notice">
      {text}
    </Toast>
  );
}
