import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { Alert, Button, TextInput } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { VehiclePageKind } from "~/contracts/vehicles/kinds";
import { useTranslation } from "~/i18n/texts";
import type * as z from "zod";
import { useErrorText, usePortalForm, type PageFormProps } from "~/lib/forms";
import "~/contracts/vehicles/texts";
import { FormTextInput } from "~/components/form-fields";
import { RecordFormFrame } from "~/components/record-form-frame";
import { SubmitRow } from "~/components/submit-row";

type Editing = { id: number; version: number; plate: string };

/** What a kind's register form gets from its page: the change of `editing`, or a new registration without it. */
export type RegisterFormProps<Row extends Editing> = PageFormProps & {
  editing?: Row;
  cancelTo?: string;
};

/**
 * A kind's register form: its id (`<testId>-add`, `<testId>-edit-<id>`), the values held over a sign-in
 * or else `defaults`, and when changing the registered plate, posted as it is.
 */
export function useRegisterForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  kind: VehiclePageKind,
  { editing, held, constraint, lastResult }: RegisterFormProps<Editing>,
  defaults: Record<string, unknown>,
) {
  return usePortalForm<Schema>({
    id: editing ? `${kind.testId}-edit-${editing.id}` : `${kind.testId}-add`,
    constraint,
    lastResult,
    defaultValue: { ...defaults, ...(held ?? {}), ...(editing ? { plate: editing.plate } : {}) },
  });
}

/**
 * The frame of a vehicle's registration (intent `save`) or its change (intent `update`, with id and
 * version) on the exhibitor's page: a multipart post of plain controls, so it works without
 * JavaScript. The kind's own fields go inside; the plate is the registration and never changes.
 */
export function RegisterFormFrame<Schema extends Record<string, unknown>>({
  kind,
  form,
  editing,
  pending,
  cancelTo,
  children,
}: {
  kind: VehiclePageKind;
  form: FormMetadata<Schema, string[]>;
  editing: Editing | undefined;
  pending: boolean;
  cancelTo: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const texts = `vehicles.${kind.texts}`;
  return (
    <RecordFormFrame
      form={form}
      testId={editing ? `${kind.testId}-edit-form` : `${kind.testId}-form`}
      intent={editing ? "update" : "save"}
      multipart
      preventScrollReset
      editing={editing}
      title={editing ? t(`${texts}.editTitle`, { plate: editing.plate }) : t(`${texts}.formTitle`)}
      hint={
        editing ? (
          <Alert color="yellow" data-testid="plate-locked-hint">
            {t(`${texts}.plateLockedHint`)}
          </Alert>
        ) : null
      }
    >
      {children}
      <SubmitRow
        pending={pending}
        testId={editing ? `${kind.testId}-save-changes` : `${kind.testId}-add`}
        label={t(editing ? `${texts}.saveChanges` : `${texts}.add`)}
      >
        {cancelTo ? (
          <Button component={Link} to={cancelTo} variant="default" preventScrollReset>
            {t(`${texts}.cancel`)}
          </Button>
        ) : null}
      </SubmitRow>
    </RecordFormFrame>
  );
}

/** The plate: typed when registering; when changing, the registered one read only, posted as it is (the API refuses any other). */
export function PlateField<Schema extends Record<string, unknown>>({
  kind,
  field,
  editing,
}: {
  kind: VehiclePageKind;
  field: FieldMetadata<unknown, Schema, string[]>;
  editing: Editing | undefined;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const label = t(`vehicles.${kind.fieldTexts}.plate`);
  return editing ? (
    <TextInput name="plate" value={editing.plate} readOnly label={label} data-testid="plate-readonly" error={errorText(field.errors)} />
  ) : (
    <FormTextInput field={field} label={label} description={t(`vehicles.${kind.texts}.plateHint`)} maxLength={12} withAsterisk />
  );
}

/** A form held for a session that ended mid-form goes back to the form it came from: the registration, or the change of that vehicle. */
export function heldFormFor(held: Record<string, unknown> | null, intent: "save" | "update", editing: { id: number } | null | undefined) {
  return held && held.intent === intent && (intent === "save" || String(held.id) === String(editing?.id)) ? held : null;
}
