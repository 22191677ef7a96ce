import { HiddenFields } from "~/components/hidden-fields";
import type { ReactNode } from "react";
import { Alert, Anchor, Button, Group, Image, Stack, Text, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-action";
import type { InvoiceApplicationDetail } from "~/contracts/invoices/api-types";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { useTranslation } from "~/i18n/texts";
import { PATH } from "./application-form";
import "~/contracts/invoices/texts";

export const QR_REVOKE_INTENT = "revokeQr";
export const QR_RENEW_INTENT = "renewQr";
/** The page's state that asks before revoking (`?id=…&qrRevoke=1`), so the question needs no JavaScript. */
export const QR_REVOKE_QUESTION = "qrRevoke";

type Props = {
  application: InvoiceApplicationDetail;
  qrImage: string | null;
  qrLink: string | null;
  confirmRevoke: boolean;
  error: string | null;
  pending: boolean;
};

/** "Make a new link": posts the link version read, so the same form posted again does not replace the new link. */
function RenewForm({ application, pending }: { application: InvoiceApplicationDetail; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post" preventScrollReset data-testid="qr-renew-form">
      <HiddenFields values={{ intent: QR_RENEW_INTENT, id: application.id, linkVersion: application.qrLink.version }} />
      <Button type="submit" variant="default" loading={pending}>
        {t("invoices.application.qrRenew")}
      </Button>
    </Form>
  );
}

/**
 * The QR page's link for the finance colleague, with what the exhibitor may do to it (issue 36):
 * revoke it (after a question) so every link handed out stops working, or make a new one in its
 * place. Plain forms and links, so both work without JavaScript; errors come back in the page.
 */
export function QrLinkPanel({ application: a, qrImage, qrLink, confirmRevoke, error, pending }: Props) {
  const { t } = useTranslation();
  if (a.status === "issued") return null;
  if (a.qrLink.revoked || !a.qr || !qrLink || !qrImage) {
    return (
      <QrLinkFrame testId="application-qr-revoked" error={error}>
        <Text size="sm">{t("invoices.application.qrRevokedState")}</Text>
        <Group>
          <RenewForm application={a} pending={pending} />
        </Group>
      </QrLinkFrame>
    );
  }
  return (
    <QrLinkFrame testId="application-qr" error={error}>
      <Text size="sm" c="dimmed">
        {t("invoices.application.qrHint", { expires: exhibitionDateTime(a.qr.expiresAt) })}
      </Text>
      <Image src={qrImage} alt={t("invoices.application.qrTitle")} w={180} h={180} />
      <Anchor href={qrLink} size="sm" style={{ overflowWrap: "anywhere" }} data-testid="application-qr-link">
        {qrLink}
      </Anchor>
      {confirmRevoke ? (
        <ConfirmAction
          question={t("invoices.application.qrRevokeQuestion")}
          intent={QR_REVOKE_INTENT}
          fields={{ id: String(a.id) }}
          confirmLabel={t("invoices.application.qrRevokeConfirm")}
          cancelTo={`${PATH}?id=${a.id}`}
          pending={pending}
          testId="qr-revoke-confirm"
        />
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {t("invoices.application.qrRenewHint")}
          </Text>
          <Group>
            <Button component={Link} to={`${PATH}?id=${a.id}&${QR_REVOKE_QUESTION}=1`} variant="light" color="red.9" preventScrollReset data-testid="qr-revoke">
              {t("invoices.application.qrRevoke")}
            </Button>
            <RenewForm application={a} pending={pending} />
          </Group>
        </>
      )}
    </QrLinkFrame>
  );
}

/** The panel's heading and its error, around what the link's state shows. */
function QrLinkFrame({ testId, error, children }: { testId: string; error: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={3} size="h5">
        {t("invoices.application.qrTitle")}
      </Title>
      {error ? (
        <Alert color="red" data-testid="qr-link-error" role="alert">
          {error}
        </Alert>
      ) : null}
      {children}
    </Stack>
  );
}
