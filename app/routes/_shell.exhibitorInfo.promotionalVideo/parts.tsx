import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { VideoStatus } from "~/contracts/video/api-types";
import { VIDEO_ORIENTATIONS } from "~/contracts/video/values";
import { useTranslation } from "~/i18n/texts";
import { SubmitRow } from "~/components/submit-row";
import type { ReactNode } from "react";

/** The public share page of a code (route.tsx's public view). */
const SHARE_PAGE = "/exhibitorInfo/promotionalVideo";

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
        </Stack>
      ) : (
        <Text size="sm">{t("video.noVideo")}</Text>
      )}
      {status.shareUrl && status.publicCode ? (
        <Stack gap={4} data-testid="video-share-links">
          <Text size="sm" fw={600}>
            {t("video.share")} ({t(status.shown === "uploaded" ? "video.shownUploaded" : "video.shownGenerated")})
          </Text>
          <Anchor href={`${SHARE_PAGE}?code=${status.publicCode}`} size="sm" data-testid="video-share-page" style={{ overflowWrap: "anywhere" }}>
            {`${origin}${SHARE_PAGE}?code=${status.publicCode}`}
          </Anchor>
          <Anchor href={status.shareUrl} size="sm" data-testid="video-share" target="_blank" rel="noreferrer" style={{ overflowWrap: "anywhere" }}>
            {`${origin}${status.shareUrl}`}
          </Anchor>
          {status.downloadAllowed ? (
            <Anchor href={`${status.shareUrl}?download=1`} size="sm">
              {t("video.download")}
            </Anchor>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t("video.shareNothing")}
        </Text>
      )}
    </Stack>
  );
}

/** A group of choices under its bold legend, without the browser's frame. */
function PlainFieldset({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontWeight: 600 }}>{legend}</legend>
      {children}
    </fieldset>
  );
}

export function StartForm({ status, exhibits, pending }: { status: VideoStatus; exhibits: { id: number; name: string }[]; pending: boolean }) {
  const { t } = useTranslation();
  const running = status.state === "queued" || status.state === "rendering";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="start" />
      <Stack gap="sm">
        <PlainFieldset legend={t("video.orientation")}>
          {VIDEO_ORIENTATIONS.map((o) => (
            <label key={o} style={{ display: "block" }}>
              <input type="radio" name="orientation" value={o} defaultChecked={status.orientation === o} /> {t(`video.orientations.${o}`)}
            </label>
          ))}
        </PlainFieldset>
        {exhibits.length ? (
          <PlainFieldset legend={t("video.exhibits")}>
            <Text size="xs" c="dimmed">
              {t("video.exhibitsHint")}
            </Text>
            {exhibits.map((e) => (
              <label key={e.id} style={{ display: "block" }}>
                <input type="checkbox" name="exhibitIds" value={e.id} defaultChecked={status.exhibitIds.includes(e.id)} /> {e.name}
              </label>
            ))}
          </PlainFieldset>
        ) : null}
        <SubmitRow pending={pending} disabled={running} testId="video-start" label={status.video ? t("video.startAgain") : t("video.start")} />
      </Stack>
    </Form>
  );
}

/** The public link's flags: which video it plays (the company video only when the approved profile has one) and downloads. */
export function FlagsForm({ status, pending }: { status: VideoStatus; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="flags" />
      <Stack gap="sm">
        <PlainFieldset legend={t("video.shownLegend")}>
          <label style={{ display: "block" }}>
            <input type="radio" name="showsUploaded" value="" defaultChecked={!status.showsUploaded} /> {t("video.shownGenerated")}
          </label>
          <label style={{ display: "block" }}>
            <input
              type="radio"
              name="showsUploaded"
              value="1"
              defaultChecked={status.showsUploaded}
              disabled={!status.uploadedAvailable && !status.showsUploaded}
            />{" "}
            {t("video.shownUploaded")}
          </label>
          {!status.uploadedAvailable ? (
            <Text size="xs" c="dimmed">
              {t("video.noUploaded")}
            </Text>
          ) : null}
        </PlainFieldset>
        <label>
          <input type="checkbox" name="downloadAllowed" defaultChecked={status.downloadAllowed} aria-describedby="video-download-note" />{" "}
          {t("video.downloadAllowed")}
        </label>
        <Text size="xs" c="dimmed" id="video-download-note" data-testid="video-download-note">
          {t("video.downloadNote")}
        </Text>
        <Group>
          <Button type="submit" variant="light" loading={pending} data-testid="video-flags-save">
            {t("video.saveFlags")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
