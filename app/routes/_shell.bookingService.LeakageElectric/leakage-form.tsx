import { getInputProps } from "@conform-to/react";
import { Anchor, Blockquote, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import type { BoothSummary } from "~/contracts/permission/api-types";
import { usePortalForm, useErrorText, type PageFormProps } from "~/lib/forms";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import type { leakageSchema, leakageUpdateSchema } from "~/contracts/booking-forms/schema";
import { BOOKING_FILE_KINDS, BOOKING_FILE_MAX_BYTES, type LeakageCommitment } from "~/contracts/booking-forms/values";
import { BoothSelect } from "../../features/booking-forms/parts";
import "~/contracts/booking-forms/texts";
import { FormTextInput, FormTextarea } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";
import { RecordFormFrame } from "~/components/record-form-frame";

export const LEAKAGE_UPLOAD = { folder: "leakage-electric" as const, kinds: [...BOOKING_FILE_KINDS], maxBytes: BOOKING_FILE_MAX_BYTES };

/**
 * The commitment form, for a new one or to change one (then with its id and the version it was
 * read at). The rules are ticked again on every save: the ticked text is what was agreed to.
 */
export function LeakageForm(
  props: PageFormProps & {
    booths: BoothSummary[];
    defaultBooth: string;
    editing: LeakageCommitment | null;
    cancelTo: string;
  },
) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { editing } = props;
  const [form, fields] = usePortalForm<typeof leakageUpdateSchema | typeof leakageSchema>({
    id: editing ? `leakage-${editing.id}` : "leakage-new",
    constraint: props.constraint,
    lastResult: props.lastResult,
    defaultValue: {
      ...(editing
        ? {
            id: String(editing.id),
            version: String(editing.version),
            boothId: String(editing.boothId),
            equipmentName: editing.equipmentName,
            powerKw: String(editing.powerKw),
            reason: editing.reason,
            signerName: editing.signerName,
            scanUrl: editing.scanUrl,
            [uploadFieldNames("scanUrl").name]: `${editing.scanUrl}|${editing.scanName}`,
          }
        : { boothId: props.defaultBooth }),
      ...props.held,
    },
  });
  const field = (name: "equipmentName" | "signerName", max: number) => (
    <FormTextInput field={fields[name]} label={t(`bookingForms.fields.${name}`)} maxLength={max} withAsterisk />
  );
  return (
    <RecordFormFrame
      form={form}
      testId="leakage-form"
      multipart
      editing={editing}
      title={editing ? `${t("bookingForms.leakage.edit")}: ${editing.equipmentName}` : t("bookingForms.leakage.create")}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <BoothSelect
          booths={props.booths}
          name={fields.boothId.name}
          defaultValue={String(fields.boothId.initialValue ?? props.defaultBooth)}
          error={errorText(fields.boothId.errors)}
        />
        {field("equipmentName", 100)}
        <FormTextInput field={fields.powerKw} type="number" label={t("bookingForms.fields.powerKw")} step="0.01" min="0.01" withAsterisk />
        {field("signerName", 50)}
      </SimpleGrid>
      <FormTextarea field={fields.reason} label={t("bookingForms.fields.reason")} autosize minRows={2} maxLength={500} withAsterisk />
      <Blockquote p="sm" data-testid="rules">
        {t("bookingForms.leakage.rules")}
      </Blockquote>
      <Checkbox
        {...getInputProps(fields.readRules, { type: "checkbox" })}
        key={fields.readRules.key}
        label={t("bookingForms.fields.readRules")}
        error={errorText(fields.readRules.errors)}
      />
      <FieldFileUpload field={fields.scanUrl} formValues={form.initialValue} {...LEAKAGE_UPLOAD} label={t("bookingForms.fields.scan")} />
      <SubmitRow pending={props.pending} label={t(editing ? "bookingForms.leakage.update" : "bookingForms.leakage.save")}>
        {editing ? (
          <Button component={Link} to={props.cancelTo} variant="default">
            {t("bookingForms.common.back")}
          </Button>
        ) : null}
      </SubmitRow>
    </RecordFormFrame>
  );
}

/** Exhibition time (UTC+8), the same on the server and in the browser (no hydration mismatch). */
const exhibitionTime = (iso: string) =>
  new Intl.DateTimeFormat("zh-CN", { timeZone: "Asia/Shanghai", dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

export function LeakageDetail({ item, path }: { item: LeakageCommitment; path: string }) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [
    ["bookingForms.fields.booth", item.boothNo],
    ["bookingForms.fields.equipmentName", item.equipmentName],
    ["bookingForms.fields.powerKw", item.powerKw],
    ["bookingForms.fields.reason", item.reason],
    ["bookingForms.fields.signerName", item.signerName],
    [
      "bookingForms.fields.scan",
      <Anchor key="scan" href={item.scanUrl} target="_blank" rel="noopener">
        {item.scanName}
      </Anchor>,
    ],
    ["bookingForms.leakage.rulesAcceptedAt", exhibitionTime(item.rulesAcceptedAt)],
  ];
  return (
    <Paper withBorder p="md" data-testid="leakage-detail">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {item.equipmentName}
        </Title>
        <Table className="pairs-table">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={200}>{t(label)}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          {t("bookingForms.leakage.rules")}
        </Text>
        <Group>
          <Button component={Link} to={`${path}?edit=${item.id}`}>
            {t("bookingForms.leakage.edit")}
          </Button>
          <Button component={Link} to={`${path}?delete=${item.id}`} color="red.9" variant="outline">
            {t("bookingForms.leakage.delete")}
          </Button>
          <Button component={Link} to={path} variant="default">
            {t("bookingForms.common.back")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
