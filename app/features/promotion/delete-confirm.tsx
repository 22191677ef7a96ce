import { ConfirmAction } from "~/components/confirm-action";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/promotion/texts";

/**
 * A promotion page's question before one of its records is deleted (a plain POST of intent
 * `delete` with the record's id), in the words of that page (`promotion.pages.<texts>`).
 */
export function PromotionDeleteConfirm({
  texts,
  id,
  name,
  cancelTo,
  pending,
}: {
  texts: "custom" | "exhibits";
  id: number;
  name: string;
  cancelTo: string;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmAction
      question={t(`promotion.pages.${texts}.deleteQuestion`, { name })}
      intent="delete"
      fields={{ id: String(id) }}
      confirmLabel={t(`promotion.pages.${texts}.confirmDelete`)}
      cancelLabel={t(`promotion.pages.${texts}.keep`)}
      cancelTo={cancelTo}
      pending={pending}
      testId="confirm-delete"
    />
  );
}
