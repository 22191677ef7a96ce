import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";

/** A form's submit button (busy while the post is on its way), with any second action, such as a cancel link, beside it. */
export function SubmitRow({
  pending,
  label,
  testId,
  disabled,
  children,
}: {
  pending: boolean;
  label: ReactNode;
  testId?: string;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <Group>
      <Button type="submit" loading={pending} disabled={disabled} data-testid={testId}>
        {label}
      </Button>
      {children}
    </Group>
  );
}
