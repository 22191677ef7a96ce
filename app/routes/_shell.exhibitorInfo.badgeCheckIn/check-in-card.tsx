import { Alert, Group, Image, Stack, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { BadgeCheckIn, CheckInResult, VisitorCheckIn } from "~/contracts/badges/check-in-types";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import "~/contracts/badges/texts";
import "~/contracts/leads/texts";

/** Who just came in: green the first time, amber when the badge or pass had been checked in before. */
export function CheckInCard({ checkIn }: { checkIn: CheckInResult }) {
  return "visitor" in checkIn ? <VisitorCard checkIn={checkIn} /> : <BadgeCard checkIn={checkIn} />;
}

/** A visitor's pass at the entrance (issue 56): who, and whether they came in before. */
function VisitorCard({ checkIn }: { checkIn: VisitorCheckIn }) {
  const { t } = useTranslation();
  const date = `${exhibitionDateTime(checkIn.checkedInAt)} (UTC+8)`;
  return (
    <Alert
      color={checkIn.alreadyCheckedIn ? "orange" : "green"}
      role="status"
      title={checkIn.alreadyCheckedIn ? t("leads.checkIn.visitorAgain", { date }) : t("leads.checkIn.visitorFirst")}
      data-testid="check-in-result"
      data-already={checkIn.alreadyCheckedIn ? "true" : "false"}
    >
      <Stack gap={2}>
        <Text fw={600} size="lg">
          {checkIn.visitor.name}
        </Text>
        <Text size="sm">{checkIn.visitor.company}</Text>
        <Text size="sm">
          {t("leads.checkIn.visitor")} {checkIn.visitor.visitorNo}
        </Text>
      </Stack>
    </Alert>
  );
}

function BadgeCard({ checkIn }: { checkIn: BadgeCheckIn }) {
  const { t } = useTranslation();
  const { badge, exhibitor } = checkIn;
  const time = `${exhibitionDateTime(checkIn.checkedInAt)} (UTC+8)`;
  return (
    <Alert
      color={checkIn.alreadyCheckedIn ? "orange" : "green"}
      role="status"
      title={checkIn.alreadyCheckedIn ? t("badges.checkIn.alreadyCheckedIn", { time }) : t("badges.checkIn.checkedIn")}
      data-testid="check-in-result"
      data-already={checkIn.alreadyCheckedIn ? "true" : "false"}
    >
      <Group align="flex-start" wrap="nowrap">
        {badge.photoUrl ? <Image src={badge.photoUrl} alt="" w={72} h={96} fit="cover" radius="sm" /> : null}
        <Stack gap={2}>
          <Text fw={600} size="lg">
            {badge.holderName}
          </Text>
          <Text size="sm">{badge.company}</Text>
          <Text size="sm">
            {t("badges.fields.booth")}: {badge.boothNo} · {t(`badges.kinds.${badge.kind}`)} · {t(`badges.statuses.${badge.status}`)}
          </Text>
          <Text size="sm">
            {exhibitor.name}: {t("badges.checkIn.arrived")} {exhibitionDateTime(exhibitor.arrivedAt)} (UTC+8)
          </Text>
          {badge.status === "submitted" ? (
            <Text size="sm" c="orange.9">
              {t("badges.checkInPage.notReviewed")}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Alert>
  );
}
