import { getZodConstraint } from "@conform-to/zod/v4";
import type * as z from "zod";
import type { FormConstraint } from "./forms";

/**
 * The server's half of `usePortalForm` (forms.ts): the schemas stay on the server, so zod stays out
 * of the browser. A loader sends each form's native constraints (required, maxlength, min, max,
 * pattern, multiple) as plain data, e.g. `constraints: formConstraints({ feedback: feedbackFormSchema })`;
 * the action checks the post with the same schema (`parseWithZod`, re-exported here so route modules
 * never import @conform-to/zod themselves).
 */
export { parseWithZod } from "@conform-to/zod/v4";

/** A fixed schema's constraints are computed once; a schema built per request (a factory) is not kept. */
const computed = new WeakMap<z.ZodType, FormConstraint>();

function constraintOf(schema: z.ZodType): FormConstraint {
  let constraint = computed.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(schema);
    computed.set(schema, constraint);
  }
  return constraint;
}

/** Each form's constraints, under the name the page gives it. */
export function formConstraints<const Forms extends Record<string, z.ZodType>>(forms: Forms): { [Name in keyof Forms]: FormConstraint } {
  return Object.fromEntries(Object.entries(forms).map(([name, schema]) => [name, constraintOf(schema)])) as { [Name in keyof Forms]: FormConstraint };
}
