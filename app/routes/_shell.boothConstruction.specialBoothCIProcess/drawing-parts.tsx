import { getFormProps } from "@conform-to/react";
import { Anchor, Button, Group, Paper, Stack, Stepper, Table, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import { PROCESS_STEPS, type DrawingKind, type DrawingProcess, type DrawingVersion } from "~/contracts/booth-construction/api-types";
import { StatusTag } from "~/features/booth-construction/parts";
import type { drawingUploadSchema } from "~/contracts/booth-construction/schema";
import { DRAWING_KINDS_ACCEPTED, DRAWING_MAX_BYTES } from "~/contracts/booth-construction/values";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { usePortalForm, type PageFormProps } from "~/lib/forms";
import "~/contracts/booth-construction/texts";
import { FormTextInput } from "~/components/form-fields";

export const DRAWING_UPLOAD = { folder: "booth-drawing" as const, kinds: [...DRAWING_KINDS_ACCEPTED], maxBytes: DRAWING_MAX_BYTES };

/** submit drawings → review → rectify → approved → build-up permit, the current step highlighted. */
export function ProcessSteps({ step }: { step: DrawingProcess["step"] }) {
  const { t } = useTranslation();
  const active = PROCESS_STEPS.indexOf(step);
  return (
    <Stack gap="xs">
      <Stepper
        active={step === "permit" ? PROCESS_STEPS.length : active}
        size="sm"
        allowNextStepsSelect={false}
        data-testid="process-steps"
        data-step={step}
        wrap
      >
        {PROCESS_STEPS.map((s) => (
          <Stepper.Step key={s} label={t(`boothConstruction.process.steps.${s}`)} aria-current={s === step ? "step" : undefined} />
        ))}
      </Stepper>
      <Text size="sm" fw={500} data-testid="process-hint">
        {t(`boothConstruction.process.stepHint.${step}`)}
      </Text>
    </Stack>
  );
}

function Versions({ versions }: { versions: DrawingVersion[] }) {
  const { t } = useTranslation();
  if (!versions.length) {
    return (
      <Text size="sm" c="dimmed">
        {t("boothConstruction.process.noVersion")}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table>
        <Table.Tbody>
          {versions.map((v) => (
            <Table.Tr key={v.id} data-testid={`drawing-${v.kind}-v${v.version}`}>
              <Table.Td w={90}>{t("boothConstruction.process.version", { version: v.version })}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                <Anchor href={v.file.url} target="_blank" rel="noopener" size="sm">
                  {v.file.name}
                </Anchor>
                {v.note ? (
                  <Text size="xs" c="dimmed">
                    {v.note}
                  </Text>
                ) : null}
                {v.reviewComment ? (
                  <Text size="sm" c={v.status === "returned" ? "orange.9" : undefined} data-testid="drawing-comment">
                    {t("boothConstruction.reviewComment")}: {v.reviewComment}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td w={140}>
                <StatusTag status={v.status} testId="drawing-status" />
              </Table.Td>
              <Table.Td w={150}>
                <Text size="xs" c="dimmed">
                  {exhibitionDateTime(v.createdAt)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One kind of document: its versions and, unless frozen or under review, the form for the next one. */
export function DrawingKindPanel({
  kind,
  versions,
  constraint,
  lastResult,
  held,
  pending,
}: PageFormProps & {
  kind: DrawingKind;
  versions: DrawingVersion[];
}) {
  const { t } = useTranslation();
  const latest = versions[0];
  const frozen = latest?.status === "accepted";
  const waiting = latest?.status === "submitted";
  const [form, fields] = usePortalForm<typeof drawingUploadSchema>({
    id: `drawing-${kind}-${versions.length}`,
    constraint,
    lastResult,
    defaultValue: held ?? undefined,
  });
  return (
    <Paper withBorder p="md" data-testid={`drawing-kind-${kind}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {t(`boothConstruction.process.kinds.${kind}`)}
          </Title>
          {frozen ? (
            <Text size="sm" c="green.9">
              {t("boothConstruction.process.frozen")}
            </Text>
          ) : null}
        </Group>
        <Versions versions={versions} />
        {frozen || waiting ? null : (
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)} data-testid={`drawing-form-${kind}`}>
            <input type="hidden" name="kind" value={kind} />
            <Stack gap="xs">
              <FormError errors={form.errors} id={form.errorId} />
              <FieldFileUpload field={fields.fileUrl} formValues={form.initialValue} {...DRAWING_UPLOAD} label={t("boothConstruction.fields.drawingFile")} />
              <FormTextInput field={fields.note} label={t("boothConstruction.fields.drawingNote")} maxLength={200} />
              <Group>
                <Button type="submit" size="sm" loading={pending}>
                  {t("boothConstruction.process.upload")}
                </Button>
              </Group>
            </Stack>
          </Form>
        )}
      </Stack>
    </Paper>
  );
}
