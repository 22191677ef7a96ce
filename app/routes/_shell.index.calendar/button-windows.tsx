import { SubmitRow } from "~/components/submit-row";
import { getInputProps } from "@conform-to/react";
import { Paper, Stack, Table, Text, TextInput } from "@mantine/core";
import { TitledForm } from "~/components/titled-form";
import type { CalendarButton, ExhibitionCalendar } from "~/contracts/calendar/api-types";
import type { calendarButtonsSchema } from "~/contracts/calendar/schema";
import { CLOSED_MESSAGE_MAX, EXHIBITION_DATE_ENDS, buttonWindowShown, type ExhibitionDateEnd } from "~/contracts/calendar/values";
import { exhibitionDateTime, exhibitionDateTimeInput } from "~/contracts/common/exhibition-time";
import { useTranslation } from "~/i18n/texts";
import { type FormReply, useErrorText, usePortalForm } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import "~/contracts/calendar/texts";
import { FormSelect, FormTextInput } from "~/components/form-fields";

const END_LABELS: Record<ExhibitionDateEnd, string> = {
  "exhibition-opens": "calendar.buttons.ends.exhibitionOpens",
  "exhibition-closes": "calendar.buttons.ends.exhibitionCloses",
  "build-up-ends": "calendar.buttons.ends.buildUpEnds",
  "advance-prices-end": "calendar.buttons.ends.advancePricesEnd",
};

type Option = { value: string; label: string };

/** The choices of "closes with": a fixed time, the exhibition's dates, and the checklist's deadlines. */
function useEndOptions(calendar: ExhibitionCalendar): Option[] {
  const { t, language } = useTranslation();
  const seen = new Set<string>();
  const itemEnds: Option[] = [];
  for (const item of calendar.items) {
    if (!item.doneCheck || seen.has(item.doneCheck)) continue;
    seen.add(item.doneCheck);
    itemEnds.push({ value: item.doneCheck, label: t("calendar.buttons.itemEnd", { item: language === "en" ? item.titleEn || item.title : item.title }) });
  }
  return [{ value: "", label: t("calendar.buttons.fixed") }, ...EXHIBITION_DATE_ENDS.map((key) => ({ value: key, label: t(END_LABELS[key]) })), ...itemEnds];
}

function windowValues(button: CalendarButton) {
  const values = {
    effectStart: exhibitionDateTimeInput(button.effectStart),
    closesWith: button.closesWith ?? "",
    effectEnd: exhibitionDateTimeInput(button.effectEnd),
    closedMessage: button.closedMessage ?? "",
    closedMessageEn: button.closedMessageEn ?? "",
  };
  return { buttonId: String(button.id), ...values, shown: buttonWindowShown(values) };
}

/**
 * Every button's window (spec point 6) as one table and one save (issue 51: nine forms of their own
 * made the page 4,000 px long): per row its start, what it closes with (a fixed time or a calendar
 * date), the fixed end, when that resolves to, and the closed messages. A refusal comes back beside
 * its row's field with everything typed kept.
 */
export function ButtonWindows({ calendar, constraint, lastResult }: FormReply & { calendar: ExhibitionCalendar }) {
  const { t, language } = useTranslation();
  const errorText = useErrorText();
  const pending = useIsPending();
  const options = useEndOptions(calendar);
  const [form, fields] = usePortalForm<typeof calendarButtonsSchema>({
    id: "calendar-buttons",
    constraint,
    lastResult,
    defaultValue: { buttons: calendar.buttons.map(windowValues) },
  });
  const rows = fields.buttons.getFieldList();
  return (
    <Paper withBorder p="md" data-testid="calendar-buttons">
      <TitledForm
        form={form}
        hidden={{ intent: "buttons" }}
        title={t("calendar.buttons.title")}
        hint={<Text size="sm">{t("calendar.buttons.intro")}</Text>}
        errorTestId="calendar-buttons-error"
      >
        {calendar.buttons.length ? (
          <Table.ScrollContainer minWidth={940}>
            <Table striped withTableBorder verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("calendar.buttons.button")}</Table.Th>
                  <Table.Th>{t("calendar.buttons.start")}</Table.Th>
                  <Table.Th>{t("calendar.buttons.closesWith")}</Table.Th>
                  <Table.Th>{t("calendar.buttons.end")}</Table.Th>
                  <Table.Th>{t("calendar.buttons.closedMessages")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => {
                  const button = calendar.buttons[index];
                  if (!button) return null;
                  const { buttonId, shown, effectStart, closesWith, effectEnd, closedMessage, closedMessageEn } = row.getFieldset();
                  const name = language === "en" ? button.nameEn || button.name : button.name;
                  const page = language === "en" ? button.menuNameEn || button.menuName : button.menuName;
                  // A calendar end this build does not offer (set elsewhere) stays choosable, so saving keeps it.
                  const choices =
                    button.closesWith && !options.some((o) => o.value === button.closesWith)
                      ? [...options, { value: button.closesWith, label: button.closesWith }]
                      : options;
                  const label = (column: string) => `${name}: ${t(column)}`;
                  return (
                    <Table.Tr key={row.key ?? index} data-testid="calendar-button" data-button-id={button.id} style={{ verticalAlign: "top" }}>
                      <Table.Td style={{ overflowWrap: "anywhere", minWidth: 140 }}>
                        <input {...getInputProps(buttonId, { type: "hidden" })} key={buttonId.key} />
                        <input {...getInputProps(shown, { type: "hidden" })} key={shown.key} />
                        <Text size="sm" fw={500}>
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed">{`${t("calendar.buttons.page")}: ${page}`}</Text>
                        <Text size="xs" data-testid="calendar-button-end">
                          {button.resolvedEnd
                            ? t("calendar.buttons.resolvedEnd", { end: exhibitionDateTime(button.resolvedEnd) })
                            : t("calendar.buttons.noEnd")}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          {...getInputProps(effectStart, { type: "datetime-local" })}
                          key={effectStart.key}
                          aria-label={label("calendar.buttons.start")}
                          error={errorText(effectStart.errors)}
                          size="xs"
                          w={175}
                        />
                      </Table.Td>
                      <Table.Td>
                        <FormSelect field={closesWith} aria-label={label("calendar.buttons.closesWith")} data={choices} size="xs" w={160} />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          {...getInputProps(effectEnd, { type: "datetime-local" })}
                          key={effectEnd.key}
                          aria-label={label("calendar.buttons.end")}
                          error={errorText(effectEnd.errors)}
                          size="xs"
                          w={175}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={4} miw={170}>
                          <FormTextInput
                            field={closedMessage}
                            aria-label={label("calendar.buttons.closedMessage")}
                            placeholder={t("calendar.buttons.closedMessage")}
                            maxLength={CLOSED_MESSAGE_MAX}
                            size="xs"
                          />
                          <FormTextInput
                            field={closedMessageEn}
                            aria-label={label("calendar.buttons.closedMessageEn")}
                            placeholder={t("calendar.buttons.closedMessageEn")}
                            maxLength={CLOSED_MESSAGE_MAX}
                            size="xs"
                          />
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text c="dimmed">{t("calendar.buttons.none")}</Text>
        )}
        {calendar.buttons.length ? <SubmitRow pending={pending} label={t("calendar.buttons.save")} /> : null}
      </TitledForm>
    </Paper>
  );
}
