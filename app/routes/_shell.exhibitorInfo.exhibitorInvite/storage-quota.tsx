import { Group, Text } from "@mantine/core";
import type { AccountStorageView } from "~/contracts/accounts/api-types";
import type { storageQuotaSchema } from "~/contracts/accounts/invitation-schema";
import { useTranslation } from "~/i18n/texts";
import { type FormReply, usePortalForm } from "~/lib/forms";
import "~/contracts/accounts/texts";
import { FormTextInput } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";
import { TitledForm } from "~/components/titled-form";

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
export function StorageQuotaForm(
  props: FormReply & {
    defaultQuotaMb: number;
    pending: boolean;
  },
) {
  const { t } = useTranslation();
  const [form, fields] = usePortalForm<typeof storageQuotaSchema>({ id: "storage-quota", constraint: props.constraint, lastResult: props.lastResult });
  return (
    <TitledForm
      form={form}
      testId="quota-form"
      hidden={{ intent: "quota" }}
      title={t("accounts.quota.title")}
      hint={
        <Text size="sm" c="dimmed">
          {t("accounts.quota.intro", { default: `${props.defaultQuotaMb} MB` })}
        </Text>
      }
    >
      <Group align="flex-start">
        <FormTextInput field={fields.username} label={t("accounts.quota.username")} data-testid="quota-username" />
        <FormTextInput field={fields.quotaMb} type="number" label={t("accounts.quota.quotaMb")} data-testid="quota-mb" />
      </Group>
      <SubmitRow pending={props.pending} testId="quota-save" label={t("accounts.quota.save")} />
    </TitledForm>
  );
}
