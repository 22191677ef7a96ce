import { SubmitRow } from "~/components/submit-row";
import { getInputProps } from "@conform-to/react";
import { Group, Paper, Text, TextInput } from "@mantine/core";
import { TitledForm } from "~/components/titled-form";
import type { CalendarDates } from "~/contracts/calendar/api-types";
import type { calendarDatesSchema } from "~/contracts/calendar/schema";
import { useTranslation } from "~/i18n/texts";
import { type FormReply, useErrorText, usePortalForm } from "~/lib/forms";
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
export function DatesForm({ dates, constraint, lastResult }: FormReply & { dates: CalendarDates }) {
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
      <TitledForm form={form} hidden={{ intent: "dates" }} title={t("calendar.dates.title")} errorTestId="calendar-dates-error">
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
        <SubmitRow pending={pending} label={t("calendar.dates.save")} />
      </TitledForm>
    </Paper>
  );
}
