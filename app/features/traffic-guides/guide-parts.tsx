import { Anchor, Group, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { GuideIntro } from "~/contracts/traffic-guides/api-types";
import { ContentBody } from "~/features/home/content-body";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/traffic-guides/texts";
import { Panel } from "~/components/panel";

/** A text in the reader's language, the other one when it is missing. */
export function usePick() {
  const { language } = useTranslation();
  return (zh: string, en: string) => (language === "en" ? en || zh : zh || en);
}

/** A guide page's head: its title, the organizer's intro text, and for the organizer a link to maintain it. */
export function GuideHeader({ title, intro, manageLink }: { title: string; intro: GuideIntro; manageLink: string | null }) {
  const { t } = useTranslation();
  const pick = usePick();
  const body = pick(intro.bodyZh, intro.bodyEn);
  return (
    <Panel gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {title}
        </Title>
        {manageLink ? (
          <Anchor component={Link} to={manageLink} size="sm">
            {t("trafficGuides.admin.title")}
          </Anchor>
        ) : null}
      </Group>
      {body.trim() ? (
        <div data-testid="guide-intro">
          <ContentBody body={body} />
        </div>
      ) : null}
    </Panel>
  );
}

/** A labelled line of a card; nothing when the text is empty. */
export function Fact({ label, text }: { label: string; text: string }) {
  if (!text.trim()) return null;
  return (
    <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
      <Text span fw={600}>
        {label}:{" "}
      </Text>
      {text}
    </Text>
  );
}
