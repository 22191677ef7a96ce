import { Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-action";
import { HiddenFields } from "~/components/hidden-fields";
import type { StaffAccountView, StaffRoleView } from "~/contracts/team/api-types";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/team/texts";

export type AccountReply = { userId: number; errors: string[] };

/**
 * The organizer's accounts, one card each: the role as a native select with a save, and revoking
 * after a confirmation on a page state of its own (`?revoke=<id>`). The signed-in organizer's own
 * card has no actions (the API refuses changing one's own access).
 */
export function StaffAccounts({
  accounts,
  roles,
  selfId,
  path,
  revoking,
  reply,
  pending,
}: {
  accounts: StaffAccountView[];
  roles: StaffRoleView[];
  selfId: number;
  path: string;
  revoking: number | null;
  reply?: AccountReply;
  pending: boolean;
}) {
  const { t, language } = useTranslation();
  const roleName = (role: StaffRoleView) => (language === "en" ? role.nameEn : role.nameZh);
  if (!accounts.length) return <Text c="dimmed">{t("team.staff.empty")}</Text>;
  return (
    <Stack gap="sm" data-testid="staff-accounts">
      {accounts.map((account) => {
        const id = String(account.userId);
        const errors = reply?.userId === account.userId ? reply.errors : undefined;
        return (
          <Paper key={account.userId} withBorder p="md" data-testid={`staff-${account.username}`}>
            <Stack gap="xs">
              <Group gap="xs">
                <Text fw={600}>{account.displayName}</Text>
                <Text c="dimmed">{account.username}</Text>
                {account.full ? <Badge variant="light">{t("team.staff.full")}</Badge> : null}
                {account.revokedAt ? (
                  <Badge color="gray" variant="light" data-testid="staff-status">
                    {t("team.team.status.revoked")}
                  </Badge>
                ) : !account.activated ? (
                  <Badge color="blue" variant="light" data-testid="staff-status">
                    {t("team.team.status.invited")}
                  </Badge>
                ) : null}
              </Group>
              {errors?.length ? (
                <Alert color="red" role="alert">
                  {errors.join(" ")}
                </Alert>
              ) : null}
              {account.userId === selfId || account.revokedAt ? null : (
                <Group gap="md" align="flex-end">
                  <Form method="post" preventScrollReset>
                    <HiddenFields values={{ intent: "role", userId: id }} />
                    <Group gap="xs" align="flex-end">
                      <NativeSelect
                        name="roleId"
                        label={t("team.fields.role")}
                        defaultValue={String(account.roleId ?? "")}
                        data={roles.map((role) => ({ value: String(role.roleId), label: roleName(role) }))}
                      />
                      <Button type="submit" size="xs" loading={pending}>
                        {t("team.staff.changeRole")}
                      </Button>
                    </Group>
                  </Form>
                  <Anchor component={Link} to={`${path}?revoke=${id}`} preventScrollReset c="red.9" size="sm">
                    {t("team.staff.revoke")}
                  </Anchor>
                </Group>
              )}
              {revoking === account.userId && !account.revokedAt ? (
                <ConfirmAction
                  question={t("team.staff.confirmRevoke", { name: account.displayName })}
                  intent="revoke"
                  fields={{ userId: id }}
                  confirmLabel={t("team.staff.confirmRevokeYes")}
                  cancelLabel={t("team.staff.keep")}
                  cancelTo={path}
                  pending={pending}
                  testId="confirm-revoke-staff"
                />
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
