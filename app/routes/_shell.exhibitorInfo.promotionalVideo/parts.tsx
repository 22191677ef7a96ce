import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { VideoStatus } from "~/contracts/video/api-types";
import { VIDEO_ORIENTATIONS } from "~/contracts/video/values";
import { useTranslation } from "~/i18n/texts";

/** The promotional video page's parts (route.tsx): the job's state, the player and share link, the start and flags forms. */
export function VideoState({ status, origin }: { status: VideoStatus; origin: string }) {
  const { t } = useTranslation();
  const running = status.state === "queued" || status.state === "rendering";
  const reason = status.error ? (status.error.startsWith("video.") ? t(status.error) : status.error) : "";
  return (
    <Stack gap="sm">
      <Text fw={600} data-testid="video-state" data-state={status.state} role="status" aria-live="polite">
        {t(`video.states.${status.state}`, { progress: status.progress, reason })}
      </Text>
      {running ? (
        <progress max={100} value={status.state === "queued" ? undefined : status.progress} aria-label={t("video.title")} style={{ width: "100%" }}>
          {status.progress} %
        </progress>
      ) : null}
      {running && status.video ? (
        <Text size="sm" c="dimmed">
          {t("video.keptOld")}
        </Text>
      ) : null}
      {status.video ? (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("video.player")}
          </Title>
          {/* biome-ignore lint/a11y/useMediaCaption: a generated video with music and no speech */}
          <video
            controls
            preload="metadata"
            poster={status.video.posterUrl}
            src={status.video.url}
            data-testid="video-player"
            style={{ maxWidth: "100%", maxHeight: 480, background: "#000" }}
          />
          <Text size="sm">
            {t("video.duration", { seconds: Math.round(status.video.durationMs / 1000), size: (status.video.sizeBytes / 1024 / 1024).toFixed(1) })}
          </Text>
          <Group gap="xs">
            <Text size="sm">{t("video.share")}:</Text>
            <Anchor href={status.video.url} size="sm" data-testid="video-share" target="_blank" rel="noreferrer">
              {`${origin}${status.video.url}`}
            </Anchor>
            {status.downloadAllowed ? (
              <Anchor href={`${status.video.url}?download=1`} size="sm">
                {t("video.download")}
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      ) : (
        <Text size="sm">{t("video.noVideo")}</Text>
      )}
    </Stack>
  );
}

export function StartForm({ status, exhibits, pending }: { status: VideoStatus; exhibits: { id: number; name: string }[]; pending: boolean }) {
  const { t } = useTranslation();
  const running = status.state === "queued" || status.state === "rendering";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="start" />
      <Stack gap="sm">
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600 }}>{t("video.orientation")}</legend>
          {VIDEO_ORIENTATIONS.map((o) => (
            <label key={o} style={{ display: "block" }}>
              <input type="radio" name="orientation" value={o} defaultChecked={status.orientation === o} /> {t(`video.orientations.${o}`)}
            </label>
          ))}
        </fieldset>
        {exhibits.length ? (
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600 }}>{t("video.exhibits")}</legend>
            <Text size="xs" c="dimmed">
              {t("video.exhibitsHint")}
            </Text>
            {exhibits.map((e) => (
              <label key={e.id} style={{ display: "block" }}>
                <input type="checkbox" name="exhibitIds" value={e.id} defaultChecked={status.exhibitIds.includes(e.id)} /> {e.name}
              </label>
            ))}
          </fieldset>
        ) : null}
        <Group>
          <Button type="submit" disabled={running} loading={pending} data-testid="video-start">
            {status.video ? t("video.startAgain") : t("video.start")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

export function FlagsForm({ downloadAllowed, pending }: { downloadAllowed: boolean; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="flags" />
      <Group>
        <label>
          <input type="checkbox" name="downloadAllowed" defaultChecked={downloadAllowed} /> {t("video.downloadAllowed")}
        </label>
        <Button type="submit" variant="light" loading={pending}>
          {t("video.saveFlags")}
        </Button>
      </Group>
    </Form>
  );
}
