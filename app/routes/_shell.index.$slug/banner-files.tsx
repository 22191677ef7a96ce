import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { DataFile } from "~/contracts/data-area/api-types";
import { dataFileDownloadPath } from "~/contracts/data-area/values";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/data-area/texts";

/** What /index/bannerDownload offers above its text: the data area's logo and banner files, or a sign-in link. */
export type BannerBlock = { state: "signIn"; loginUrl: string } | { state: "files"; files: DataFile[] } | { state: "none" };

export function BannerFiles({ block }: { block: BannerBlock }) {
  const { t, language } = useTranslation();
  if (block.state === "none") return null;
  if (block.state === "signIn")
    return (
      <Text data-testid="banner-sign-in">
        <Anchor href={block.loginUrl}>{t("dataArea.bannerSignIn")}</Anchor>
      </Text>
    );
  if (!block.files.length) return null;
  return (
    <Paper withBorder p="md" data-testid="banner-files">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("dataArea.bannerFiles")}
        </Title>
        {block.files.map((file) => (
          <Group key={file.id} justify="space-between" wrap="wrap" gap="xs">
            <Text style={{ overflowWrap: "anywhere" }}>{language === "en" ? file.nameEn || file.nameZh : file.nameZh || file.nameEn}</Text>
            <Button component="a" href={dataFileDownloadPath(file.id)} size="xs" variant="light">
              {t("dataArea.download")}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
