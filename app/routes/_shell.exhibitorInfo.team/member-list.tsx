import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-action";
import { HiddenFields } from "~/components/hidden-fields";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { TeamMemberView, TeamView } from "~/contracts/team/api-types";
import { MEMBER_AREAS } from "~/contracts/team/areas";
import { GrantSelects } from "~/features/team/grant-selects";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/team/texts";

export type MemberReply = { memberId: number; errors: string[] };
export type Confirming = { kind: "revoke" | "handover"; memberId: number } | null;

/**
 * The owner and the members, one card each (a phone shows them one under the other): the member's
 * areas as selects with a save, and the actions. Revoking and handing over ask first on a page state
 * of their own (`?revoke=<id>`, `?handover=<id>`), so nothing needs JavaScript.
 */
export function MemberList({
  team,
  path,
  confirming,
  reply,
  pending,
}: {
  team: TeamView;
  path: string;
  confirming: Confirming;
  reply?: MemberReply;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="team-members">
      <Paper withBorder p="md" data-testid="team-owner">
        <Group gap="xs">
          <Text fw={600}>{team.owner.displayName}</Text>
          <Text c="dimmed">{team.owner.username}</Text>
          <Badge variant="light">{t("team.team.owner")}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t("team.team.ownerNote")}
        </Text>
      </Paper>
      {team.members.length === 0 ? (
        <Text c="dimmed" data-testid="team-empty">
          {t("team.team.empty")}
        </Text>
      ) : (
        team.members.map((member) => (
          <MemberCard
            key={member.memberId}
            member={member}
            path={path}
            confirming={confirming?.memberId === member.memberId ? confirming.kind : null}
            errors={reply?.memberId === member.memberId ? reply.errors : undefined}
            pending={pending}
          />
        ))
      )}
    </Stack>
  );
}

function MemberCard({
  member,
  path,
  confirming,
  errors,
  pending,
}: {
  member: TeamMemberView;
  path: string;
  confirming: "revoke" | "handover" | null;
  errors?: string[];
  pending: boolean;
}) {
  const { t } = useTranslation();
  const status = member.revokedAt ? "revoked" : member.activated ? "active" : "invited";
  const id = String(member.memberId);
  return (
    <Paper withBorder p="md" data-testid={`member-${member.username}`}>
      <Stack gap="sm">
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{member.displayName}</Text>
            <Text c="dimmed">{member.username}</Text>
            <Badge color={status === "active" ? "green" : status === "revoked" ? "gray" : "blue"} variant="light" data-testid="member-status">
              {t(`team.team.status.${status}`)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {[member.email, member.mobile].filter(Boolean).join(" · ")} · {t("team.team.invitedAt", { at: `${exhibitionDateTime(member.invitedAt)} (UTC+8)` })}
          </Text>
        </Group>
        {errors?.length ? (
          <Alert color="red" role="alert">
            {errors.join(" ")}
          </Alert>
        ) : null}
        {member.revokedAt ? (
          <Form method="post" preventScrollReset>
            <HiddenFields values={{ intent: "restore", memberId: id }} />
            <Button type="submit" size="xs" variant="light" loading={pending}>
              {t("team.team.restore")}
            </Button>
          </Form>
        ) : (
          <>
            <Form method="post" preventScrollReset data-testid="grants-form">
              <HiddenFields values={{ intent: "grant", memberId: id }} />
              <Stack gap="xs">
                <GrantSelects areas={MEMBER_AREAS} grants={member.grants} idPrefix={`member-${id}`} />
                <Text size="xs" c="dimmed">
                  {t("team.team.grantsChangedNote")}
                </Text>
                <div>
                  <Button type="submit" size="xs" loading={pending}>
                    {t("team.team.saveGrants")}
                  </Button>
                </div>
              </Stack>
            </Form>
            <Group gap="md">
              {!member.activated ? (
                <Form method="post" preventScrollReset>
                  <HiddenFields values={{ intent: "resend", memberId: id }} />
                  <Button type="submit" size="xs" variant="light">
                    {t("team.team.resend")}
                  </Button>
                </Form>
              ) : null}
              <Anchor component={Link} to={`${path}?handover=${id}`} preventScrollReset size="sm">
                {t("team.team.handOver")}
              </Anchor>
              <Anchor component={Link} to={`${path}?revoke=${id}`} preventScrollReset c="red.9" size="sm">
                {t("team.team.revoke")}
              </Anchor>
            </Group>
            {confirming === "revoke" ? (
              <ConfirmAction
                question={t("team.team.confirmRevoke", { name: member.displayName })}
                intent="revoke"
                fields={{ memberId: id }}
                confirmLabel={t("team.team.confirmRevokeYes")}
                cancelLabel={t("team.team.keep")}
                cancelTo={path}
                pending={pending}
                testId="confirm-revoke"
              />
            ) : null}
            {confirming === "handover" ? (
              <ConfirmAction
                question={t("team.team.confirmHandOver", { name: member.displayName })}
                intent="handOver"
                fields={{ memberId: id }}
                confirmLabel={t("team.team.confirmHandOverYes")}
                cancelTo={path}
                pending={pending}
                testId="confirm-handover"
              />
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
