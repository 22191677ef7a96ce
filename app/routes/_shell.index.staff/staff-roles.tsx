import { Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { HiddenFields } from "~/components/hidden-fields";
import type { StaffRoleView } from "~/contracts/team/api-types";
import { AREAS, type Grants } from "~/contracts/team/areas";
import { GrantSelects } from "~/features/team/grant-selects";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/team/texts";

/** The roles with their areas; the organizer's own roles can be changed, and a new one composed. */
export function StaffRoles({
  roles,
  errors,
  typed,
  pending,
}: {
  roles: StaffRoleView[];
  errors?: string[];
  /** The fields of a refused save, shown again as typed. */
  typed?: Record<string, string>;
  pending: boolean;
}) {
  const { t, language } = useTranslation();
  const grantsLine = (grants: Grants) =>
    Object.entries(grants)
      .map(([area, level]) => `${t(`team.areas.${area}`)}: ${t(`team.levels.${level}`)}`)
      .join(" · ") || t("team.levels.none");
  return (
    <Stack gap="md">
      <Table data-testid="staff-roles" verticalSpacing="xs">
        <Table.Tbody>
          {roles.map((role) => (
            <Table.Tr key={role.roleId} data-testid={`role-${role.roleId}`}>
              <Table.Td>
                <Group gap="xs">
                  <Text fw={500}>{language === "en" ? role.nameEn : role.nameZh}</Text>
                  {role.builtin ? <Badge variant="light">{t("team.staff.builtin")}</Badge> : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {t("team.staff.accounts", { count: role.accounts })} · {t("team.staff.personalData")}:{" "}
                  {t(role.seesPersonalData ? "team.staff.unmasked" : "team.staff.masked")}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{grantsLine(role.grants)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Paper withBorder p="md">
        <Form method="post" preventScrollReset data-testid="compose-role">
          <HiddenFields values={{ intent: "saveRole" }} />
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t("team.staff.composeHeading")}
            </Title>
            {errors?.length ? (
              <Text c="red.9" role="alert">
                {errors.join(" ")}
              </Text>
            ) : null}
            <Group grow>
              <TextInput name="nameZh" label={t("team.fields.roleNameZh")} required maxLength={40} defaultValue={typed?.nameZh} />
              <TextInput name="nameEn" label={t("team.fields.roleNameEn")} required maxLength={60} defaultValue={typed?.nameEn} />
            </Group>
            <Checkbox name="seesPersonalData" label={t("team.fields.seesPersonalData")} defaultChecked={typed?.seesPersonalData === "on"} />
            <GrantSelects
              areas={AREAS}
              grants={Object.fromEntries(
                Object.entries(typed ?? {})
                  .filter(([key, level]) => key.startsWith("grant.") && (level === "read" || level === "edit"))
                  .map(([key, level]) => [key.slice("grant.".length), level]),
              )}
              idPrefix="compose"
            />
            <div>
              <Button type="submit" loading={pending}>
                {t("team.staff.saveRole")}
              </Button>
            </div>
          </Stack>
        </Form>
      </Paper>
    </Stack>
  );
}
