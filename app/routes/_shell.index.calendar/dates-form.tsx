import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import type { CalendarDates } from "~/contracts/calendar/api-types";
import type { calendarDatesSchema } from "~/contracts/calendar/schema";
import { useTranslation } from "~/i18n/texts";
import { type FormConstraint, useErrorText, usePortalForm } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import "~/contracts/calendar/texts";

const FIELDS = [
  ["opensOn", "calendar.dates.opensOn"],
  ["endsOn", "calendar.dates.endsOn"],
  ["buildUpFrom", "calendar.dates.buildUpFrom"],
  ["buildUpTo", "calendar.dates.buildUpTo"],
  ["dismantleFrom", "calendar.dates.dismantleFrom"],
  ["dismantleTo", "calendar.dates.dismantleTo"],
  ["advanceUntil", "calendar.dates.advanceUntil"],
] as const;

/** The exhibition's days (YYYY-MM-DD, exhibition days): opening and closing, build-up, dismantling, the last advance-price day. */
export function DatesForm({
  dates,
  constraint,
  lastResult,
}: {
  dates: CalendarDates;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const pending = useIsPending();
  const [form, fields] = usePortalForm<typeof calendarDatesSchema>({
    id: "calendar-dates",
    constraint,
    lastResult,
    defaultValue: { ...dates, advanceUntil: dates.advanceUntil ?? "" },
  });
  return (
    <Paper withBorder p="md" data-testid="calendar-dates">
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("calendar.dates.title")}
          </Title>
          <FormError errors={form.errors} id={form.errorId} testId="calendar-dates-error" />
          <input type="hidden" name="intent" value="dates" />
          <Group gap="md" align="flex-start">
            {FIELDS.map(([name, label]) => (
              <TextInput
                {...getInputProps(fields[name], { type: "date" })}
                key={name}
                label={t(label)}
                error={errorText(fields[name].errors)}
                w={{ base: "100%", xs: 200 }}
              />
            ))}
          </Group>
          <Text size="sm" c="dimmed" data-testid="standard-until">
            {t("calendar.dates.standardUntil", { day: dates.standardUntil })}
          </Text>
          <Group>
            <Button type="submit" loading={pending}>
              {t("calendar.dates.save")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
