import type { SubmissionResult } from "@conform-to/react";
import { Paper, Stack, Text, Title } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { ConfirmAction } from "~/components/confirm-action";
import { ActionError } from "~/components/form-error";
import type { VehiclePageKind } from "~/contracts/vehicles/kinds";
import type { HistoryEntry } from "~/contracts/team/api-types";
import { RowHistoryPanel } from "~/features/team/record-history";
import { useTranslation } from "~/i18n/texts";
import type { FormConstraint } from "~/lib/forms";
import { heldFormFor, type RegisterFormProps } from "./register-form";
import "~/contracts/vehicles/texts";
import { Panel } from "~/components/panel";

type Reply = { form?: "save" | "update"; result?: SubmissionResult<string[]>; error?: string };
type Vehicle = { id: number; version: number; plate: string };

/**
 * The exhibitor's page of one vehicle kind (yellow-plate trucks, blue-plate cars): the list with the
 * delete question of `?delete=`, the History of `?history=`, the correction form of `?edit=`, then the register form. Its texts are
 * the kind's (`vehicles.<texts>.title`, `.intro`, `.listTitle`, `.empty`, `.delete`).
 */
export function VehicleRegisterPage<Row extends Vehicle>({
  kind,
  guide,
  rows,
  rowsTable,
  state,
  deleteQuestion,
  historyTitle,
  constraints,
  reply,
  pending,
  form,
  noRegisterText,
}: {
  kind: VehiclePageKind;
  /** The organizer's guide above the intro, where the kind has one. */
  guide?: ReactNode;
  rows: Row[];
  rowsTable: ReactNode;
  state: { editing: Row | null; deleting: Row | null; held: Record<string, unknown> | null; history: { row: Row; entries: HistoryEntry[] | null } | null };
  deleteQuestion: (row: Row) => string;
  /** What names a row above its History (its plate). */
  historyTitle: (row: Row) => string;
  constraints: { save: FormConstraint; update: FormConstraint };
  reply: Reply | undefined;
  pending: boolean;
  /** The kind's form (a change when `editing` is given); keyed here so that a saved form starts afresh. */
  form: (props: RegisterFormProps<Row>) => ReactNode;
  /** Said instead of the register form when nothing may be registered (no booth). */
  noRegisterText?: string;
}) {
  const { t } = useTranslation();
  const { editing, deleting, held } = state;
  const texts = `vehicles.${kind.texts}`;
  const formFor = (intent: "save" | "update") => ({
    held: heldFormFor(held, intent, editing),
    constraint: constraints[intent],
    lastResult: reply?.form === intent ? reply.result : undefined,
    pending,
  });
  return (
    <Stack gap="lg" maw={1100}>
      <Panel>
        <Title order={1} size="h3">
          {t(`${texts}.title`)}
        </Title>
        {guide}
        <Text size="sm" c="dimmed">
          {t(`${texts}.intro`)}
        </Text>
        <ActionError message={reply?.error} />
        {deleting ? (
          <ConfirmAction
            question={deleteQuestion(deleting)}
            intent="delete"
            fields={{ id: String(deleting.id), version: String(deleting.version) }}
            confirmLabel={t(`${texts}.delete`)}
            cancelTo={kind.pagePath}
            pending={pending}
          />
        ) : null}
        <Title order={2} size="h4">
          {t(`${texts}.listTitle`)}
        </Title>
        {rows.length ? rowsTable : <Text c="dimmed">{t(`${texts}.empty`)}</Text>}
      </Panel>
      {state.history ? (
        <RowHistoryPanel entries={state.history.entries} heading={historyTitle(state.history.row)} closeTo={kind.pagePath} testId={`${kind.testId}-history`} />
      ) : null}
      {editing ? (
        <Paper withBorder p={{ base: "sm", sm: "lg" }}>
          <Fragment key={`edit-${editing.id}-${editing.version}`}>{form({ editing, cancelTo: kind.pagePath, ...formFor("update") })}</Fragment>
        </Paper>
      ) : null}
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        {noRegisterText ? <Text c="dimmed">{noRegisterText}</Text> : <Fragment key={`add-${rows.length}`}>{form(formFor("save"))}</Fragment>}
      </Paper>
    </Stack>
  );
}
