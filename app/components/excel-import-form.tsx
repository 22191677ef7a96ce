import { Button, Group, Input, Stack } from "@mantine/core";
import { Form } from "@remix-run/react";

const XLSX = ".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The form that sends an Excel file (badges, epidemic staff, exhibitor accounts): a plain multipart
 * POST to `action` with a native file input, so it posts the file with or without JavaScript.
 */
export function ExcelImportForm({
  action,
  fileField,
  inputId,
  label,
  hint,
  submitLabel,
  pending,
}: {
  action: string;
  fileField: string;
  inputId: string;
  label: string;
  hint: string;
  submitLabel: string;
  pending: boolean;
}) {
  return (
    <Form method="post" action={action} encType="multipart/form-data" data-testid="import-form">
      <Stack gap="xs">
        <Input.Wrapper label={label} description={hint} id={inputId}>
          <input
            id={inputId}
            type="file"
            name={fileField}
            required
            accept={XLSX}
            style={{ display: "block", marginTop: 4, maxWidth: "100%" }}
            data-testid="import-file"
          />
        </Input.Wrapper>
        <Group>
          <Button type="submit" variant="light" loading={pending} data-testid="import-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
