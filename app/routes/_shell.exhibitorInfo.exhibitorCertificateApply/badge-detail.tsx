import { Anchor, Button, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";
import type { BadgeDetail as BadgeDetailView } from "~/contracts/badges/api-types";
import { FieldTable } from "~/components/field-table";
import { holderRows, StatusTag } from "~/features/badges/badge-parts";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { formatMoney } from "~/contracts/common/format";
import { BADGES_PATH as PATH } from "./list-query";
import type { HistoryEntry } from "~/contracts/team/api-types";
import { RecordHistory } from "~/features/team/record-history";
import "~/contracts/badges/texts";

/** One badge as the exhibitor sees it (contacts masked), with what can be done with it and its history. */
export function BadgeDetail({
  badge,
  history,
  backTo,
  readOnly,
}: {
  badge: BadgeDetailView;
  history: HistoryEntry[] | null;
  backTo: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    ...holderRows(badge, t),
    ["badges.fields.kind", badge.kind === "paid" ? `${t("badges.kinds.paid")} · ${formatMoney(badge.priceCents)}` : t("badges.kinds.free")],
    ["badges.page.status", <StatusTag key="status" status={badge.status} />],
    ["badges.page.checkedIn", badge.checkedInAt ? `${exhibitionDateTime(badge.checkedInAt)} (UTC+8)` : t("badges.page.notCheckedIn")],
  ];
  const editable = !readOnly && badge.status !== "approved";
  return (
    <Paper withBorder p="md" data-testid="badge-detail">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {badge.holderName}
        </Title>
        {badge.status === "returned" && badge.reviewComment ? (
          <Text c="orange.9" role="status" data-testid="review-comment">
            {t("badges.page.returnedBecause", { comment: badge.reviewComment })}
          </Text>
        ) : null}
        <Group align="flex-start" wrap="wrap">
          {badge.photoUrl ? <Image src={badge.photoUrl} alt={t("badges.fields.photo")} w={96} h={128} fit="cover" radius="sm" /> : null}
          <FieldTable rows={rows} />
        </Group>
        {badge.badgeCode ? (
          <Group align="center" wrap="wrap" data-testid="badge-qr">
            <Image src={`${PATH}/qr?id=${badge.id}`} alt={t("badges.print.qrAlt")} w={132} h={132} />
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {t("badges.page.badgeCode")}
              </Text>
              <Text ff="monospace" size="sm" data-testid="badge-code" style={{ overflowWrap: "anywhere" }}>
                {badge.badgeCode}
              </Text>
              <Anchor href={`${PATH}/print?ids=${badge.id}&layout=single`} data-testid="print-one">
                {t("badges.page.printOne")}
              </Anchor>
            </Stack>
          </Group>
        ) : null}
        <Group>
          {editable ? (
            <>
              <Button component={Link} to={`${PATH}?edit=${badge.id}`}>
                {t(badge.status === "returned" ? "badges.page.editAndResubmit" : "badges.page.edit")}
              </Button>
              <Button component={Link} to={`${PATH}?delete=${badge.id}`} color="red.9" variant="outline">
                {t("badges.page.delete")}
              </Button>
            </>
          ) : null}
          <Button component={Link} to={backTo} variant="default">
            {t("badges.page.backToList")}
          </Button>
        </Group>
        <RecordHistory entries={history} />
      </Stack>
    </Paper>
  );
}
