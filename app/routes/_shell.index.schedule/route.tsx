import { SubmitRow } from "~/components/submit-row";
import { shellTitle } from "~/lib/page-title";
import { FormError } from "~/components/form-error";
import { getFormProps } from "@conform-to/react";
import { Alert, Anchor, Button, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { usePortalForm } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/texts";
import { homeEndpoints } from "~/contracts/home/endpoints.server";
import { exhibitionDate } from "~/contracts/common/exhibition-time";
import { ScheduleStatusBadge } from "~/features/home/schedule-status";
import { translate } from "~/contracts/i18n/translate.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { apiFor, handleAuthErrors } from "~/lib/api.server";
import { buttonGrantsFor, requireButton } from "~/lib/buttons.server";
import { useIsPending } from "~/lib/hooks";
import { getShellUser, linkableFor, opensInChinese, requireShellUser } from "~/lib/permissions.server";
import { useButton } from "~/lib/use-button";
import { extensionRequestSchema } from "~/features/home/schedule-schema.server";
import { EXTENSION_REASON_MAX, isScheduleIntent, SCHEDULE_BUTTONS, SCHEDULE_MENU_ID } from "~/contracts/home/schedule-values";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { Toast } from "~/components/toast";
import { ChineseOnlySwitch } from "~/components/language-switch";
import "~/contracts/home/texts";
import { FormSelect, FormTextarea } from "~/components/form-fields";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "home.pages.schedule", public: true } satisfies PageHandle;

/** Public page (docs/product.md § Public pages): signed out it lists the dates; signed in, the API adds what is done. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getShellUser(request, context);
  const api = user?.api ?? (await apiFor(request, context));
  const language = api.language;
  const result = await api.call(homeEndpoints.worksheet);
  const items = (result.ok ? result.data : []).map((item) => ({
    id: item.id,
    title: language === "en" ? item.titleEn || item.title : item.title,
    deadline: exhibitionDate(item.deadline),
    status: item.status,
    link: linkableFor(user, context.pages ?? [], item.link),
    // In English, a page of a Chinese-only area: the item says so and offers the switch (issue 51).
    inChinese: opensInChinese(user, context.pages ?? [], item.link) ? item.link : null,
  }));
  return json({
    title: translate(language, "home.pages.schedule"),
    items,
    error: result.ok ? null : result.message,
    signedIn: Boolean(user),
    buttonGrants: user ? buttonGrantsFor(user, [SCHEDULE_MENU_ID]) : null,
    constraints: formConstraints({ extension: extensionRequestSchema }),
  });
}

/** Where the export button's resource route lives (app/routes/index.schedule.export/route.tsx). */
const EXPORT_HREF = "/index/schedule/export";

/**
 * The schedule's buttons (docs/product.md § Button permissions, menu id 2): e-mail me the schedule (intent=confirm) and
 * request an extension (intent=extension). The button is checked here and again by the API.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireShellUser(request, context, "/index/schedule");
  const formData = await request.formData();
  const intent = formData.get("intent");
  // A typed reason may be sent back; never cache that page.
  const noStore = { "Cache-Control": "no-store" };
  if (!isScheduleIntent(intent) || intent === "export") {
    return json({ intent: "unknown" as const, error: translate(user.language, "home.actions.unknownIntent") }, { status: 400, headers: noStore });
  }
  requireButton(user, SCHEDULE_MENU_ID, SCHEDULE_BUTTONS[intent]);

  if (intent === "confirm") {
    const result = await handleAuthErrors(await user.api.call(homeEndpoints.confirmWorksheet), request, context);
    if (!result.ok) return json({ intent: "confirm" as const, sentTo: null, channel: null, error: result.message }, { status: 400, headers: noStore });
    return json({ intent: "confirm" as const, sentTo: result.data.sentTo, channel: result.data.channel, error: null }, { headers: noStore });
  }

  const submission = parseWithZod(formData, { schema: extensionRequestSchema });
  if (submission.status !== "success") {
    return json({ intent: "extension" as const, result: submission.reply(), sentTo: null, channel: null }, { status: 400, headers: noStore });
  }
  const result = await handleAuthErrors(
    await user.api.call(homeEndpoints.requestExtension, { itemId: submission.value.itemId, reason: submission.value.reason }),
    request,
    context,
  );
  if (!result.ok) {
    const reply = replyToApiFailure(submission, result, ["itemId", "reason"]);
    return json({ intent: "extension" as const, result: reply, sentTo: null, channel: null }, { status: 400, headers: noStore });
  }
  return json(
    { intent: "extension" as const, result: submission.reply({ resetForm: true }), sentTo: result.data.sentTo, channel: result.data.channel },
    { headers: noStore },
  );
}

type ActionData = ReturnType<typeof useActionData<typeof action>>;

/** True while this page's form with the given intent is submitting. */
function useIntentPending(intent: string) {
  const isPending = useIsPending();
  const navigation = useNavigation();
  return isPending && navigation.formData?.get("intent") === intent;
}

function ClosedNotice({ message, testId }: { message: string; testId: string }) {
  return (
    <Alert color="yellow" role="status" data-testid={testId}>
      {message}
    </Alert>
  );
}

function ConfirmButton({ actionData }: { actionData: ActionData }) {
  const { t } = useTranslation();
  const pending = useIntentPending("confirm");
  const reply = actionData?.intent === "confirm" ? actionData : null;
  return (
    <Stack gap="xs">
      <Form method="post" data-testid="schedule-confirm">
        <Stack gap={4}>
          <Group>
            <Button type="submit" name="intent" value="confirm" variant="light" loading={pending}>
              {t("home.actions.confirm")}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t("home.actions.confirmHint")}
          </Text>
        </Stack>
      </Form>
      {reply?.sentTo ? (
        <Toast kind="success" testId="schedule-confirm-success">
          {t(reply.channel === "outbox" ? "home.actions.sentToOutbox" : "home.actions.sentTo", { email: reply.sentTo })}
        </Toast>
      ) : null}
      {reply?.error ? (
        <Toast kind="error" testId="schedule-confirm-error">
          {reply.error}
        </Toast>
      ) : null}
    </Stack>
  );
}

type SelectableItem = { id: number; title: string; deadline: string };

function ExtensionForm({ items, actionData }: { items: SelectableItem[]; actionData: ActionData }) {
  const { t } = useTranslation();
  const pending = useIntentPending("extension");
  const reply = actionData?.intent === "extension" ? actionData : null;
  const { constraints } = useLoaderData<typeof loader>();
  const [form, fields] = usePortalForm<typeof extensionRequestSchema>({
    id: "schedule-extension",
    constraint: constraints.extension,
    lastResult: reply?.result,
  });

  // The live counter needs JavaScript; without it the browser's maxLength still holds.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const initialReason = typeof fields.reason.initialValue === "string" ? fields.reason.initialValue : "";
  const [used, setUsed] = useState(initialReason.length);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fields.reason.key changes when the form is reset (the textarea remounts with it), also when the initial text stays the same; the counter must restart then
  useEffect(() => setUsed(initialReason.length), [fields.reason.key, initialReason]);

  if (!items.length) {
    return (
      <Text c="dimmed" data-testid="schedule-extension-none">
        {t("home.actions.noOpenItems")}
      </Text>
    );
  }
  const options = [
    { value: "", label: t("home.actions.itemPlaceholder") },
    ...items.map((item) => ({ value: String(item.id), label: `${item.deadline} ${item.title}` })),
  ];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t("home.actions.extension")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("home.actions.extensionHint")}
      </Text>
      {reply?.sentTo ? (
        <Toast kind="success" testId="schedule-extension-success">
          {t(reply.channel === "outbox" ? "home.actions.extensionKept" : "home.actions.extensionSent", { email: reply.sentTo })}
        </Toast>
      ) : null}
      <FormError errors={form.errors} id={form.errorId} testId="schedule-extension-error" />
      <Form method="post" {...getFormProps(form)} data-testid="schedule-extension">
        <input type="hidden" name="intent" value="extension" />
        <Stack gap="sm" maw={560}>
          <FormSelect field={fields.itemId} label={t("home.actions.item")} data={options} withAsterisk />
          <FormTextarea
            field={fields.reason}
            label={t("home.actions.reason")}
            maxLength={EXTENSION_REASON_MAX}
            autosize
            minRows={3}
            maxRows={10}
            onInput={(event) => setUsed(event.currentTarget.value.length)}
            withAsterisk
            description={
              hydrated ? (
                <span aria-live="polite" data-testid="schedule-reason-counter">
                  {t("home.actions.reasonCount", { n: used, max: EXTENSION_REASON_MAX })}
                </span>
              ) : null
            }
            inputWrapperOrder={["label", "input", "description", "error"]}
          />
          <SubmitRow pending={pending} label={t("home.actions.submitExtension")} />
        </Stack>
      </Form>
    </Stack>
  );
}

/** The toolbar of signed-in users: each button as its permission says (hidden before it opens). */
function ScheduleActions({ items }: { items: SelectableItem[] }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const exportButton = useButton(SCHEDULE_MENU_ID, SCHEDULE_BUTTONS.export);
  const confirmButton = useButton(SCHEDULE_MENU_ID, SCHEDULE_BUTTONS.confirm);
  const extensionButton = useButton(SCHEDULE_MENU_ID, SCHEDULE_BUTTONS.extension);
  const anything = [exportButton, confirmButton, extensionButton].some((b) => b.visible || b.closedMessage);
  if (!anything && actionData?.intent !== "unknown") return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="schedule-actions-title" data-testid="schedule-actions">
      <Stack gap="md">
        <Title order={2} size="h4" id="schedule-actions-title">
          {t("home.actions.title")}
        </Title>
        {actionData?.intent === "unknown" ? <Toast kind="error">{actionData.error}</Toast> : null}
        {exportButton.visible ? (
          <Stack gap={4}>
            <Group>
              {/* A plain link: the file comes from a resource route, so no client-side navigation. */}
              <Button component="a" href={EXPORT_HREF} download="schedule.csv" variant="light" data-testid="schedule-export">
                {t("home.actions.export")}
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              {t("home.actions.exportHint")}
            </Text>
          </Stack>
        ) : exportButton.closedMessage ? (
          <ClosedNotice message={exportButton.closedMessage} testId="schedule-export-closed" />
        ) : null}
        {confirmButton.visible ? (
          <ConfirmButton actionData={actionData} />
        ) : confirmButton.closedMessage ? (
          <ClosedNotice message={confirmButton.closedMessage} testId="schedule-confirm-closed" />
        ) : null}
        {extensionButton.visible ? (
          <ExtensionForm items={items} actionData={actionData} />
        ) : extensionButton.closedMessage ? (
          <ClosedNotice message={extensionButton.closedMessage} testId="schedule-extension-closed" />
        ) : null}
      </Stack>
    </Paper>
  );
}

export default function SchedulePage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("home.pages.schedule")}
      </Title>
      <Text c="dimmed">{t("home.schedule.intro")}</Text>
      {data.signedIn ? <ScheduleActions items={data.items.filter((item) => item.status !== "done")} /> : null}
      {data.error ? (
        <Alert color="red" role="alert">
          {t("home.schedule.loadFailed", { message: data.error })}
        </Alert>
      ) : data.items.length ? (
        <Stack component="ol" gap="sm" className="home-plain-list" data-testid="schedule-list">
          {data.items.map((item) => (
            <li key={item.id} data-status={item.status}>
              <Card withBorder padding="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={4}>
                    <Text fw={600}>
                      {item.link ? (
                        <Anchor component={Link} to={item.link} prefetch="intent">
                          {item.title}
                        </Anchor>
                      ) : (
                        item.title
                      )}
                    </Text>
                    <Text size="sm" c="dimmed">
                      <time dateTime={item.deadline}>{t("home.schedule.deadlineOn", { date: item.deadline })}</time>
                    </Text>
                    {item.inChinese ? <ChineseOnlySwitch page={item.inChinese} /> : null}
                  </Stack>
                  <ScheduleStatusBadge status={item.status} />
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      ) : (
        <Text c="dimmed" data-testid="schedule-empty">
          {t("home.schedule.empty")}
        </Text>
      )}
    </Stack>
  );
}
