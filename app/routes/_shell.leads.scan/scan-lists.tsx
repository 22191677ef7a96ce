import { Alert, Anchor, Badge, Group, List, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { LeadScanResult } from "~/contracts/leads/api-types";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { LEAD_CAPTURE_PATH } from "~/contracts/leads/values";
import { useTranslation } from "~/i18n/texts";
import type { QueuedScan } from "./queue-types";
import "~/contracts/leads/texts";

const STATUS_COLORS: Record<LeadScanResult["status"], string> = {
  saved: "green",
  repeat: "blue",
  forged: "red",
  otherExhibition: "orange",
  erased: "gray",
  deleted: "gray",
};

/** One answered scan: the visitor's name (when the pass was good), its status, and the lead's page. */
export function ScanResult({ result, code }: { result: LeadScanResult; code: string }) {
  const { t } = useTranslation();
  const good = result.status === "saved" || result.status === "repeat";
  return (
    <Group gap="sm" wrap="wrap" data-testid="scan-result" data-status={result.status}>
      <Badge color={STATUS_COLORS[result.status]} variant="light" data-testid="scan-result-status">
        {t(`leads.scan.statuses.${result.status}`)}
      </Badge>
      {result.visitorName ? (
        <Text fw={600} data-testid="scan-result-name">
          {result.visitorName}
        </Text>
      ) : null}
      {good ? (
        <Anchor component={Link} to={`${LEAD_CAPTURE_PATH}${encodeURIComponent(code)}`} size="sm" data-testid="scan-result-edit">
          {t("leads.scan.edit")}
        </Anchor>
      ) : null}
    </Group>
  );
}

/** The scans on this device the server has not answered yet. */
export function WaitingScans({ waiting }: { waiting: QueuedScan[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="scan-waiting" data-count={waiting.length}>
      <Title order={2} size="h4">
        {t("leads.scan.waiting", { count: waiting.length })}
      </Title>
      {waiting.length ? (
        <List size="sm" spacing={2}>
          {waiting.map((scan) => (
            <List.Item key={scan.id} data-testid="scan-waiting-item">
              {t("leads.scan.queuedAt", { time: `${exhibitionDateTime(scan.scannedAt)} (UTC+8)` })}
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          {t("leads.scan.nothingWaiting")}
        </Text>
      )}
    </Stack>
  );
}

/** The scans answered while this page is open, newest first (kept in memory only). */
export function RecentScans({ recent }: { recent: { result: LeadScanResult; code: string }[] }) {
  const { t } = useTranslation();
  if (!recent.length) return null;
  return (
    <Stack gap={4} data-testid="scan-recent">
      <Title order={2} size="h4">
        {t("leads.scan.recent")}
      </Title>
      {recent.map(({ result, code }) => (
        <ScanResult key={result.id} result={result} code={code} />
      ))}
    </Stack>
  );
}

/** Offline, or the last send failed: the scans wait on the device. */
export function OfflineNotice({ offline, sendFailed }: { offline: boolean; sendFailed: boolean }) {
  const { t } = useTranslation();
  if (!offline && !sendFailed) return null;
  return (
    <Alert color="orange" role="status" data-testid="scan-offline">
      {t(offline ? "leads.scan.offline" : "leads.scan.sendFailed")}
    </Alert>
  );
}

/** The session ended: the scans stay, and the way back in. */
export function SignInNotice({ signIn }: { signIn: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" data-testid="scan-sign-in">
      <Stack gap={4}>
        <Text size="sm">{t("leads.scan.signIn")}</Text>
        <Anchor href={signIn} size="sm" data-testid="scan-sign-in-link">
          {t("leads.scan.signInLink")}
        </Anchor>
      </Stack>
    </Alert>
  );
}
