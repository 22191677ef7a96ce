import { useErrorText } from "~/lib/forms";
import { FileUpload } from "./file-upload";
import { uploadedRefs, uploadFieldNames } from "./upload-fields";

type Field = { key?: string; name: string; initialValue?: unknown; errors?: string[] };

/**
 * A FileUpload wired to a Conform field: the field's name, its files (the saved URLs, or those
 * returned with a refused submit, with their file names) and its error. `formValues` is the
 * form's `initialValue`, which holds the returned file names (<name>__name).
 */
export function FieldFileUpload({
  field,
  formValues,
  ...props
}: { field: Field; formValues?: Record<string, unknown> } & Omit<Parameters<typeof FileUpload>[0], "name" | "files" | "error">) {
  const errorText = useErrorText();
  return (
    <FileUpload
      // A new key (Conform's reset) starts the list afresh.
      key={field.key}
      name={field.name}
      files={uploadedRefs(field.initialValue, formValues?.[uploadFieldNames(field.name).name])}
      error={errorText(field.errors)}
      {...props}
    />
  );
}
