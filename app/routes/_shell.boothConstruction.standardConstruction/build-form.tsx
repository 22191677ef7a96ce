import { HiddenFields } from "~/components/hidden-fields";
import { getFormProps } from "@conform-to/react";
import { Button, Checkbox, Group, Input, Radio, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import type { StandardBuildAnswer } from "~/contracts/booth-construction/api-types";
import { boothSizeName } from "~/contracts/booth-construction/equipment";
import { FASCIA_MAX_BYTES } from "~/contracts/booth-construction/fascia-rules";
import type { standardBuildSchema } from "~/contracts/booth-construction/schema";
import {
  CARPET_COLOURS,
  CARPET_SLOTS,
  EXTRA_BOARDS_MAX,
  FASCIA_NAME_EN_MAX,
  FASCIA_NAME_ZH_MAX,
  OTHER_REQUIREMENTS_MAX,
  WALLS,
} from "~/contracts/booth-construction/values";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { useErrorText, usePortalForm, type PageFormProps } from "~/lib/forms";
import { FasciaPreview } from "./fascia-preview";
import "~/contracts/booth-construction/texts";
import { FormSelect, FormTextInput, FormTextarea } from "~/components/form-fields";

export const FASCIA_UPLOAD = { folder: "booth-fascia" as const, kinds: ["jpg" as const, "cdr" as const], maxBytes: FASCIA_MAX_BYTES };

const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : value === undefined || value === null || value === "" ? [] : [String(value)]);

/** The build as the form's starting values: the saved build, under what was typed before a session ended. */
function startingValues(answer: StandardBuildAnswer, held: PageFormProps["held"]) {
  const { build } = answer;
  return {
    version: String(build.version),
    fasciaMode: build.fasciaMode,
    fasciaNameZh: build.fasciaNameZh,
    fasciaNameEn: build.fasciaNameEn,
    fasciaFileUrl: build.fasciaFile?.url ?? "",
    [uploadFieldNames("fasciaFileUrl").name]: build.fasciaFile ? `${build.fasciaFile.url}|${build.fasciaFile.name}` : "",
    unneededEquipment: build.unneededEquipment,
    wallsRemoved: build.wallsRemoved,
    extraBoards: String(build.extraBoards),
    positioningDate: build.positioningDate ?? "",
    carpetColour: build.carpetColour,
    carpetLayingDay: build.carpetLayingDay ?? "",
    carpetLayingSlot: build.carpetLayingSlot ?? "",
    otherRequirements: build.otherRequirements,
    ...held,
  };
}

/**
 * The standard booth build: equipment not needed, the fascia (standard with a preview, or custom
 * artwork), partitions, early positioning and carpet, other requirements. 'Save draft' skips the
 * rules a submission needs; 'Submit' sends it for review. Every control is a native one, so the
 * form posts the same without JavaScript (the artwork then arrives as a file).
 */
export function BuildForm({
  answer,
  held,
  constraint,
  lastResult,
  pending,
}: PageFormProps & {
  answer: StandardBuildAnswer;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { build, settings } = answer;
  const [form, fields] = usePortalForm<typeof standardBuildSchema>({
    id: `standard-build-${build.booth.boothId}`,
    constraint,
    lastResult,
    defaultValue: startingValues(answer, held),
  });
  const unneeded = new Set(asList(fields.unneededEquipment.initialValue));
  const wallsRemoved = new Set(asList(fields.wallsRemoved.initialValue));
  const mode = String(fields.fasciaMode.value ?? fields.fasciaMode.initialValue ?? "standard");
  const buildUpDays = [...new Set(answer.carpetTimes.map((c) => c.day))];
  const check = build.fasciaCheck;

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} data-testid="standard-build-form">
      <HiddenFields values={{ version: build.version, exists: build.id === null ? "" : "1" }} />
      <Stack gap="lg">
        <FormError errors={form.errors} id={form.errorId} />

        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("boothConstruction.standard.equipmentTitle", { size: boothSizeName(build.booth) })}
          </Title>
          <Text size="sm" c="dimmed">
            {t("boothConstruction.standard.equipmentHint")}
          </Text>
          <Table.ScrollContainer minWidth={320}>
            <Table data-testid="equipment" id={fields.unneededEquipment.id}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("boothConstruction.standard.item")}</Table.Th>
                  <Table.Th>{t("boothConstruction.standard.quantity")}</Table.Th>
                  <Table.Th>{t("boothConstruction.standard.notNeeded")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody key={fields.unneededEquipment.key}>
                {build.equipment.map((item) => (
                  <Table.Tr key={item.code}>
                    <Table.Td>{t(`boothConstruction.equipment.${item.code}`)}</Table.Td>
                    <Table.Td>{t(`boothConstruction.standard.units.${item.unit}`, { count: item.quantity })}</Table.Td>
                    <Table.Td>
                      <Checkbox
                        name={fields.unneededEquipment.name}
                        value={item.code}
                        defaultChecked={unneeded.has(item.code)}
                        aria-label={`${t("boothConstruction.standard.notNeeded")}: ${t(`boothConstruction.equipment.${item.code}`)}`}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {fields.unneededEquipment.errors ? (
            <Text c="red.8" size="sm">
              {errorText(fields.unneededEquipment.errors)}
            </Text>
          ) : null}
        </Stack>

        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("boothConstruction.standard.fasciaTitle")}
          </Title>
          <Input.Wrapper error={errorText(fields.fasciaMode.errors)}>
            <Stack gap={6} role="radiogroup" aria-label={t("boothConstruction.fields.fasciaMode")} key={fields.fasciaMode.key}>
              <Radio
                name={fields.fasciaMode.name}
                value="standard"
                label={t("boothConstruction.standard.fasciaStandard")}
                defaultChecked={mode === "standard"}
              />
              <Radio name={fields.fasciaMode.name} value="custom" label={t("boothConstruction.standard.fasciaCustom")} defaultChecked={mode === "custom"} />
            </Stack>
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FormTextInput field={fields.fasciaNameZh} required={false} label={t("boothConstruction.fields.fasciaNameZh")} maxLength={FASCIA_NAME_ZH_MAX} />
            <FormTextInput field={fields.fasciaNameEn} required={false} label={t("boothConstruction.fields.fasciaNameEn")} maxLength={FASCIA_NAME_EN_MAX} />
          </SimpleGrid>
          <FasciaPreview
            nameZh={String(fields.fasciaNameZh.value ?? fields.fasciaNameZh.initialValue ?? "")}
            nameEn={String(fields.fasciaNameEn.value ?? fields.fasciaNameEn.initialValue ?? "")}
            boothNo={build.booth.boothNo}
          />
          <Text size="sm" c="dimmed">
            {t("boothConstruction.standard.fasciaCustomHint")}
          </Text>
          <FieldFileUpload field={fields.fasciaFileUrl} formValues={form.initialValue} {...FASCIA_UPLOAD} label={t("boothConstruction.fields.fasciaFile")} />
          {check ? (
            <Text size="sm" c="dimmed" data-testid="fascia-check">
              {check.kind === "cdr"
                ? t("boothConstruction.standard.checkManual")
                : t("boothConstruction.standard.checkJpg", {
                    width: check.widthPx,
                    height: check.heightPx,
                    dpi: check.dpi ? `${check.dpi} dpi` : t("boothConstruction.standard.checkNoDpi"),
                  })}
            </Text>
          ) : null}
        </Stack>

        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("boothConstruction.standard.partitionsTitle")}
          </Title>
          <Input.Wrapper label={t("boothConstruction.fields.wallsRemoved")} error={errorText(fields.wallsRemoved.errors)}>
            <Group gap="md" mt={4} key={fields.wallsRemoved.key}>
              {WALLS.map((wall) => (
                <Checkbox
                  key={wall}
                  name={fields.wallsRemoved.name}
                  value={wall}
                  label={t(`boothConstruction.standard.walls.${wall}`)}
                  defaultChecked={wallsRemoved.has(wall)}
                />
              ))}
            </Group>
          </Input.Wrapper>
          <FormTextInput
            field={fields.extraBoards}
            type="number"
            required={false}
            min={0}
            max={EXTRA_BOARDS_MAX}
            w={200}
            label={t("boothConstruction.fields.extraBoards")}
          />
        </Stack>

        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("boothConstruction.standard.datesTitle")}
          </Title>
          <FormTextInput
            field={fields.positioningDate}
            type="date"
            required={false}
            // No min/max: the browser would refuse in its own words; the hint and the server say the range.
            maw={480}
            label={t("boothConstruction.fields.positioningDate")}
            description={t("boothConstruction.standard.positioningHint", { from: settings.buildUpFrom, to: settings.buildUpTo })}
            inputWrapperOrder={["label", "input", "description", "error"]}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <FormSelect
              field={fields.carpetColour}
              required={false}
              label={t("boothConstruction.fields.carpetColour")}
              data={CARPET_COLOURS.map((c) => ({ value: c, label: t(`boothConstruction.standard.carpetColours.${c}`) }))}
            />
            <FormSelect
              field={fields.carpetLayingDay}
              required={false}
              label={t("boothConstruction.fields.carpetLayingDay")}
              data={[{ value: "", label: t("boothConstruction.standard.noDay") }, ...buildUpDays.map((d) => ({ value: d, label: d }))]}
            />
            <FormSelect
              field={fields.carpetLayingSlot}
              required={false}
              label={t("boothConstruction.fields.carpetLayingSlot")}
              data={[
                { value: "", label: t("boothConstruction.standard.noDay") },
                ...CARPET_SLOTS.map((s) => ({ value: s, label: t(`boothConstruction.standard.slots.${s}`) })),
              ]}
            />
          </SimpleGrid>
          <FormTextarea
            field={fields.otherRequirements}
            required={false}
            label={t("boothConstruction.fields.otherRequirements")}
            maxLength={OTHER_REQUIREMENTS_MAX}
            autosize
            minRows={3}
          />
        </Stack>

        <Group>
          <Button type="submit" name="intent" value="draft" variant="default" formNoValidate loading={pending}>
            {t("boothConstruction.standard.saveDraft")}
          </Button>
          <Button type="submit" name="intent" value="submit" loading={pending}>
            {t("boothConstruction.standard.submit")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
