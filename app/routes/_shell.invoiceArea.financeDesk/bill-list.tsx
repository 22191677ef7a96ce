import { HiddenFields } from "~/components/hidden-fields";
import { Button, SimpleGrid, Stack, Table } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { Bill } from "~/contracts/invoices/api-types";

import type { billSchema } from "~/contracts/invoices/schema";
import { BILL_KINDS } from "~/contracts/invoices/values";
import { exhibitionDate } from "~/contracts/common/exhibition-time";
import { type FormReply, usePortalForm } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import { Empty } from "./desk-parts";
import "~/contracts/invoices/texts";
import { formatCny } from "~/contracts/common/format";
import { FormSelect, FormTextInput } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";
import { TitledForm } from "~/components/titled-form";

/** The organizer's bills (booth fees and others) and the form to add one for a booth. */
export function BillDesk({ bills, reply }: { bills: Bill[]; reply: FormReply }) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const [form, fields] = usePortalForm<typeof billSchema>({
    id: "new-bill",
    constraint: reply.constraint,
    lastResult: reply.lastResult,
    defaultValue: { kind: "boothFee" },
  });
  const text = (name: "boothNo" | "titleZh" | "titleEn" | "amount", label: string, max: number) => (
    <FormTextInput field={fields[name]} label={t(label)} maxLength={max} withAsterisk />
  );
  return (
    <Stack gap="md">
      <TitledForm form={form} testId="bill-form" hidden={{ deskAction: "bill" }} title={t("invoices.finance.newBill")}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {text("boothNo", "invoices.fields.boothNo", 20)}
          <FormSelect
            field={fields.kind}
            label={t("invoices.fields.billKind")}
            data={BILL_KINDS.map((k) => ({ value: k, label: t(`invoices.productTypes.${k}`) }))}
          />
          {text("amount", "invoices.fields.amount", 20)}
          {text("titleZh", "invoices.fields.billTitleZh", 100)}
          {text("titleEn", "invoices.fields.billTitleEn", 100)}
        </SimpleGrid>
        <SubmitRow pending={pending} label={t("invoices.finance.newBill")} />
      </TitledForm>
      {bills.length ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder data-testid="bill-list">
            <Table.Tbody>
              {bills.map((bill) => (
                <Table.Tr key={bill.id} data-testid={`bill-row-${bill.id}`}>
                  <Table.Td>{bill.exhibitorName}</Table.Td>
                  <Table.Td>{bill.boothNo}</Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{bill.titleZh}</Table.Td>
                  <Table.Td style={{ textAlign: "right", whiteSpace: "nowrap" }}>{formatCny(bill.amountCents)}</Table.Td>
                  <Table.Td>{exhibitionDate(bill.createdAt)}</Table.Td>
                  <Table.Td>
                    <Form method="post">
                      <HiddenFields values={{ deskAction: "deleteBill", id: bill.id }} />
                      <Button type="submit" size="compact-sm" variant="subtle" color="red.9" loading={pending}>
                        {t("invoices.finance.deleteBill")}
                      </Button>
                    </Form>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Empty />
      )}
    </Stack>
  );
}
