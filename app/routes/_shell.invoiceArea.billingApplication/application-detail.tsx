import { HiddenFields } from "~/components/hidden-fields";
import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FieldTable } from "~/components/field-table";
import type { InvoiceApplicationDetail } from "~/contracts/invoices/api-types";
import { StatusTag } from "~/features/invoices/parts";
import { exhibitionDate } from "~/contracts/common/exhibition-time";
import { PATH } from "./application-form";
import { QrLinkPanel } from "./qr-link-panel";
import "~/contracts/invoices/texts";
import { formatCny } from "~/contracts/common/format";
import type { HistoryEntry } from "~/contracts/team/api-types";
import { RecordHistory } from "~/features/team/record-history";

type Props = {
  application: InvoiceApplicationDetail;
  /** Every change made to it (null: the viewer may not see it, so no section). */
  history: HistoryEntry[] | null;
  qrImage: string | null;
  qrLink: string | null;
  /** Asking before the QR link is revoked (`?qrRevoke=1`). */
  confirmRevoke: boolean;
  /** Why revoking or renewing the QR link was refused, as the action answered. */
  qrError: string | null;
  pending: boolean;
};

/** One application: its items and details, the QR page for the finance colleague, the e-invoice once issued, its history. */
export function ApplicationDetail({ application, history, qrImage, qrLink, confirmRevoke, qrError, pending }: Props) {
  const { t } = useTranslation();
  const a = application;
  return (
    <Stack gap="md" data-testid="application-detail">
      <Anchor component={Link} to={PATH} size="sm">
        {t("invoices.application.back")}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Title order={2} size="h4">
          {a.title} · {formatCny(a.amountCents)}
        </Title>
        <StatusTag group="invoiceStatuses" status={a.status} testId="application-status" />
      </Group>
      {a.status === "returned" && a.returnReason ? (
        <Text c="orange.9" data-testid="application-return-reason">
          {t("invoices.fields.reason")}: {a.returnReason}
        </Text>
      ) : null}
      <FieldTable
        rows={[
          ["invoices.fields.invoiceType", t(`invoices.invoiceTypes.${a.invoiceType}`)],
          ["invoices.fields.taxpayerId", a.taxpayerId],
          ["invoices.fields.addressPhone", a.addressPhone || "—"],
          ["invoices.fields.bankAccount", a.bankAccount || "—"],
          ["invoices.fields.receivingEmail", a.receivingEmail],
          ["invoices.fields.urgentReason", a.urgent ? (a.urgentReason ?? "") : "—"],
          ["invoices.fields.invoiceNo", a.invoiceNo ?? "—"],
          ["invoices.fields.invoiceDate", a.invoiceDate ?? "—"],
        ]}
      />
      {a.detailsBy === "qr" ? (
        <Text size="sm" c="dimmed">
          {t("invoices.application.detailsByQr")}
        </Text>
      ) : null}
      <Table>
        <Table.Tbody>
          {a.items.map((item) => (
            <Table.Tr key={item.key}>
              <Table.Td>{item.title}</Table.Td>
              <Table.Td style={{ textAlign: "right" }}>{formatCny(item.amountCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {a.hasPdf ? (
        <Anchor href={`${PATH}/pdf?id=${a.id}`} data-testid="invoice-pdf">
          {t("invoices.application.pdf")}
        </Anchor>
      ) : null}
      {a.status !== "issued" ? (
        <Group>
          <Button component={Link} to={`${PATH}?edit=${a.id}`} variant="default">
            {t("invoices.application.edit")}
          </Button>
        </Group>
      ) : null}
      {a.status === "submitted" && !a.urgent ? (
        <Form method="post" data-testid="urgent-form">
          <HiddenFields values={{ intent: "urgent", id: a.id }} />
          <Group align="flex-end" gap="sm">
            <TextInput name="urgentReason" label={t("invoices.fields.urgentReason")} maxLength={200} required />
            <Button type="submit" variant="light" color="orange" loading={pending}>
              {t("invoices.application.markUrgent")}
            </Button>
          </Group>
        </Form>
      ) : null}
      <QrLinkPanel application={a} qrImage={qrImage} qrLink={qrLink} confirmRevoke={confirmRevoke} error={qrError} pending={pending} />
      <Text size="xs" c="dimmed">
        {exhibitionDate(a.createdAt)}
      </Text>
      <RecordHistory entries={history} />
    </Stack>
  );
}
