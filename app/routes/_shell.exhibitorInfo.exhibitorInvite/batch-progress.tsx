import { Anchor, Paper, Progress, Stack, Text } from "@mantine/core";
import { Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import type { InvitationBatch } from "~/contracts/accounts/api-types";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { useTranslation } from "~/i18n/texts";

const REFRESH_SECONDS = 3;
const NO_SCRIPT_REFRESH_SECONDS = 5;

/**
 * The newest invitation batch ("send to all", sent by a background job): its progress while queued or
 * running, refreshed by itself every few seconds (revalidation with JavaScript; a meta refresh and a
 * plain link without), and its result once done.
 */
export function BatchProgress({ batch, here }: { batch: InvitationBatch; here: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const active = batch.state === "queued" || batch.state === "running";
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
  const done = batch.sent + batch.failed + batch.skipped;
  const values = { ...batch, done, error: batch.error ?? "", date: exhibitionDateTime(batch.finishedAt ?? batch.createdAt) };
  const text = t(`accounts.invite.batch.${{ queued: "stateQueued", running: "stateRunning", done: "stateDone", failed: "stateFailed" }[batch.state]}`, values);
  return (
    <Paper withBorder p="sm" data-testid="invite-batch" data-state={batch.state}>
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t("accounts.invite.batch.title")}
        </Text>
        <Text size="sm" c={batch.state === "failed" || batch.failed ? "red.9" : undefined} role="status" data-testid="invite-batch-text">
          {text}
        </Text>
        {active ? (
          <>
            <Progress value={batch.total ? (100 * done) / batch.total : 0} aria-label={text} animated />
            <Text size="xs" c="dimmed">
              {t("accounts.invite.batch.autoRefresh")}{" "}
              <Anchor component={Link} to={here} size="xs" data-testid="invite-batch-refresh">
                {t("accounts.invite.batch.refresh")}
              </Anchor>
            </Text>
            <noscript>
              <meta httpEquiv="refresh" content={String(NO_SCRIPT_REFRESH_SECONDS)} />
            </noscript>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
