import type { FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";
import { SaveFormFrame } from "./save-form-frame";
import { SaveOrCancel } from "./save-or-cancel";

/**
 * What one of a page's add/edit forms is: its test id, its intent, its title when it adds and when it
 * edits, and its Save button (text keys, translated here), with Cancel back to `cancelTo` on an edit.
 */
export type EditFormKind = {
  testId: string;
  intent: string;
  newTitle: string;
  editTitle: string;
  save: string;
  saveTestId?: string;
  cancelTo: string;
  cancel?: string;
  /** It sends a file. */
  multipart?: boolean;
};

/** A SaveFormFrame that adds a record, or saves `editing`: the title follows, and Save (with Cancel on an edit) closes it. */
export function EditFormFrame<Schema extends Record<string, unknown>>({
  kind,
  form,
  editing,
  pending,
  hint,
  children,
}: {
  kind: EditFormKind;
  form: FormMetadata<Schema, string[]>;
  editing: { id: number } | null;
  pending: boolean;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SaveFormFrame
      form={form}
      testId={kind.testId}
      intent={kind.intent}
      editingId={editing?.id}
      title={t(editing ? kind.editTitle : kind.newTitle)}
      hint={hint}
      multipart={kind.multipart}
    >
      {children}
      <SaveOrCancel
        pending={pending}
        testId={kind.saveTestId}
        label={t(kind.save)}
        cancelTo={editing ? kind.cancelTo : undefined}
        cancelLabel={t(kind.cancel ?? "common.cancel")}
      />
    </SaveFormFrame>
  );
}
