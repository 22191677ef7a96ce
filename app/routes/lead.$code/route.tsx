import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LanguageSwitch } from "~/components/language-switch";
import { LeadForm } from "~/features/leads/lead-form";
import type { LeadVisitor } from "~/contracts/leads/api-types";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { useTranslation } from "~/i18n/texts";
import { shellTitle } from "~/lib/page-title";
import { captureAction } from "./action.server";
import { leadPageLoader } from "./loader.server";
import "~/contracts/leads/texts";

/**
 * /lead/<code>: what a visitor pass's QR opens (issue 56, docs/decisions/070). Scanned by an
 * exhibitor's staff with WeChat's scanner or the phone's camera, so it is shown inside the messaging
 * app's browser, ships no script and fits a 360 px phone: the visitor (contacts only with the
 * visitor's consent) and the company's lead on them, a plain form. Anyone else learns only what the
 * code is. The code is no secret of an account (it is printed on the pass) but is the visitor's: the
 * access log does not keep it.
 */
export const handle = { public: true, inAppBrowser: true, hydrate: false, pathParams: "secret" } satisfies PageHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }, { name: "robots", content: "noindex" }];

export const loader = ({ request, context, params }: LoaderFunctionArgs) => leadPageLoader(request, context, params.code ?? "");

export const action = (args: ActionFunctionArgs) => captureAction(args);

function VisitorCard({ visitor }: { visitor: LeadVisitor }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="lead-visitor">
      <Title order={1} size="h3" data-testid="lead-visitor-name">
        {visitor.name}
      </Title>
      <Text data-testid="lead-visitor-company">
        {visitor.company}
        {visitor.position ? ` · ${visitor.position}` : ""}
      </Text>
      <Text size="sm" c="dimmed">
        {t("leads.columns.visitorNo")}: {visitor.visitorNo}
      </Text>
      {visitor.contactShown ? (
        <Stack gap={0} data-testid="lead-visitor-contact">
          {visitor.mobile ? <Anchor href={`tel:${visitor.mobile}`}>{visitor.mobile}</Anchor> : null}
          {visitor.email ? <Anchor href={`mailto:${visitor.email}`}>{visitor.email}</Anchor> : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="lead-visitor-no-consent">
          {t("leads.capture.noConsent")}
        </Text>
      )}
    </Stack>
  );
}

export default function LeadCapturePage() {
  const { t } = useTranslation();
  const { language, page } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() ?? null;
  const pending = useNavigation().state === "submitting";
  return (
    <main className="auth-page">
      <Paper className="auth-card" withBorder shadow="sm" p={{ base: "sm", xs: "lg" }} radius="md" style={{ overflowWrap: "anywhere" }}>
        <Stack gap="md">
          <Group justify="space-between" align="center" wrap="nowrap">
            <Text fw={700} c="indigo">
              {t("leads.title")}
            </Text>
            <LanguageSwitch current={language} />
          </Group>
          {page.kind === "capture" ? (
            <>
              <VisitorCard visitor={page.capture.visitor} />
              {page.saved ? (
                <Alert color="green" role="status" data-testid="lead-saved">
                  {t("leads.capture.saved")}
                </Alert>
              ) : null}
              {page.capture.lead ? (
                <Text size="sm" data-testid="lead-existing">
                  {t("leads.capture.existing", {
                    date: page.capture.lead.firstScannedAt.slice(0, 16).replace("T", " "),
                    by: page.capture.lead.scannedBy,
                    scans: page.capture.lead.scans,
                  })}
                </Text>
              ) : (
                <Text size="sm">{t("leads.capture.intro")}</Text>
              )}
              <LeadForm tags={page.capture.tags} values={page.values} reply={reply} pending={pending} />
              <Group gap="md">
                <Anchor href="/leads/scan">{t("leads.capture.another")}</Anchor>
                <Anchor href="/leads/list">{t("leads.listTitle")}</Anchor>
              </Group>
            </>
          ) : page.kind === "refused" ? (
            <Alert color="yellow" data-testid="lead-refused">
              {page.message}
            </Alert>
          ) : page.kind === "organizer" ? (
            <Stack gap="sm" data-testid="lead-organizer">
              <Text>{t("leads.capture.organizer", { exhibition: page.exhibitionName ?? "" })}</Text>
              <Button component="a" href="/exhibitorInfo/badgeCheckIn" variant="light">
                {t("leads.capture.checkInPage")}
              </Button>
            </Stack>
          ) : (
            <Stack gap="sm" data-testid="lead-anonymous">
              <Title order={1} size="h3">
                {t("leads.capture.anonymousTitle")}
              </Title>
              {page.message ? (
                <Alert color="yellow">{page.message}</Alert>
              ) : (
                <Text>{t("leads.capture.anonymous", { exhibition: page.exhibitionName ?? "" })}</Text>
              )}
              {page.message ? null : (
                <Button component="a" href={page.signIn} data-testid="lead-sign-in">
                  {t("leads.capture.signIn")}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
    </main>
  );
}
