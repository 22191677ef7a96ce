import { HiddenFields } from "~/components/hidden-fields";
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { ShowcaseMine } from "~/contracts/showcase/api-types";
import { qrImageUrl } from "~/features/showcase/paths";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/showcase/texts";

/**
 * A phone-sized preview (360 px) of the public page as saved, from the exhibitor's own data, and
 * beside it the QR code, its PNG download, the link, and the on/off switch.
 */
export function PhonePreview({ showcase, company, booth }: { showcase: ShowcaseMine; company: string; booth: string | null }) {
  const { t, language } = useTranslation();
  const chosen = showcase.selected.flatMap((id) => showcase.candidates.filter((c) => c.id === id));
  if (!showcase.publicUrl)
    return (
      <Text c="dimmed" data-testid="preview-empty">
        {t("showcase.page.previewEmpty")}
      </Text>
    );
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      {/* A flex item keeps its content's width unless allowed to shrink: the 360 px phone must fit a 360 px screen. */}
      <Stack gap={6} style={{ flex: "0 1 360px", minWidth: 0, maxWidth: "100%" }}>
        <Title order={2} size="h4">
          {t("showcase.page.preview")}
        </Title>
        <Paper
          withBorder
          w="100%"
          mih={480}
          p="md"
          radius="lg"
          data-testid="phone-preview"
          style={{ maxWidth: "100%", borderWidth: 8, borderColor: "#222", overflowWrap: "anywhere" }}
        >
          <Stack gap="sm">
            <Title order={3} size="h4">
              {company}
            </Title>
            {booth ? (
              <Text size="sm" c="dimmed">
                {t("showcase.public.booth")} {booth}
              </Text>
            ) : null}
            {chosen.map((c) => (
              <Stack key={c.id} gap={4} data-testid="preview-exhibit">
                {c.imageUrl ? <img src={c.imageUrl} alt="" width={328} height={200} style={{ maxWidth: "100%", height: "auto", objectFit: "cover" }} /> : null}
                <Text fw={600}>{language === "en" ? c.nameEn || c.nameZh : c.nameZh || c.nameEn}</Text>
              </Stack>
            ))}
            <Button fullWidth component="span">
              {t("showcase.public.register")}
            </Button>
          </Stack>
        </Paper>
      </Stack>
      <Stack gap="sm" maw={320}>
        <Title order={2} size="h4">
          {t("showcase.page.qrTitle")}
        </Title>
        <img src={qrImageUrl()} alt={t("showcase.page.qrAlt")} width={200} height={200} data-testid="showcase-qr" />
        <Text size="sm">{t("showcase.page.qrHint")}</Text>
        <Anchor href={qrImageUrl(true)} download="showcase-qr.png" data-testid="qr-download">
          {t("showcase.page.download")}
        </Anchor>
        <Anchor href={showcase.publicUrl} target="_blank" rel="noopener" style={{ overflowWrap: "anywhere" }} data-testid="public-link">
          {t("showcase.page.open")}: {showcase.publicUrl}
        </Anchor>
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {t("showcase.page.status")}
              </Text>
              <Badge color={showcase.enabled ? "teal" : "gray"} data-testid="showcase-status">
                {showcase.enabled ? t("showcase.page.on") : t("showcase.page.off")}
              </Badge>
            </Group>
            {showcase.hiddenByOrganizer ? (
              <Text size="sm" c="orange" data-testid="hidden-by-organizer">
                {t("showcase.page.hiddenByOrganizer")}
              </Text>
            ) : null}
            <Form method="post">
              <HiddenFields values={{ intent: "enable", enabled: showcase.enabled ? "false" : "true" }} />
              <Button type="submit" variant="light" size="xs" data-testid="showcase-switch">
                {showcase.enabled ? t("showcase.page.switchOff") : t("showcase.page.switchOn")}
              </Button>
            </Form>
          </Stack>
        </Paper>
      </Stack>
    </Group>
  );
}
