import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Anchor, Button, Group, NativeSelect, Textarea, TextInput } from "@mantine/core";
import { Link } from "@remix-run/react";
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

/** Save, and on an edit a link back to the page's new forms. */
export function SaveButtons({ editing, pending, testId }: { editing: boolean; pending: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button type="submit" loading={pending} data-testid={testId}>
        {t("trafficGuides.admin.save")}
      </Button>
      {editing ? (
        <Anchor component={Link} to={GUIDES_ADMIN_PATH}>
          {t("common.cancel")}
        </Anchor>
      ) : null}
    </Group>
  );
}
