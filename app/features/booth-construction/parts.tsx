import { Alert, Group, Badge as Tag, List, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { ConstructionBooth, ConstructionEvent, ConstructionSettings } from "../../contracts/booth-construction/api-types";
import { boothSizeName } from "../../contracts/booth-construction/equipment";
import "../../contracts/booth-construction/texts";
import { Panel } from "~/components/panel";

/** What the four booth construction pages and the organizer's review show alike. */
const STATUS_COLORS = { new: "gray", draft: "gray", notSigned: "gray", submitted: "blue", accepted: "green", returned: "orange" } as const;
export type AnyStatus = keyof typeof STATUS_COLORS;

export function StatusTag({ status, testId = "construction-status" }: { status: AnyStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} variant="light" data-testid={testId}>
      {t(`boothConstruction.statuses.${status}`)}
    </Tag>
  );
}

/** The organizer's comment on a returned record, where the exhibitor cannot miss it. */
export function ReturnedComment({ comment, status }: { comment: string | null; status: string }) {
  const { t } = useTranslation();
  if (!comment || status !== "returned") return null;
  return (
    <Alert color="orange" title={t("boothConstruction.reviewComment")} data-testid="review-comment">
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {comment}
      </Text>
    </Alert>
  );
}

export function BoothLine({ booth, settings }: { booth: ConstructionBooth; settings?: ConstructionSettings }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text fw={500}>{t("boothConstruction.booth", { boothNo: booth.boothNo, size: boothSizeName(booth), area: booth.areaM2 })}</Text>
      {settings ? (
        <Text size="sm" c="dimmed">
          {t("boothConstruction.buildUp", {
            from: settings.buildUpFrom,
            to: settings.buildUpTo,
            dismantleFrom: settings.dismantleFrom,
            dismantleTo: settings.dismantleTo,
          })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Submissions and decisions, oldest first, with the organizer's comments. */
export function History({ events }: { events: ConstructionEvent[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="construction-history">
      <Title order={2} size="h5">
        {t("boothConstruction.history.title")}
      </Title>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("boothConstruction.history.empty")}
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {events.map((event) => (
            <List.Item key={event.id}>
              {exhibitionDateTime(event.createdAt)} · {t(`boothConstruction.history.${event.action}`, { defaultValue: event.action })} · {event.actorLabel}
              {event.comment ? <Text span c="orange.9">{`: ${event.comment}`}</Text> : null}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** A page for a booth the account does not have (the organizer, or an exhibitor without a booth): said once. */
export function NoBoothPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} maw={960}>
      <Stack gap="md">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Alert color="orange" role="status" data-testid="no-booth">
          {t("boothConstruction.errors.noBooth")}
        </Alert>
      </Stack>
    </Paper>
  );
}

/**
 * A booth construction page: one panel with the title (and the subject's status), the intro and the
 * page's own content; then the subject's history, or the page's further panels (`after`).
 */
export function BoothPageFrame({
  title,
  status,
  intro,
  children,
  history,
  after,
}: {
  title: string;
  status?: AnyStatus;
  intro: string;
  children: ReactNode;
  history?: ConstructionEvent[];
  after?: ReactNode;
}) {
  const heading = (
    <Title order={1} size="h3">
      {title}
    </Title>
  );
  return (
    <Stack gap="lg" maw={960}>
      <Panel>
        {status ? (
          <Group justify="space-between" align="flex-start">
            {heading}
            <StatusTag status={status} />
          </Group>
        ) : (
          heading
        )}
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {children}
      </Panel>
      {history ? (
        <Paper withBorder p={{ base: "sm", sm: "lg" }}>
          <History events={history} />
        </Paper>
      ) : null}
      {after}
    </Stack>
  );
}
