import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { NativeSelect, Textarea, TextInput } from "@mantine/core";
import type { EditFormKind } from "~/components/edit-form-frame";
import { GUIDES_ADMIN_PATH } from "~/contracts/traffic-guides/values";
import { useTranslation } from "~/i18n/texts";
import { useErrorText } from "~/lib/forms";
import "~/contracts/traffic-guides/texts";

/**
 * The controls of the guides' forms, labelled from trafficGuides.fields.<name> and showing the
 * field's server errors (translated): one place for what every form here repeats.
 */
type Field = Parameters<typeof getInputProps>[0] & Parameters<typeof getTextareaProps>[0] & Parameters<typeof getSelectProps>[0];
type InputType = "text" | "number" | "date" | "time";

export function useFieldKit() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const label = (field: Field) => t(`trafficGuides.fields.${field.name}`);
  return {
    input: (field: Field, options: { type?: InputType; required?: boolean; max?: number; min?: string | number; maxValue?: string | number } = {}) => (
      <TextInput
        {...getInputProps(field, { type: options.type ?? "text" })}
        key={field.key}
        label={label(field)}
        maxLength={options.type === "text" || !options.type ? options.max : undefined}
        min={options.min}
        max={options.maxValue}
        withAsterisk={options.required}
        error={errorText(field.errors)}
      />
    ),
    area: (field: Field, max: number) => (
      <Textarea {...getTextareaProps(field)} key={field.key} label={label(field)} maxLength={max} autosize minRows={2} error={errorText(field.errors)} />
    ),
    select: (field: Field, data: { value: string; label: string }[]) => (
      <NativeSelect {...getSelectProps(field)} key={field.key} label={label(field)} data={data} withAsterisk error={errorText(field.errors)} />
    ),
  };
}

const GUIDE_FORM = { editTitle: "trafficGuides.admin.edit", save: "trafficGuides.admin.save", cancelTo: GUIDES_ADMIN_PATH };

/** The guides' add/edit forms (EditFormFrame): each one's test ids, intent and title when it adds. */
export const GUIDE_FORMS = {
  route: { ...GUIDE_FORM, testId: "route-form", intent: "saveRoute", newTitle: "trafficGuides.admin.newRoute", saveTestId: "route-save" },
  stop: { ...GUIDE_FORM, testId: "stop-form", intent: "saveStop", newTitle: "trafficGuides.admin.newStop", saveTestId: "stop-save" },
  timetable: { ...GUIDE_FORM, testId: "timetable-form", intent: "saveTimetable", newTitle: "trafficGuides.admin.newTimetable", saveTestId: "timetable-save" },
  carPark: {
    ...GUIDE_FORM,
    testId: "car-park-form",
    intent: "saveCarPark",
    newTitle: "trafficGuides.admin.newCarPark",
    saveTestId: "car-park-save",
    multipart: true,
  },
} satisfies Record<string, EditFormKind>;
