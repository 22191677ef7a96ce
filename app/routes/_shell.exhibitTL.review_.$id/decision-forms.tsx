import { DecisionPair, type DecisionSide } from "~/components/review/decision-pair";
import { formatMoney } from "~/contracts/common/format";
import type { DeclarationDetail } from "~/contracts/transport/api-types";
import { useTranslation } from "~/i18n/texts";
import type { PageFormProps } from "~/lib/forms";
import "~/contracts/transport/texts";
import { FormTextInput, FormTextarea } from "~/components/form-fields";

type Props = PageFormProps & {
  declaration: DeclarationDetail;
};

/** The carrier's decision: accept (amount prefilled with the server's total, a note) or return (a reason). */
export function DecisionForms({ declaration: d, held, constraint, lastResult, pending }: Props) {
  const { t } = useTranslation();
  const accept: DecisionSide = {
    decision: "accept",
    title: t("transport.review.acceptTitle"),
    button: t("transport.review.accept"),
    color: "green.8",
    defaultValue: { amount: formatMoney(d.quote.totalCents).replace(/,/g, "") },
    fields: (fields) => (
      <>
        <FormTextInput
          field={fields.amount!}
          label={t("transport.fields.acceptedAmount")}
          description={t("transport.review.amountHint")}
          inputMode="decimal"
          maxLength={20}
        />
        <FormTextarea field={fields.note!} label={t("transport.fields.acceptNote")} maxLength={300} autosize minRows={2} />
      </>
    ),
  };
  const giveBack: DecisionSide = {
    decision: "return",
    title: t("transport.review.returnTitle"),
    button: t("transport.review.return"),
    color: "orange.9",
    fields: (fields) => <FormTextarea field={fields.reason!} label={t("transport.fields.returnReason")} maxLength={300} autosize minRows={3} withAsterisk />,
  };
  return (
    <DecisionPair
      title={t("transport.review.decisionTitle")}
      hint={t("transport.review.decisionHint")}
      idPrefix="decide"
      record={{ id: d.id, version: d.version }}
      held={held}
      reply={{ constraint, lastResult }}
      pending={pending}
      sides={[accept, giveBack]}
    />
  );
}
