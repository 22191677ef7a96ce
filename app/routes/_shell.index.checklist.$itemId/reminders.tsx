import { CommonPager } from "~/components/common-pager";
import { ListTable } from "~/components/list-table";
import { SubmitRow } from "~/components/submit-row";
import { Alert, Button, Checkbox, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { ReminderLogPage, ReminderSettings } from "~/contracts/reminders/api-types";
import { ConfirmAction } from "~/components/confirm-action";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/reminders/texts";

/** The drill-down page's reminders (decision 034): "send now" with its confirmation, the item's log, and the exhibition's settings. */

export type RemindersReply = { ask?: true; settingsError?: string; daysBefore?: string; overdue?: boolean };

export function SendReminder({
  item,
  notDone,
  reply,
  pending,
}: {
  item: { id: number; title: string };
  notDone: number;
  reply?: RemindersReply;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="send-reminder">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("reminders.sendNow.title")}
        </Title>
        {!notDone ? (
          <Text c="dimmed">{t("reminders.sendNow.nobody")}</Text>
        ) : reply?.ask ? (
          <ConfirmAction
            question={t("reminders.sendNow.question", { count: notDone, item: item.title })}
            intent="remind"
            fields={{ itemId: String(item.id) }}
            confirmLabel={t("reminders.sendNow.confirm")}
            cancelTo={`/index/checklist/${item.id}`}
            pending={pending}
            color="blue"
            testId="confirm-reminder"
          />
        ) : (
          <Form method="post">
            <Text size="sm" mb="xs">
              {t("reminders.sendNow.intro")}
            </Text>
            <input type="hidden" name="intent" value="remind-ask" />
            <Button type="submit">{t("reminders.sendNow.button")}</Button>
          </Form>
        )}
      </Stack>
    </Paper>
  );
}

function kindLabel(t: ReturnType<typeof useTranslation>["t"], kind: string) {
  if (kind.startsWith("before:")) return t("reminders.log.kinds.before", { days: kind.slice("before:".length) });
  if (kind === "overdue") return t("reminders.log.kinds.overdue");
  return t("reminders.log.kinds.manual");
}

export function ReminderLog({ log, page, pageSize, link }: { log: ReminderLogPage; page: number; pageSize: number; link: (page: number) => string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t("reminders.log.title")}
      </Title>
      {log.rows.length ? (
        <ListTable
          minWidth={640}
          testId="reminder-log"
          heads={["reminders.log.exhibitor", "reminders.log.kind", "reminders.log.channel", "reminders.log.status", "reminders.log.time"]}
        >
          {log.rows.map((row) => (
            <Table.Tr key={row.id} data-testid="reminder-log-row">
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                {row.username} {row.companyName !== row.username ? row.companyName : ""}
              </Table.Td>
              <Table.Td>{kindLabel(t, row.kind)}</Table.Td>
              <Table.Td>
                {[row.email ? t("reminders.log.channels.email") : "", row.sms ? t("reminders.log.channels.sms") : ""].filter(Boolean).join(" + ") ||
                  t("reminders.log.channels.none")}
              </Table.Td>
              <Table.Td>{t(`reminders.log.statuses.${row.status}`)}</Table.Td>
              <Table.Td>{exhibitionDateTime(row.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      ) : (
        <Text c="dimmed">{t("reminders.log.empty")}</Text>
      )}
      <CommonPager page={page} pageSize={pageSize} total={log.total} link={link} />
    </Stack>
  );
}

export function ReminderSettingsForm({ settings, reply, pending }: { settings: ReminderSettings; reply?: RemindersReply; pending: boolean }) {
  const { t } = useTranslation();
  const days = reply?.daysBefore ?? settings.daysBefore.join(", ");
  const overdue = reply?.overdue ?? settings.overdue;
  return (
    <Paper withBorder p="md" data-testid="reminder-settings">
      <Form method="post">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("reminders.settings.title")}
          </Title>
          <Text size="sm">{t("reminders.settings.intro")}</Text>
          <input type="hidden" name="intent" value="settings" />
          {reply?.settingsError ? (
            <Alert color="red" role="alert" data-testid="settings-error">
              {reply.settingsError}
            </Alert>
          ) : null}
          <TextInput
            name="daysBefore"
            label={t("reminders.settings.daysBefore")}
            description={t("reminders.settings.daysHint")}
            defaultValue={days}
            maw={360}
            error={reply?.settingsError ? true : undefined}
          />
          <Checkbox name="overdue" value="1" label={t("reminders.settings.overdue")} defaultChecked={overdue} />
          <SubmitRow pending={pending} label={t("reminders.settings.save")} />
        </Stack>
      </Form>
    </Paper>
  );
}
