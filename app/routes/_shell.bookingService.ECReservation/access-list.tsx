import { HiddenFields } from "~/components/hidden-fields";
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { ContractorAccessView } from "~/contracts/contractors/api-types";
import { formatCny } from "~/contracts/common/format";
import "~/contracts/contractors/texts";
import { StackedTable } from "~/components/stacked-table";

export type RowReply = { accessId: number; errors: string[] };

/**
 * The exhibitor's contractors: what each may still do, what it ordered, and the two actions.
 * Revoking asks first on a page state of its own (`?revoke=<id>`), so it needs no JavaScript.
 */
export function AccessList({
  accesses,
  path,
  revoking,
  reply,
  pending,
}: {
  accesses: ContractorAccessView[];
  path: string;
  revoking: number | null;
  reply?: RowReply;
  pending: boolean;
}) {
  const { t } = useTranslation();
  if (!accesses.length) return <Text c="dimmed">{t("contractors.page.empty")}</Text>;
  // A card per contractor on a phone (app/styles/booking.css) instead of squeezing five columns.
  return (
    <StackedTable
      testId="contractor-accesses"
      verticalSpacing="sm"
      heads={["contractors.page.contractor", "contractors.fields.booth", "contractors.page.access", "contractors.page.orders", "contractors.page.actions"]}
    >
      {accesses.map((access) => (
        <AccessRow
          key={access.accessId}
          access={access}
          path={path}
          confirming={revoking === access.accessId}
          errors={reply?.accessId === access.accessId ? reply.errors : undefined}
          pending={pending}
        />
      ))}
    </StackedTable>
  );
}

function AccessRow({
  access,
  path,
  confirming,
  errors,
  pending,
}: {
  access: ContractorAccessView;
  path: string;
  confirming: boolean;
  errors?: string[];
  pending: boolean;
}) {
  const { t } = useTranslation();
  const active = access.status === "active";
  return (
    <>
      <Table.Tr data-testid={`access-${access.accessId}`}>
        <Table.Td data-label={t("contractors.page.contractor")}>
          <div>
            <Text fw={500}>{access.companyName}</Text>
            <Text size="sm">
              {access.contactName} · {access.email}
            </Text>
          </div>
        </Table.Td>
        <Table.Td data-label={t("contractors.fields.booth")}>{access.boothNo}</Table.Td>
        <Table.Td data-label={t("contractors.page.access")}>
          <Stack gap={4}>
            <Badge color={active ? "green" : "gray"} variant="light" data-testid="access-status">
              {t(`contractors.status.${access.status}`)}
            </Badge>
            <Text size="xs" c="dimmed" data-testid="code-state">
              {access.codeState === "sent"
                ? t("contractors.codeState.sent", { date: exhibitionDateTime(access.codeExpiresAt) })
                : access.codeState === "used"
                  ? t("contractors.codeState.used", { date: exhibitionDateTime(access.lastSignedInAt) })
                  : access.codeState === "expired"
                    ? t("contractors.codeState.expired")
                    : t("contractors.codeState.revoked", { date: exhibitionDateTime(access.revokedAt) })}
            </Text>
          </Stack>
        </Table.Td>
        <Table.Td data-testid="access-orders" data-label={t("contractors.page.orders")}>
          {t("contractors.page.orderSummary", { count: access.orderCount, total: formatCny(access.orderTotalCents) })}
        </Table.Td>
        <Table.Td>
          {active ? (
            <Group gap="xs">
              <Form method="post" preventScrollReset>
                <HiddenFields values={{ intent: "resend", accessId: access.accessId }} />
                <Button type="submit" size="xs" variant="light">
                  {t("contractors.page.resend")}
                </Button>
              </Form>
              <Anchor component={Link} to={`${path}?revoke=${access.accessId}`} preventScrollReset c="red.9" size="sm">
                {t("contractors.page.revoke")}
              </Anchor>
            </Group>
          ) : null}
        </Table.Td>
      </Table.Tr>
      {errors?.length ? (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <Alert color="red" role="alert">
              {errors.join(" ")}
            </Alert>
          </Table.Td>
        </Table.Tr>
      ) : null}
      {confirming && active ? (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <Paper withBorder p="md" role="alertdialog" aria-labelledby={`revoke-${access.accessId}`} data-testid="confirm-revoke">
              <Stack gap="sm">
                <Text id={`revoke-${access.accessId}`} fw={500}>
                  {t("contractors.page.confirmRevoke", { company: access.companyName })}
                </Text>
                <Form method="post">
                  <HiddenFields values={{ intent: "revoke", accessId: access.accessId }} />
                  <Group>
                    <Button type="submit" color="red.9" loading={pending}>
                      {t("contractors.page.confirmRevokeYes")}
                    </Button>
                    <Button component={Link} to={path} variant="default" preventScrollReset>
                      {t("contractors.page.keep")}
                    </Button>
                  </Group>
                </Form>
              </Stack>
            </Paper>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
