import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import type { AccountStorageView } from "~/contracts/accounts/api-types";
import type { storageQuotaSchema } from "~/contracts/accounts/invitation-schema";
import { useTranslation } from "~/i18n/texts";
import { type FormConstraint, usePortalForm } from "~/lib/forms";
import "~/contracts/accounts/texts";
import { FormTextInput } from "~/components/form-fields";

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** An account's storage in the list: what its files take of its quota (issue 50). */
export function StorageUsage({ storage }: { storage: AccountStorageView }) {
  const { t } = useTranslation();
  const full = storage.usedBytes >= storage.quotaMb * 1024 * 1024;
  return (
    <Text size="sm" c={full ? "red.9" : undefined} data-testid="storage-usage">
      {t("accounts.quota.usage", { used: megabytes(storage.usedBytes), quota: `${storage.quotaMb} MB` })}
      {storage.ownQuota ? ` (${t("accounts.quota.own")})` : ""}
    </Text>
  );
}

/** The organizer's quota for one account, by its user name; empty MB puts it back to the default. Plain post. */
export function StorageQuotaForm(props: {
  defaultQuotaMb: number;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = usePortalForm<typeof storageQuotaSchema>({ id: "storage-quota", constraint: props.constraint, lastResult: props.lastResult });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="quota-form">
      <input type="hidden" name="intent" value="quota" />
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("accounts.quota.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("accounts.quota.intro", { default: `${props.defaultQuotaMb} MB` })}
        </Text>
        <FormError errors={form.errors} id={form.errorId} />
        <Group align="flex-start">
          <FormTextInput field={fields.username} label={t("accounts.quota.username")} data-testid="quota-username" />
          <FormTextInput field={fields.quotaMb} type="number" label={t("accounts.quota.quotaMb")} data-testid="quota-mb" />
        </Group>
        <Group>
          <Button type="submit" loading={props.pending} data-testid="quota-save">
            {t("accounts.quota.save")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
