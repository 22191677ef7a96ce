import { Alert, Anchor, Button, Checkbox, Group, Radio, Stack, Text, Textarea } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { LeadTag } from "~/contracts/leads/api-types";
import { LEAD_NOTES_MAX, LEAD_RATINGS } from "~/contracts/leads/values";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/leads/texts";

/** What the lead form shows: the lead's values, or what was typed. */
export type LeadFormValues = { rating: string; notes: string; tagIds: string[]; followUp: boolean };
/** A refusal of the lead form: messages per field and over the form, translated, with what was typed. */
export type LeadFormReply = { values: LeadFormValues; fieldErrors: Record<string, string>; formError: string | null };

type LeadFormProps = { tags: LeadTag[]; values: LeadFormValues; reply: LeadFormReply | null; pending: boolean; saveLabel?: string };

/**
 * The lead form, native controls only (radios, check boxes, a text area, a submit): it is used
 * without JavaScript, in the messaging app's browser, on a 360 px phone (/lead/<code>), and on the
 * company's lead page (/leads/list/<id>).
 */
export function LeadForm({ tags, values, reply, pending, saveLabel }: LeadFormProps) {
  const { t } = useTranslation();
  const shown = reply?.values ?? values;
  const errors = reply?.fieldErrors ?? {};
  return (
    <Form method="post" noValidate data-testid="lead-form">
      <Stack gap="md">
        {reply?.formError ? (
          <Alert color="red" role="alert" data-testid="form-error">
            {reply.formError}
          </Alert>
        ) : null}
        <Radio.Group name="rating" label={t("leads.fields.rating")} defaultValue={shown.rating} error={errors.rating}>
          <Group gap="md" mt={4}>
            {LEAD_RATINGS.map((rating) => (
              <Radio key={rating} value={rating} label={t(`leads.ratings.${rating}`)} data-testid={`lead-rating-${rating}`} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          name="notes"
          label={t("leads.fields.notes")}
          defaultValue={shown.notes}
          maxLength={LEAD_NOTES_MAX}
          autosize={false}
          rows={4}
          error={errors.notes}
          data-testid="lead-notes"
        />
        <Stack gap={6} role="group" aria-labelledby="lead-tags-label">
          <Text id="lead-tags-label" size="sm" fw={500}>
            {t("leads.fields.tags")}
          </Text>
          {tags.length ? (
            tags.map((tag) => (
              <Checkbox key={tag.id} name="tagIds" value={String(tag.id)} label={tag.name} defaultChecked={shown.tagIds.includes(String(tag.id))} />
            ))
          ) : (
            <Text size="sm" c="dimmed">
              {t("leads.capture.noTags")} <Anchor href="/leads/tags">{t("leads.capture.defineTags")}</Anchor>
            </Text>
          )}
          {errors.tagIds ? (
            <Text size="sm" c="red.9" role="alert">
              {errors.tagIds}
            </Text>
          ) : null}
        </Stack>
        <Checkbox name="followUp" label={t("leads.fields.followUp")} defaultChecked={shown.followUp} data-testid="lead-follow-up" />
        <Button type="submit" loading={pending} data-testid="lead-save">
          {saveLabel ?? t("leads.capture.save")}
        </Button>
      </Stack>
    </Form>
  );
}
