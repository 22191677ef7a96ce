import { Anchor } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SubmitRow } from "./submit-row";

/** An add/edit form's save button and, while a record is being edited (`cancelTo` given), the link back to the page's new forms. */
export function SaveOrCancel({
  pending,
  label,
  testId,
  cancelTo,
  cancelLabel,
}: {
  pending: boolean;
  label: ReactNode;
  testId?: string;
  cancelTo?: string;
  cancelLabel: ReactNode;
}) {
  return (
    <SubmitRow pending={pending} label={label} testId={testId}>
      {cancelTo ? (
        <Anchor component={Link} to={cancelTo}>
          {cancelLabel}
        </Anchor>
      ) : null}
    </SubmitRow>
  );
}
