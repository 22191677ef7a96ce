import { Alert } from "@mantine/core";
import { useErrorText } from "~/lib/forms";

/** A form's own errors (not a field's), over the form; `id` is Conform's form.errorId for aria. */
export function FormError({ errors, id, testId }: { errors?: string[] | null; id: string; testId?: string }) {
  const errorText = useErrorText();
  return errors?.length ? (
    <Alert color="red" role="alert" id={id} data-testid={testId}>
      {errorText(errors)}
    </Alert>
  ) : null;
}
