import { Alert, Image, Stack, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";

/** The code image and the two tip lines; without a code, a short notice instead. */
export function ContactUsContent({ qrCode, tips }: { qrCode: string | null; tips: string[] }) {
  const { t } = useTranslation();
  if (!qrCode) {
    return (
      <Alert color="yellow" role="status">
        {t("shell.contactUnavailable")}
      </Alert>
    );
  }
  return (
    <Stack gap="xs" align="center">
      <Image src={qrCode} alt={t("shell.contactImageAlt")} w={200} h={200} data-testid="contact-code" />
      {tips.map((tip) => (
        <Text key={tip} size="sm" ta="center">
          {tip}
        </Text>
      ))}
    </Stack>
  );
}
