import { Alert, Anchor, Group, Image, Stack, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/promotion/texts";

/** Which poster a content page shows (server/seed/home-content.ts describes them). */
export const POSTER_OF_SLUG = { poster: "micro", posterCn: "zh", posterEn: "en" } as const;
export type PosterSlug = keyof typeof POSTER_OF_SLUG;

/**
 * What the poster pages show above their text: the signed-in exhibitor's own poster, or why there
 * is none (signed out; the organizer's and other accounts without a booth).
 */
export type PosterBlock =
  | { state: "image"; kind: (typeof POSTER_OF_SLUG)[PosterSlug]; company: string }
  | { state: "organizer" }
  | { state: "noBooth" }
  | { state: "signIn"; loginUrl: string };

const imageUrl = (kind: string, query = "") => `/index/poster-image/${kind}${query}`;

/** The poster at phone width (at most 375 px, its half size) with plain download links: no script needed. */
export function PosterImage({ block }: { block: PosterBlock }) {
  const { t } = useTranslation();
  if (block.state === "organizer") return <Alert data-testid="poster-note">{t("promotion.images.organizerNote")}</Alert>;
  if (block.state === "noBooth") return <Alert data-testid="poster-note">{t("promotion.images.errors.noBooth")}</Alert>;
  if (block.state === "signIn") {
    return (
      <Alert data-testid="poster-note">
        <Anchor href={block.loginUrl}>{t("promotion.images.signInNote")}</Anchor>
      </Alert>
    );
  }
  return (
    <Stack gap="xs" data-testid="poster-image">
      <Text fw={600}>{t("promotion.images.yourPoster")}</Text>
      <a href={imageUrl(block.kind)} target="_blank" rel="noopener" style={{ display: "block", width: "100%", maxWidth: 375 }}>
        <Image
          src={imageUrl(block.kind)}
          alt={t(`promotion.images.posterAlt.${block.kind}`, { company: block.company })}
          w="100%"
          maw={375}
          radius="sm"
          style={{ aspectRatio: "750 / 1334" }}
        />
      </a>
      <Group gap="md">
        <Anchor href={imageUrl(block.kind, "?format=png&download=1")} download>
          {t("promotion.images.downloadPng")}
        </Anchor>
        <Anchor href={imageUrl(block.kind, "?format=pdf&download=1")} download>
          {t("promotion.images.downloadPdf")}
        </Anchor>
      </Group>
    </Stack>
  );
}
