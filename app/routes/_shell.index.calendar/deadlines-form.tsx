import { SubmitRow } from "~/components/submit-row";
import { getInputProps } from "@conform-to/react";
import { Paper, Table, Text, TextInput } from "@mantine/core";
import { TitledForm } from "~/components/titled-form";
import type { CalendarItem } from "~/contracts/calendar/api-types";
import type { calendarDeadlinesSchema } from "~/contracts/calendar/schema";
import { exhibitionDateTimeInput } from "~/contracts/common/exhibition-time";
import { useTranslation } from "~/i18n/texts";
import { type FormReply, useErrorText, usePortalForm } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import "~/contracts/calendar/texts";

/** Every checklist item's deadline (date and time, UTC+8), saved together; none after the closing day. */
export function DeadlinesForm({ items, closesOn, constraint, lastResult }: FormReply & { items: CalendarItem[]; closesOn: string }) {
  const { t, language } = useTranslation();
  const errorText = useErrorText();
  const pending = useIsPending();
  const [form, fields] = usePortalForm<typeof calendarDeadlinesSchema>({
    id: "calendar-deadlines",
    constraint,
    lastResult,
    defaultValue: { items: items.map((item) => ({ id: String(item.id), deadline: exhibitionDateTimeInput(item.deadline) })) },
  });
  const rows = fields.items.getFieldList();
  return (
    <Paper withBorder p="md" data-testid="calendar-deadlines">
      <TitledForm
        form={form}
        hidden={{ intent: "deadlines" }}
        title={t("calendar.deadlines.title")}
        hint={<Text size="sm">{t("calendar.deadlines.intro", { day: closesOn })}</Text>}
        errorTestId="calendar-deadlines-error"
      >
        {items.length ? (
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("calendar.deadlines.item")}</Table.Th>
                  <Table.Th>{t("calendar.deadlines.deadline")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => {
                  const item = items[index];
                  const { id, deadline } = row.getFieldset();
                  const title = item ? (language === "en" ? item.titleEn || item.title : item.title) : "";
                  return (
                    <Table.Tr key={row.key ?? index} data-testid="calendar-deadline-row">
                      <Table.Td style={{ overflowWrap: "anywhere" }}>
                        <label htmlFor={deadline.id}>{title}</label>
                      </Table.Td>
                      <Table.Td>
                        <input {...getInputProps(id, { type: "hidden" })} key={id.key} />
                        <TextInput
                          {...getInputProps(deadline, { type: "datetime-local" })}
                          key={deadline.key}
                          aria-label={title}
                          error={errorText(deadline.errors)}
                          w={240}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text c="dimmed">{t("calendar.deadlines.none")}</Text>
        )}
        {items.length ? <SubmitRow pending={pending} label={t("calendar.deadlines.save")} /> : null}
      </TitledForm>
    </Paper>
  );
}
