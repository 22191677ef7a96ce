import { DecisionPair, type DecisionSide } from "~/components/review/decision-pair";
import type { TaiwanReviewDetail } from "~/contracts/vehicles/taiwan/types";
import { useTranslation } from "~/i18n/texts";
import type { PageFormProps } from "~/lib/forms";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/taiwan/texts";
import { FormTextarea } from "~/components/form-fields";

export const DECISION_FIELDS = ["id", "version", "decision", "comment"] as const;

type Props = PageFormProps & {
  filing: TaiwanReviewDetail;
};

/** The customs agent's decision: accept (comments optional) or return (comments required). */
export function DecisionForms({ filing, held, constraint, lastResult, pending }: Props) {
  const { t } = useTranslation();
  const side = (decision: "accept" | "return"): DecisionSide => ({
    decision,
    title: t(decision === "accept" ? "vehicles.taiwan.review.acceptTitle" : "vehicles.taiwan.review.returnTitle"),
    button: t(decision === "accept" ? "vehicles.taiwan.review.accept" : "vehicles.taiwan.review.return"),
    color: decision === "accept" ? "green.8" : "orange.9",
    buttonTestId: `tw-${decision}`,
    fields: (fields) => (
      <FormTextarea
        field={fields.comment!}
        label={t(decision === "accept" ? "vehicles.taiwan.review.commentOptional" : "vehicles.fields.comment")}
        maxLength={500}
        autosize
        minRows={decision === "accept" ? 2 : 3}
        withAsterisk={decision === "return"}
      />
    ),
  });
  return (
    <DecisionPair
      title={t("vehicles.taiwan.review.decisionTitle")}
      idPrefix="tw-decide"
      record={{ id: filing.id, version: filing.version }}
      held={held}
      reply={{ constraint, lastResult }}
      pending={pending}
      sides={[side("accept"), side("return")]}
    />
  );
}
