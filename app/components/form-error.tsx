import { Alert } from "@mantine/core";
import { useErrorText } from "~/lib/forms";
import { Toast } from "./toast";

/**
 * A form's own errors (an API answer that belongs to no field), shown as a toast (docs/product.md § Messages and errors);
 * field errors stay beside their fields. `id` is Conform's form.errorId, for the form's aria.
 */
export function FormError({ errors, id, testId }: { errors?: string[] | null; id: string; testId?: string }) {
  const errorText = useErrorText();
  return errors?.length ? (
    <Toast kind="error" id={id} testId={testId}>
      {errorText(errors)}
    </Toast>
  ) : null;
}

/** An action's message that belongs to no form on the page (a list's delete or move refused), already translated by the API. */
export function ActionError({ message }: { message?: string | null }) {
  return message ? (
    <Alert color="red" role="alert" data-testid="action-error">
      {message}
    </Alert>
  ) : null;
}
