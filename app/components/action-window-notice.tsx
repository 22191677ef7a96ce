import { Alert, Text } from "@mantine/core";
import type { DeadlineAction } from "~/contracts/calendar/values";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { useTranslation } from "~/i18n/texts";
import { useActionWindow } from "~/lib/use-button";

/**
 * Where an action the calendar closes stands (decision 035): its deadline while open, when it opens,
 * or that it closed (the organizer's message when one was written). Answers whether it is open.
 */
export function ActionWindowNotice({ action, testId }: { action: DeadlineAction; testId?: string }) {
  const { t } = useTranslation();
  const actionWindow = useActionWindow(action);
  if (actionWindow.open) {
    return actionWindow.deadline ? (
      <Text size="sm" data-testid={testId}>
        {t("common.actionWindow.until", { deadline: exhibitionDateTime(actionWindow.deadline) })}
      </Text>
    ) : null;
  }
  const text = actionWindow.opensAt
    ? t("common.actionWindow.opens", { opens: exhibitionDateTime(actionWindow.opensAt) })
    : (actionWindow.closedMessage ?? (actionWindow.deadline ? t("common.actionWindow.closed", { deadline: exhibitionDateTime(actionWindow.deadline) }) : null));
  return text ? (
    <Alert color="gray" role="status" data-testid={testId}>
      {text}
    </Alert>
  ) : null;
}
