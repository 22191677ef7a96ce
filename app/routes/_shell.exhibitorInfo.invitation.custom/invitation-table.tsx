import { Anchor, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { InvitationView } from "~/contracts/promotion/api-types";
import { CUSTOM_PATH, invitationImageUrl } from "~/features/promotion/paths";
import { useTranslation } from "~/i18n/texts";
import { useTemplateLabel } from "./invitation-form";
import "~/contracts/promotion/texts";
import { ListTable } from "~/components/list-table";

/** The two downloads of an invitation: the image for chats and the PDF to print. */
function Downloads({ invitation }: { invitation: InvitationView }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap">
      <Anchor href={invitationImageUrl(invitation.id, "png", true)} size="sm" download data-testid="download-png">
        {t("promotion.pages.custom.downloadPng")}
      </Anchor>
      <Anchor href={invitationImageUrl(invitation.id, "pdf", true)} size="sm" download data-testid="download-pdf">
        {t("promotion.pages.custom.downloadPdf")}
      </Anchor>
    </Group>
  );
}

/** One invitation's rendered image (750 × 1334, shown at half size) and its downloads. */
export function InvitationPreview({ invitation }: { invitation: InvitationView }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} data-testid="invitation-preview">
      <Stack gap="sm">
        <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
          {t("promotion.pages.custom.previewTitle", { name: invitation.name })}
        </Title>
        <img
          src={invitationImageUrl(invitation.id)}
          alt={t("promotion.pages.custom.previewAlt", { name: invitation.name })}
          width={375}
          height={667}
          style={{ maxWidth: "100%", height: "auto", border: "1px solid var(--mantine-color-gray-3)" }}
        />
        <Downloads invitation={invitation} />
      </Stack>
    </Paper>
  );
}

/** The exhibitor's invitations, newest first: a small preview, name, template, exhibits, last change, and what can be done. */
export function InvitationTable({ invitations }: { invitations: InvitationView[] }) {
  const { t } = useTranslation();
  const templateLabel = useTemplateLabel();
  if (!invitations.length)
    return (
      <Text c="dimmed" data-testid="invitations-empty">
        {t("promotion.pages.custom.empty")}
      </Text>
    );
  return (
    <ListTable
      minWidth={760}
      testId="invitation-list"
      heads={[
        "promotion.pages.custom.columns.preview",
        "promotion.pages.custom.columns.name",
        "promotion.pages.custom.columns.template",
        "promotion.pages.custom.columns.exhibits",
        "promotion.pages.custom.columns.updated",
        "promotion.pages.custom.columns.actions",
      ]}
    >
      {invitations.map((invitation) => (
        <Table.Tr key={invitation.id} data-testid="invitation-row" data-invitation-id={invitation.id}>
          <Table.Td w={90}>
            <Anchor component={Link} to={`${CUSTOM_PATH}?view=${invitation.id}`} preventScrollReset>
              <img
                src={invitationImageUrl(invitation.id)}
                alt={t("promotion.pages.custom.previewAlt", { name: invitation.name })}
                width={75}
                height={133}
                loading="lazy"
                style={{ display: "block" }}
              />
            </Anchor>
          </Table.Td>
          <Table.Td style={{ overflowWrap: "anywhere" }}>
            <Text fw={500} data-testid="invitation-name">
              {invitation.name}
            </Text>
            <Text size="sm" c="dimmed">
              {invitation.companyName}
            </Text>
          </Table.Td>
          <Table.Td>{templateLabel(invitation.template)}</Table.Td>
          <Table.Td style={{ overflowWrap: "anywhere" }}>{invitation.exhibits.map((e) => e.nameZh).join("、")}</Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>{exhibitionDateTime(invitation.updatedAt)}</Table.Td>
          <Table.Td>
            <Stack gap={4}>
              <Group gap="sm" wrap="wrap">
                <Anchor component={Link} to={`${CUSTOM_PATH}?view=${invitation.id}`} size="sm" preventScrollReset>
                  {t("promotion.pages.custom.show")}
                </Anchor>
                <Anchor component={Link} to={`${CUSTOM_PATH}?edit=${invitation.id}`} size="sm" preventScrollReset>
                  {t("promotion.pages.custom.edit")}
                </Anchor>
                <Anchor component={Link} to={`${CUSTOM_PATH}?delete=${invitation.id}`} size="sm" c="red.9" preventScrollReset>
                  {t("promotion.pages.custom.delete")}
                </Anchor>
              </Group>
              <Downloads invitation={invitation} />
            </Stack>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
