import { Anchor, Button, Stack, Text, Title } from "@mantine/core";
import type { PublicVideoPage } from "~/contracts/video/api-types";
import { useTranslation } from "~/i18n/texts";

/**
 * The public side of /exhibitorInfo/promotionalVideo (a public page of the spec): with ?code=… the
 * company's video as its share link plays it; without a code, what the page is for and a sign-in.
 */
export function PublicVideo({ page, error }: { page: PublicVideoPage | null; error: string | null }) {
  const { t } = useTranslation();
  if (!page)
    return (
      <Text role="alert" data-testid="public-video-error">
        {error}
      </Text>
    );
  const booths = page.booths.map((b) => [b.hall, b.boothNo].filter(Boolean).join(" ")).join(", ");
  return (
    <Stack gap="sm" data-testid="public-video">
      <Title order={1} size="h3">
        {page.company}
      </Title>
      {booths ? (
        <Text size="sm" c="dimmed">
          {t("video.publicBooth")} {booths}
        </Text>
      ) : null}
      {/* biome-ignore lint/a11y/useMediaCaption: a promotional video with music and no speech */}
      <video
        controls
        preload="metadata"
        src={page.video.url}
        poster={page.video.posterUrl ?? undefined}
        data-testid="public-video-player"
        style={{ width: "100%", maxWidth: page.video.orientation === "portrait" ? 360 : 720, background: "#000" }}
      />
      {page.video.downloadUrl ? (
        <Anchor href={page.video.downloadUrl} size="sm">
          {t("video.download")}
        </Anchor>
      ) : null}
    </Stack>
  );
}

export function PublicIntro({ signIn }: { signIn: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={1} size="h3">
        {t("video.publicTitle")}
      </Title>
      <Text>{t("video.publicNoCode")}</Text>
      <Button component="a" href={signIn}>
        {t("video.publicSignIn")}
      </Button>
    </Stack>
  );
}
