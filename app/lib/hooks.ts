import { useFormAction, useNavigation } from "@remix-run/react";

/** True while this route's form (or the given action) is submitting; for disabling buttons. */
export function useIsPending({ formAction, formMethod = "POST" }: { formAction?: string; formMethod?: "POST" | "GET" } = {}) {
  const contextualFormAction = useFormAction();
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formAction === (formAction ?? contextualFormAction) && navigation.formMethod === formMethod;
}
