import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import type { CalendarButton, ExhibitionCalendar } from "~/contracts/calendar/api-types";
import type { calendarButtonSchema } from "~/contracts/calendar/schema";
import { CLOSED_MESSAGE_MAX, EXHIBITION_DATE_ENDS, type ExhibitionDateEnd } from "~/contracts/calendar/values";
import { exhibitionDateTime, exhibitionDateTimeInput } from "~/contracts/common/exhibition-time";
import { useTranslation } from "~/i18n/texts";
import { type FormConstraint, useErrorText, usePortalForm } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import "~/contracts/calendar/texts";

const END_LABELS: Record<ExhibitionDateEnd, string> = {
  "exhibition-opens": "calendar.buttons.ends.exhibitionOpens",
  "exhibition-closes": "calendar.buttons.ends.exhibitionCloses",
  "build-up-ends": "calendar.buttons.ends.buildUpEnds",
  "advance-prices-end": "calendar.buttons.ends.advancePricesEnd",
};

type Option = { value: string; label: string };
type ButtonReply = { buttonId: number; result: SubmissionResult<string[]> };

/** One button's window (spec point 6): from, closes with (a fixed time or a calendar date), until, and the closed messages. */
function ButtonWindow({
  button,
  options,
  constraint,
  lastResult,
}: {
  button: CalendarButton;
  options: Option[];
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { t, language } = useTranslation();
  const errorText = useErrorText();
  const pending = useIsPending();
  const [form, fields] = usePortalForm<typeof calendarButtonSchema>({
    id: `calendar-button-${button.id}`,
    constraint,
    lastResult,
    defaultValue: {
      buttonId: String(button.id),
      effectStart: exhibitionDateTimeInput(button.effectStart),
      closesWith: button.closesWith ?? "",
      effectEnd: exhibitionDateTimeInput(button.effectEnd),
      closedMessage: button.closedMessage ?? "",
      closedMessageEn: button.closedMessageEn ?? "",
    },
  });
  const name = language === "en" ? button.nameEn || button.name : button.name;
  const page = language === "en" ? button.menuNameEn || button.menuName : button.menuName;
  // A calendar end this build does not offer (set elsewhere) stays choosable, so saving keeps it.
  const choices =
    button.closesWith && !options.some((o) => o.value === button.closesWith) ? [...options, { value: button.closesWith, label: button.closesWith }] : options;
  return (
    <Paper withBorder p="sm" data-testid="calendar-button" data-button-id={button.id}>
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {name} <Text span size="sm" c="dimmed">{`· ${t("calendar.buttons.page")}: ${page}`}</Text>
          </Title>
          <FormError errors={form.errors} id={form.errorId} testId="calendar-button-error" />
          <input type="hidden" name="intent" value="button" />
          <input {...getInputProps(fields.buttonId, { type: "hidden" })} key={fields.buttonId.key} />
          <Group gap="md" align="flex-start">
            <TextInput
              {...getInputProps(fields.effectStart, { type: "datetime-local" })}
              key={fields.effectStart.key}
              label={t("calendar.buttons.start")}
              error={errorText(fields.effectStart.errors)}
              w={{ base: "100%", xs: 230 }}
            />
            <NativeSelect
              {...getSelectProps(fields.closesWith)}
              key={fields.closesWith.key}
              label={t("calendar.buttons.closesWith")}
              data={choices}
              error={errorText(fields.closesWith.errors)}
              w={{ base: "100%", xs: 260 }}
            />
            <TextInput
              {...getInputProps(fields.effectEnd, { type: "datetime-local" })}
              key={fields.effectEnd.key}
              label={t("calendar.buttons.end")}
              error={errorText(fields.effectEnd.errors)}
              w={{ base: "100%", xs: 230 }}
            />
          </Group>
          <Text size="sm" data-testid="calendar-button-end">
            {button.resolvedEnd ? t("calendar.buttons.resolvedEnd", { end: exhibitionDateTime(button.resolvedEnd) }) : t("calendar.buttons.noEnd")}
          </Text>
          <Group gap="md" align="flex-start">
            <TextInput
              {...getInputProps(fields.closedMessage, { type: "text" })}
              key={fields.closedMessage.key}
              label={t("calendar.buttons.closedMessage")}
              maxLength={CLOSED_MESSAGE_MAX}
              error={errorText(fields.closedMessage.errors)}
              w={{ base: "100%", xs: 360 }}
            />
            <TextInput
              {...getInputProps(fields.closedMessageEn, { type: "text" })}
              key={fields.closedMessageEn.key}
              label={t("calendar.buttons.closedMessageEn")}
              maxLength={CLOSED_MESSAGE_MAX}
              error={errorText(fields.closedMessageEn.errors)}
              w={{ base: "100%", xs: 360 }}
            />
          </Group>
          <Group>
            <Button type="submit" variant="light" loading={pending}>
              {t("calendar.buttons.save")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

/** Every button's window, each its own small form. */
export function ButtonWindows({ calendar, constraint, reply }: { calendar: ExhibitionCalendar; constraint: FormConstraint; reply: ButtonReply | null }) {
  const { t, language } = useTranslation();
  const seen = new Set<string>();
  const itemEnds: Option[] = [];
  for (const item of calendar.items) {
    if (!item.doneCheck || seen.has(item.doneCheck)) continue;
    seen.add(item.doneCheck);
    itemEnds.push({ value: item.doneCheck, label: t("calendar.buttons.itemEnd", { item: language === "en" ? item.titleEn || item.title : item.title }) });
  }
  const options: Option[] = [
    { value: "", label: t("calendar.buttons.fixed") },
    ...EXHIBITION_DATE_ENDS.map((key) => ({ value: key, label: t(END_LABELS[key]) })),
    ...itemEnds,
  ];
  return (
    <Stack gap="sm" data-testid="calendar-buttons">
      <Title order={2} size="h4">
        {t("calendar.buttons.title")}
      </Title>
      <Text size="sm">{t("calendar.buttons.intro")}</Text>
      {calendar.buttons.length ? (
        calendar.buttons.map((button) => (
          <ButtonWindow
            key={[
              button.id,
              button.effectStart,
              button.effectEnd,
              button.closesWith,
              button.closedMessage,
              button.closedMessageEn,
              reply?.buttonId === button.id,
            ].join()}
            button={button}
            options={options}
            constraint={constraint}
            lastResult={reply?.buttonId === button.id ? reply.result : null}
          />
        ))
      ) : (
        <Text c="dimmed">{t("calendar.buttons.none")}</Text>
      )}
    </Stack>
  );
}
