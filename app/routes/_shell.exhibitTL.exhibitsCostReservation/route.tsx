import { buttonGrantsFor } from "~/lib/buttons.server";
import { type BookingReply, NO_STORE, saveBooking } from "../_shell.exhibitTL.smallExhibitsExpress/save-booking.server";
import { loadPageHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";
import { PageHeading } from "~/components/page-heading";
import { ListTable } from "~/components/list-table";
import { shellTitle } from "~/lib/page-title";
import { ActionError } from "~/components/form-error";
import { Alert, Anchor, Badge as Tag, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { transportEndpoints } from "~/contracts/transport/endpoints.server";
import { rawFields } from "~/features/transport/forms.server";
import { LiftingRow } from "~/features/transport/lifting-parts";
import { ConfirmAction } from "~/components/confirm-action";

import { liftingSchema } from "~/features/transport/schema.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { formConstraints } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { LIFTING_FIELDS, LiftingForm } from "./lifting-form";
import "~/contracts/transport/texts";
import { ActionWindowNotice } from "~/components/action-window-notice";
import { DEADLINE_ACTIONS } from "~/contracts/calendar/values";
import { useActionWindow } from "~/lib/use-button";
import { formatCny } from "~/contracts/common/format";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "transport.lifting.title" } satisfies PageHandle;

const PATH = "/exhibitTL/exhibitsCostReservation";

/**
 * The exhibitor's hoisting and forklift bookings with their fees. 'Send to carrier' e-mails the list
 * and locks it (docs/product.md § Records that lock): afterwards the server refuses adding and deleting. `?delete=` and
 * `?confirm=send` ask first.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const { api, language, info } = user;
  const list = await requireOk(await api.call(transportEndpoints.liftingList), request, context);
  const url = new URL(request.url);
  const held = await heldFormValues(request, context, formHolderOf(info), LIFTING_FIELDS, "save");
  const deleting = list.locked ? null : (list.bookings.find((b) => String(b.id) === url.searchParams.get("delete")) ?? null);
  const unsent = list.bookings.filter((b) => !b.sentAt).length;
  return json(
    {
      pageHistory: await loadPageHistory(api, [transportEndpoints.liftingSave, transportEndpoints.liftingRemove, transportEndpoints.liftingSend]),
      title: translate(language, "transport.lifting.title"),
      buttonGrants: buttonGrantsFor(user, [DEADLINE_ACTIONS.lifting.menuId]),
      list,
      held: held.values,
      deleting,
      unsent,
      confirmSend: url.searchParams.get("confirm") === "send" && unsent > 0,
      constraints: formConstraints({ lifting: liftingSchema }),
    },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const intent = formData.get("intent");
  if (intent === "delete" || intent === "send") {
    const result = await handleAuthErrors(
      intent === "delete" ? await api.call(transportEndpoints.liftingRemove, rawFields(formData, ["id"])) : await api.call(transportEndpoints.liftingSend),
      request,
      context,
    );
    if (!result.ok) return json({ error: result.message } satisfies BookingReply, { status: 409, headers: NO_STORE });
    return redirectWithToast(PATH, context, { kind: "success", key: intent === "delete" ? "transport.lifting.deleted" : "transport.lifting.sent" });
  }
  return saveBooking(
    formData,
    { request, context },
    {
      schema: liftingSchema,
      fields: LIFTING_FIELDS,
      save: (fields) => api.call(transportEndpoints.liftingSave, fields),
      path: PATH,
      saved: "transport.lifting.saved",
    },
  );
}

export default function LiftingPage() {
  const { t } = useTranslation();
  const { list, held, deleting, unsent, confirmSend, constraints, pageHistory } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as BookingReply | undefined;
  const pending = useIsPending();
  // Booking and sending close with the calendar (decision 035); the bookings stay readable.
  const booking = useActionWindow(DEADLINE_ACTIONS.lifting);
  return (
    <Stack gap="lg" maw={1100}>
      <Panel>
        <PageHeading title={t("transport.lifting.title")} intro={t("transport.lifting.intro")} />
        <ActionError message={actionData?.error} />
        <ActionWindowNotice action={DEADLINE_ACTIONS.lifting} testId="lifting-window" />
        {list.locked ? (
          <Alert color="blue" data-testid="lifting-locked">
            {t("transport.lifting.lockedNote")}{" "}
            <Anchor component={Link} to="/exhibitTL/carriage">
              {t("transport.lifting.contactLogLink")}
            </Anchor>
          </Alert>
        ) : null}
        {deleting ? (
          <ConfirmAction
            question={t("transport.lifting.deleteQuestion", { day: deleting.workDay, slot: deleting.slot })}
            intent="delete"
            fields={{ id: String(deleting.id) }}
            confirmLabel={t("transport.page.delete")}
            cancelTo={PATH}
            pending={pending}
          />
        ) : null}
        {list.bookings.length ? (
          <ListTable
            minWidth={860}
            testId="lifting-list"
            heads={[<LiftingRow.Head key="h0" />, "transport.fields.status", list.locked ? null : <Table.Th key="h2" />]}
          >
            {list.bookings.map((b) => (
              <Table.Tr key={b.id} data-testid={`lifting-${b.id}`}>
                <LiftingRow.Cells booking={b} />
                <Table.Td>
                  <Tag variant="light" color={b.status === "confirmed" ? "green" : b.sentAt ? "blue" : "gray"}>
                    {b.sentAt ? t(`transport.liftingStatuses.${b.status}`) : t("transport.lifting.notSent")}
                  </Tag>
                  <Text size="xs" c="dimmed">
                    {b.carrierName}
                  </Text>
                </Table.Td>
                {list.locked ? null : (
                  <Table.Td>
                    <Anchor component={Link} to={`${PATH}?delete=${b.id}`} c="red.9" size="sm" preventScrollReset>
                      {t("transport.page.delete")}
                    </Anchor>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </ListTable>
        ) : (
          <Text c="dimmed">{t("transport.lifting.empty")}</Text>
        )}
        <Group justify="space-between" wrap="wrap">
          <Text fw={600} data-testid="lifting-total">
            {t("transport.lifting.total", { amount: formatCny(list.totalFeeCents) })}
          </Text>
          {unsent && !confirmSend && booking.open ? (
            <Button component={Link} to={`${PATH}?confirm=send`} preventScrollReset data-testid="lifting-send">
              {t("transport.lifting.send", { count: unsent })}
            </Button>
          ) : null}
        </Group>
        {confirmSend ? (
          <ConfirmAction
            question={t("transport.lifting.sendQuestion", { count: unsent })}
            intent="send"
            fields={{}}
            confirmLabel={t("transport.lifting.sendConfirm")}
            cancelTo={PATH}
            pending={pending}
            color="blue"
          />
        ) : null}
      </Panel>
      {list.locked || !booking.open ? null : (
        <Paper withBorder p={{ base: "sm", sm: "lg" }}>
          <LiftingForm
            key={`lifting-${list.bookings.length}`}
            list={list}
            held={held}
            constraint={constraints.lifting}
            lastResult={actionData?.result}
            pending={pending}
          />
        </Paper>
      )}
      <Panel title={t("transport.lifting.feesTitle")} gap="sm">
        <Table withTableBorder data-testid="lifting-fees">
          <Table.Tbody>
            {list.classes.map((c) => (
              <Table.Tr key={`${c.kind}-${c.maxWeightT}`}>
                <Table.Td>{t(`transport.liftingKinds.${c.kind}`)}</Table.Td>
                <Table.Td>{t("transport.lifting.upTo", { weight: c.maxWeightT })}</Table.Td>
                <Table.Td style={{ textAlign: "right" }}>{t("transport.lifting.perPiece", { amount: formatCny(c.feeCents) })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {list.sends.length ? (
          <>
            <Title order={3} size="h5">
              {t("transport.lifting.sendsTitle")}
            </Title>
            {list.sends.map((s) => (
              <Text key={s.id} size="sm" data-testid="lifting-sent">
                {t("transport.lifting.sentLine", {
                  at: exhibitionDateTime(s.sentAt),
                  carrier: s.carrierName,
                  to: s.sentTo,
                  count: s.count,
                  amount: formatCny(s.totalFeeCents),
                })}
              </Text>
            ))}
          </>
        ) : null}
      </Panel>
      <RecordHistory entries={pageHistory} title="team.history.pageSection" />
    </Stack>
  );
}
