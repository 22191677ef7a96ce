import { HiddenFields } from "~/components/hidden-fields";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Anchor, Checkbox, Stack, Text, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { EpidemicCommitment } from "~/contracts/epidemic/api-types";
import type { commitmentSchema } from "~/contracts/epidemic/schema";
import { EPIDEMIC_NAME_MAX, EPIDEMIC_PATH as PATH } from "~/contracts/epidemic/values";
import { useTranslation } from "~/i18n/texts";
import { type PageFormProps, useErrorText, usePortalForm } from "~/lib/forms";
import "~/contracts/epidemic/texts";
import { FormTextInput } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";

/**
 * The organizer's commitment text, then the required native tick and the signer's name (a plain
 * post). Once accepted, the signer and time show; the form updates the signer, and a link asks
 * before withdrawing.
 */
export function CommitmentForm(
  props: PageFormProps & {
    commitment: EpidemicCommitment;
  },
) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { commitment } = props;
  const [form, fields] = usePortalForm<typeof commitmentSchema>({
    id: "epidemic-commitment",
    constraint: props.constraint,
    lastResult: props.lastResult,
    defaultValue: { accepted: commitment.accepted ? "on" : "", signerName: commitment.signerName ?? "", ...props.held },
  });
  const acceptError = errorText(fields.accepted.errors);
  return (
    <Stack gap="sm" data-testid="epidemic-commitment">
      <Title order={2} size="h4">
        {t("epidemic.commitmentTitle")}
      </Title>
      {commitment.text ? (
        <Text style={{ whiteSpace: "pre-line" }} data-testid="commitment-text">
          {commitment.text}
        </Text>
      ) : (
        <Text c="dimmed">{t("epidemic.noText")}</Text>
      )}
      {commitment.accepted && commitment.acceptedAt ? (
        <Text size="sm" c="green.9" fw={500} data-testid="commitment-accepted">
          {t("epidemic.acceptedBy", { name: commitment.signerName ?? "", time: `${exhibitionDateTime(commitment.acceptedAt)} (UTC+8)` })}
        </Text>
      ) : null}
      <Form method="post" {...getFormProps(form)} data-testid="commitment-form">
        <HiddenFields values={{ intent: "commitment", mode: commitment.accepted ? "update" : "create" }} />
        <Stack gap="sm">
          <FormError errors={form.errors} id={form.errorId} />
          <Checkbox
            {...getInputProps(fields.accepted, { type: "checkbox", value: "on" })}
            key={fields.accepted.key}
            label={t("epidemic.accept")}
            error={acceptError}
            data-testid="commitment-tick"
          />
          <FormTextInput
            field={fields.signerName}
            label={t("epidemic.fields.signerName")}
            maxLength={EPIDEMIC_NAME_MAX}
            withAsterisk
            maw={320}
            autoComplete="name"
          />
          <SubmitRow
            pending={props.pending}
            testId="commitment-submit"
            label={commitment.accepted ? t("epidemic.updateCommitment") : t("epidemic.submitCommitment")}
          >
            {commitment.accepted ? (
              <Anchor component={Link} to={`${PATH}?withdraw=1`} c="red.9" size="sm">
                {t("epidemic.withdraw")}
              </Anchor>
            ) : null}
          </SubmitRow>
        </Stack>
      </Form>
    </Stack>
  );
}
