import { HiddenFields } from "~/components/hidden-fields";
import { getFormProps } from "@conform-to/react";
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { usePortalForm, type FormReply } from "~/lib/forms";
import type { DeclarationDetail, ExhibitView, MessageView, QuoteView, TransportEventView } from "../../contracts/transport/api-types";
import type { messageSchema } from "../../contracts/transport/schema";
import { MESSAGE_MAX } from "../../contracts/transport/values";
import { DeclarationStatusTag, OrderSteps } from "./status-tags";
import "../../contracts/transport/texts";
import { formatCny } from "~/contracts/common/format";
import { FormTextarea } from "~/components/form-fields";
import { Panel } from "~/components/panel";

/** What the exhibitor's and the carrier's transport pages show alike (issue 17); the tags live apart, for light pages. */
export { OrderSteps };

/** Who, where, when and what of a declaration. */
function DeclarationFacts({ declaration: d }: { declaration: DeclarationDetail }) {
  const { t } = useTranslation();
  const fact = (label: string, value: React.ReactNode) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </div>
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="declaration-facts">
      {fact(t("transport.fields.carrier"), d.carrierName)}
      {fact(t("transport.page.exhibitor"), `${d.exhibitorName} · ${d.boothNo}`)}
      {fact(t("transport.fields.services"), d.services.map((s) => t(`transport.services.${s}`)).join("、"))}
      {fact(t("transport.page.arrival"), `${d.arrivalFrom} – ${d.arrivalTo}`)}
      {fact(t("transport.fields.contactName"), `${d.contactName} ${d.contactPhone}`)}
      {fact(
        t("transport.fields.bill"),
        d.bill ? (
          <Anchor href={d.bill.url} target="_blank" rel="noopener">
            {d.bill.name}
          </Anchor>
        ) : (
          "—"
        ),
      )}
    </SimpleGrid>
  );
}

/**
 * The top of a declaration's page, for its exhibitor and its carrier alike: number and status, the way
 * back, the carrier's return reason or note, the order's steps, the facts and the history. `notice`
 * goes under the way back (a refused action's message).
 */
export function DeclarationPanel({
  declaration: d,
  back,
  notice,
}: {
  declaration: DeclarationDetail;
  back: { to: string; label: string };
  notice?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Panel>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          {t("transport.detail.title", { id: d.id })}
        </Title>
        <DeclarationStatusTag status={d.status} />
      </Group>
      <Anchor component={Link} to={back.to} size="sm">
        {back.label}
      </Anchor>
      {notice}
      {d.status === "returned" && d.returnReason ? (
        <Alert color="orange" title={t("transport.detail.returned")} data-testid="return-reason">
          {d.returnReason}
        </Alert>
      ) : null}
      {d.status === "accepted" && d.acceptNote ? (
        <Alert color="green" title={t("transport.detail.accepted")}>
          {d.acceptNote}
        </Alert>
      ) : null}
      {d.order ? (
        <Group gap="sm">
          <Text size="sm">{t("transport.orders.orderNo", { orderNo: d.order.orderNo })}</Text>
          <OrderSteps order={d.order} />
        </Group>
      ) : null}
      <DeclarationFacts declaration={d} />
      <EventList events={d.events} />
    </Panel>
  );
}

/** The exhibit lines; with `deleteHref`, a delete link per line (the page asks before deleting). */
export function ExhibitsTable({ exhibits, deleteHref }: { exhibits: ExhibitView[]; deleteHref?: (sort: number) => string }) {
  const { t } = useTranslation();
  if (!exhibits.length) return <Text c="dimmed">{t("transport.page.noExhibits")}</Text>;
  const num = { textAlign: "right" as const, whiteSpace: "nowrap" as const };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder data-testid="exhibits-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("transport.page.exhibitName")}</Table.Th>
            <Table.Th style={num}>{t("transport.fields.quantity")}</Table.Th>
            <Table.Th style={num}>{t("transport.fields.packages")}</Table.Th>
            <Table.Th style={num}>{t("transport.fields.grossWeight")}</Table.Th>
            <Table.Th>{t("transport.page.sizeCm")}</Table.Th>
            <Table.Th style={num}>{t("transport.fields.volume")}</Table.Th>
            {deleteHref ? <Table.Th /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {exhibits.map((e) => (
            <Table.Tr key={e.sort} data-testid={`exhibit-${e.sort}`}>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                {e.nameZh}
                {e.nameEn ? (
                  <Text size="xs" c="dimmed">
                    {e.nameEn}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={num}>{e.quantity}</Table.Td>
              <Table.Td style={num}>{e.packages}</Table.Td>
              <Table.Td style={num}>{e.grossWeightKg}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                {e.lengthCm} × {e.widthCm} × {e.heightCm}
              </Table.Td>
              <Table.Td style={num}>{e.volumeM3}</Table.Td>
              {deleteHref ? (
                <Table.Td>
                  <Anchor component={Link} to={deleteHref(e.sort)} c="red.9" size="sm" preventScrollReset>
                    {t("transport.page.delete")}
                  </Anchor>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The server's amounts: each service line, the discounts, the total (and the carrier's accepted amount). */
export function QuoteTable({ quote, acceptedCents }: { quote: QuoteView; acceptedCents: number | null }) {
  const { t } = useTranslation();
  const right = { textAlign: "right" as const, whiteSpace: "nowrap" as const };
  return (
    <Stack gap="xs" data-testid="quote">
      <Text size="sm" c="dimmed">
        {t("transport.page.totals", { volume: quote.volumeM3, weight: quote.weightKg })}
      </Text>
      {quote.unpriced.length ? (
        <Text size="sm" c="orange.9" data-testid="quote-unpriced">
          {t("transport.page.unpriced", { services: quote.unpriced.map((s) => t(`transport.services.${s}`)).join("、") })}
        </Text>
      ) : null}
      <Table withTableBorder>
        <Table.Tbody>
          {quote.lines.map((line) => (
            <Table.Tr key={line.service} data-testid={`quote-${line.service}`}>
              <Table.Td>
                {t(`transport.services.${line.service}`)}
                <Text span size="xs" c="dimmed">
                  {" "}
                  ({t(`transport.page.basis.${line.basis}`)})
                </Text>
              </Table.Td>
              <Table.Td style={right}>{formatCny(line.amountCents)}</Table.Td>
            </Table.Tr>
          ))}
          {quote.discounts.map((discount) => (
            <Table.Tr key={discount.code} data-testid={`discount-${discount.code}`}>
              <Table.Td>{discount.name}</Table.Td>
              <Table.Td style={right}>−{formatCny(discount.amountCents)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={600}>{t("transport.page.total")}</Table.Td>
            <Table.Td style={right} fw={600} data-testid="quote-total">
              {formatCny(quote.totalCents)}
            </Table.Td>
          </Table.Tr>
          {acceptedCents !== null ? (
            <Table.Tr>
              <Table.Td fw={600}>{t("transport.fields.acceptedAmount")}</Table.Td>
              <Table.Td style={right} fw={600} data-testid="accepted-amount">
                {formatCny(acceptedCents)}
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function EventList({ events }: { events: TransportEventView[] }) {
  const { t } = useTranslation();
  if (!events.length) return null;
  return (
    <Stack gap={4} data-testid="declaration-events">
      {events.map((event, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two events of a declaration can read the same (same kind and time, no note); the list is append-only and shown in the server's order, never reordered
        <Text key={`${event.at}-${event.kind}-${index}`} size="sm">
          <Text span c="dimmed" size="xs">
            {exhibitionDateTime(event.at)}{" "}
          </Text>
          {t(`transport.events.${event.kind.replace(":", "_")}`)}
          {event.note ? `：${event.note}` : ""}
        </Text>
      ))}
    </Stack>
  );
}

/** The contact log between exhibitor and carrier, and the form to add a message (intent `message`). */
export function ContactLog({
  messages,
  declarationId,
  canWrite,
  constraint,
  lastResult,
  pending,
}: FormReply & {
  messages: MessageView[];
  declarationId: number;
  canWrite: boolean;
  /** The message form's constraints (messageSchema, from the loader). */
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = usePortalForm<typeof messageSchema>({
    id: "transport-message",
    constraint,
    lastResult,
    defaultValue: { declarationId: String(declarationId) },
  });
  return (
    <Panel title={t("transport.page.contactLog")} gap="sm">
      {messages.length ? (
        <Stack gap="xs" data-testid="contact-log">
          {messages.map((m) => (
            <Paper key={m.id} p="xs" bg={m.side === "carrier" ? "blue.0" : "gray.0"} data-testid={`message-${m.side}`}>
              <Text size="xs" c="dimmed">
                {m.author} · {exhibitionDateTime(m.at)}
              </Text>
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {m.body}
              </Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Text c="dimmed" size="sm">
          {t("transport.page.noMessages")}
        </Text>
      )}
      {canWrite ? (
        <Form method="post" {...getFormProps(form)} preventScrollReset>
          <HiddenFields values={{ intent: "message", declarationId }} />
          <Stack gap="xs">
            <FormError errors={form.errors} id={form.errorId} />
            <FormTextarea field={fields.body} label={t("transport.fields.message")} maxLength={MESSAGE_MAX} autosize minRows={2} />
            <Group>
              <Button type="submit" variant="light" loading={pending}>
                {t("transport.page.send")}
              </Button>
            </Group>
          </Stack>
        </Form>
      ) : null}
    </Panel>
  );
}
