import { FormError } from "~/components/form-error";
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Button, Stack, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { BoothSelect } from "~/features/booking-forms/parts";
import type { BoothSummary } from "~/contracts/permission/api-types";
import type { entrustSchema } from "~/contracts/contractors/schema";
import { useErrorText, usePortalForm, type FormConstraint } from "~/lib/forms";
import "~/contracts/contractors/texts";
import { FormTextInput } from "~/components/form-fields";

/** Company, contact and e-mail of the contractor, and the booth (a plain select when there are several). */
export function EntrustForm({
  booths,
  defaultBooth,
  held,
  constraint,
  lastResult,
  pending,
}: {
  booths: BoothSummary[];
  defaultBooth: string;
  held: Record<string, string | string[]> | null;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof entrustSchema>({ id: "entrust", constraint, lastResult, defaultValue: { boothId: defaultBooth, ...held } });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="entrust-form">
      <input type="hidden" name="intent" value="entrust" />
      <Stack gap="sm" maw={520}>
        <Title order={2} size="h4">
          {t("contractors.page.entrustHeading")}
        </Title>
        <FormError errors={form.errors} id={form.errorId} />
        <FormTextInput field={fields.companyName} label={t("contractors.fields.companyName")} withAsterisk />
        <FormTextInput field={fields.contactName} label={t("contractors.fields.contactName")} withAsterisk />
        <FormTextInput
          field={fields.email}
          type="email"
          label={t("contractors.fields.email")}
          description={t("contractors.page.emailHint")}
          autoComplete="off"
          withAsterisk
        />
        {booths.length > 1 ? (
          <BoothSelect
            booths={booths}
            name="boothId"
            defaultValue={String(fields.boothId.initialValue ?? defaultBooth)}
            error={errorText(fields.boothId.errors)}
          />
        ) : (
          <input type="hidden" name="boothId" value={defaultBooth} />
        )}
        <div>
          <Button type="submit" loading={pending}>
            {t("contractors.page.entrustSubmit")}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
