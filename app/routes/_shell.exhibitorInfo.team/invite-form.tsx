import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Button, Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import { FormTextInput } from "~/components/form-fields";
import { useTranslation } from "~/i18n/texts";
import { MEMBER_AREAS, type Grants } from "~/contracts/team/areas";
import type { inviteFieldsSchema } from "~/contracts/team/schema";
import { GrantSelects } from "~/features/team/grant-selects";
import { usePortalForm, type FormConstraint } from "~/lib/forms";
import "~/contracts/team/texts";

/** User name, name, e-mail or mobile for the set-password link, and the member's areas. */
export function InviteForm({
  held,
  constraint,
  lastResult,
  pending,
}: {
  held: Record<string, string | string[]> | null;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = usePortalForm<typeof inviteFieldsSchema>({ id: "invite", constraint, lastResult, defaultValue: held ?? undefined });
  // What was chosen comes back with an error or after an expired session, as typed.
  const heldGrants = Object.fromEntries(
    Object.entries(held ?? {})
      .filter(([key, value]) => key.startsWith("grant.") && typeof value === "string" && value !== "none")
      .map(([key, value]) => [key.slice("grant.".length), value]),
  ) as Grants;
  return (
    <Form method="post" {...getFormProps(form)} data-testid="invite-form">
      <input type="hidden" name="intent" value="invite" />
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("team.team.inviteHeading")}
        </Title>
        <FormError errors={form.errors} id={form.errorId} />
        <FormTextInput field={fields.username} label={t("team.fields.username")} autoComplete="off" withAsterisk maw={420} />
        <FormTextInput field={fields.displayName} label={t("team.fields.displayName")} withAsterisk maw={420} />
        <FormTextInput field={fields.email} type="email" label={t("team.fields.email")} autoComplete="off" maw={420} />
        <FormTextInput field={fields.mobile} type="tel" label={t("team.fields.mobile")} autoComplete="off" maw={420} />
        <Text size="sm" c="dimmed">
          {t("team.team.inviteHint")}
        </Text>
        <Title order={3} size="h5">
          {t("team.team.grantsHeading")}
        </Title>
        <GrantSelects areas={MEMBER_AREAS} grants={heldGrants} idPrefix="invite" />
        <div>
          <Button type="submit" loading={pending}>
            {t("team.team.inviteSubmit")}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
