import type { ComponentProps } from "react";
import { TitledForm } from "./titled-form";

/**
 * A form that adds a record or changes the one being edited: a TitledForm (a plain POST, h2 title,
 * hint, errors) that carries `intent` and, when editing, the record's `id` and the `version` it was
 * read at.
 */
export function RecordFormFrame<Schema extends Record<string, unknown>>({
  intent = "save",
  editing,
  ...props
}: Omit<ComponentProps<typeof TitledForm<Schema>>, "hidden" | "level"> & {
  intent?: string;
  editing: { id: number; version: number } | null | undefined;
}) {
  return <TitledForm {...props} hidden={editing ? { intent, id: editing.id, version: editing.version } : { intent }} />;
}
