import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Button, Stack, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import { FormSelect, FormTextInput } from "~/components/form-fields";
import type { StaffRoleView } from "~/contracts/team/api-types";
import type { inviteStaffSchema } from "~/contracts/team/schema";
import { useTranslation } from "~/i18n/texts";
import { usePortalForm, type FormConstraint } from "~/lib/forms";
import "~/contracts/team/texts";

/** A staff account: user name, name, e-mail or mobile for the set-password link, and its role. */
export function InviteStaffForm({
  roles,
  held,
  constraint,
  lastResult,
  pending,
}: {
  roles: StaffRoleView[];
  held: Record<string, string | string[]> | null;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  pending: boolean;
}) {
  const { t, language } = useTranslation();
  const [form, fields] = usePortalForm<typeof inviteStaffSchema>({ id: "invite-staff", constraint, lastResult, defaultValue: held ?? undefined });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="invite-staff-form">
      <input type="hidden" name="intent" value="invite" />
      <Stack gap="sm" maw={520}>
        <Title order={2} size="h4">
          {t("team.staff.inviteHeading")}
        </Title>
        <FormError errors={form.errors} id={form.errorId} />
        <FormTextInput field={fields.username} label={t("team.fields.username")} autoComplete="off" withAsterisk />
        <FormTextInput field={fields.displayName} label={t("team.fields.displayName")} withAsterisk />
        <FormTextInput field={fields.email} type="email" label={t("team.fields.email")} autoComplete="off" />
        <FormTextInput field={fields.mobile} type="tel" label={t("team.fields.mobile")} autoComplete="off" />
        <FormSelect
          field={fields.roleId}
          label={t("team.fields.role")}
          withAsterisk
          data={roles.map((role) => ({ value: String(role.roleId), label: language === "en" ? role.nameEn : role.nameZh }))}
        />
        <div>
          <Button type="submit" loading={pending}>
            {t("team.staff.inviteSubmit")}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
