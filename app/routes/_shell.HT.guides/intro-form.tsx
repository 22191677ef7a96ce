import { getFormProps } from "@conform-to/react";
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import type { GuideIntro } from "~/contracts/traffic-guides/api-types";
import type { guideIntroSaveSchema } from "~/contracts/traffic-guides/schema";
import { GUIDE_INTRO_MAX, type Guide } from "~/contracts/traffic-guides/values";
import { ContentBody } from "~/features/home/content-body";
import { useTranslation } from "~/i18n/texts";
import { usePortalForm, type FormReply } from "~/lib/forms";
import "~/contracts/traffic-guides/texts";
import { FormTextarea } from "~/components/form-fields";

type Props = FormReply & {
  intro: GuideIntro;
  held: Record<string, string | string[]> | null;
  /** What "Preview" rendered, without saving. */
  preview: { bodyZh: string; bodyEn: string } | null;
  pending: boolean;
};

/**
 * One guide's intro in both languages (the content pages' plain-text format), with a preview as
 * exhibitors will read it: "Preview" renders what was typed and saves nothing. Plain post.
 */
export function IntroForm({ intro, held, constraint, lastResult, preview, pending }: Props) {
  const { t } = useTranslation();
  const guide: Guide = intro.guide;
  const [form, fields] = usePortalForm<typeof guideIntroSaveSchema>({
    id: `guide-intro-${guide}`,
    constraint,
    lastResult,
    defaultValue: { guide, bodyZh: intro.bodyZh, bodyEn: intro.bodyEn, ...held },
  });
  const shown = preview ?? { bodyZh: intro.bodyZh, bodyEn: intro.bodyEn };
  const body = (name: "bodyZh" | "bodyEn") => (
    <FormTextarea
      field={fields[name]}
      label={t(`trafficGuides.fields.${name === "bodyZh" ? "introZh" : "introEn"}`)}
      maxLength={GUIDE_INTRO_MAX}
      autosize
      minRows={5}
      maxRows={20}
    />
  );
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t(guide === "bus" ? "trafficGuides.admin.busIntro" : "trafficGuides.admin.parkingIntro")}
      </Title>
      <Form method="post" {...getFormProps(form)} data-testid={`intro-form-${guide}`}>
        <input type="hidden" name="guide" value={guide} />
        <Stack gap="sm">
          <FormError errors={form.errors} id={form.errorId} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {body("bodyZh")}
            {body("bodyEn")}
          </SimpleGrid>
          <Group>
            <Button type="submit" name="intent" value="saveIntro" loading={pending} data-testid={`intro-save-${guide}`}>
              {t("trafficGuides.admin.save")}
            </Button>
            <Button type="submit" name="intent" value="previewIntro" variant="default" data-testid={`intro-preview-${guide}`}>
              {t("trafficGuides.admin.preview")}
            </Button>
          </Group>
        </Stack>
      </Form>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {(["bodyZh", "bodyEn"] as const).map((name) => (
          <Paper key={name} withBorder p="sm" data-testid={`intro-preview-${guide}-${name}`} lang={name === "bodyZh" ? "zh" : "en"}>
            <Text size="xs" c="dimmed" mb="xs">
              {t("trafficGuides.admin.preview")}: {t(`trafficGuides.fields.${name === "bodyZh" ? "introZh" : "introEn"}`)}
            </Text>
            {shown[name].trim() ? <ContentBody body={shown[name]} /> : <Text c="dimmed">—</Text>}
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
