import { getFormProps } from "@conform-to/react";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useMatches } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FormTextInput } from "~/components/form-fields";
import { FormPage } from "~/components/form-page";
import { SubmitRow } from "~/components/submit-row";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { SCANNED_TEXT_MAX } from "~/contracts/leads/values";
import { useTranslation } from "~/i18n/texts";
import { usePortalForm } from "~/lib/forms";
import { formConstraints } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { shellTitle } from "~/lib/page-title";
import { requireShellUser } from "~/lib/permissions.server";
import { queuedScans, typedScan } from "./action.server";
import { CameraScanner } from "./camera-scanner";
import { OfflineNotice, RecentScans, ScanResult, SignInNotice, WaitingScans } from "./scan-lists";
import { scanCodeSchema } from "./schema.server";
import { useScanQueue } from "./use-scan-queue";
import "~/contracts/leads/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "leads.scanTitle", camera: true } satisfies PageHandle;

const noStore = { "Cache-Control": "no-store" };

/**
 * Scanning visitors' passes at the booth (issue 56, docs/decisions/070 and 071). Without JavaScript:
 * the pass's link or code typed into one field, a plain POST, the visitor shown. With JavaScript:
 * the phone's camera reads passes one after the other; every scan waits on the device (IndexedDB)
 * until the server has answered it, so a scan made without a network is sent when it is back, and
 * a scan sent twice counts once (the device's id per scan).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language, info } = await requireShellUser(request, context);
  const team = info.infoVO.team;
  // The device's queue is the signed-in person's: the company, and the member when it is one.
  const account = `${info.infoVO.id}${team?.kind === "member" ? `-${team.memberId}` : ""}`;
  return json({ title: translate(language, "leads.scanTitle"), account, constraints: formConstraints({ code: scanCodeSchema }) }, { headers: noStore });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The page's script posts its queue as JSON; the form without script posts the typed pass.
  if ((request.headers.get("Content-Type") ?? "").includes("application/json")) return queuedScans(request, context);
  return typedScan(request, context);
}

export default function LeadScanPage() {
  const { t } = useTranslation();
  const { constraints, account } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const typed = actionData && "result" in actionData ? actionData : null;
  const isPending = useIsPending();
  const [form, fields] = usePortalForm<typeof scanCodeSchema>({ id: "lead-scan", constraint: constraints.code, lastResult: typed?.result });
  const routeId = useMatches().at(-1)?.id ?? "routes/_shell.leads.scan";
  const queue = useScanQueue(account, routeId);
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const formProps = getFormProps(form);
  // With the device's queue, a typed pass goes the way a camera's does: kept first, then sent.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = formRef.current?.elements.namedItem("code");
    if (queue.ready && input instanceof HTMLInputElement && input.value.trim()) {
      event.preventDefault();
      void queue.enqueue(input.value).then((kept) => {
        if (kept) input.value = "";
      });
      return;
    }
    formProps.onSubmit(event);
  };

  return (
    <FormPage title={t("leads.scanTitle")} maw={760} intro={t("leads.scan.intro")} form={form}>
      <noscript>
        <Text size="sm">{t("leads.scan.noScript")}</Text>
      </noscript>
      {typed?.scan ? (
        <Alert color={typed.scan.status === "saved" ? "green" : "blue"} role="status" data-testid="scan-typed-result">
          <ScanResult result={typed.scan} code={typed.scan.code} />
        </Alert>
      ) : null}
      {hydrated ? (
        <Stack gap="sm">
          {queue.signIn ? <SignInNotice signIn={queue.signIn} /> : null}
          <CameraScanner onText={(text) => void queue.enqueue(text)} />
        </Stack>
      ) : null}
      <Form method="post" ref={formRef} {...formProps} onSubmit={onSubmit} data-testid="scan-form">
        <Stack gap="sm">
          <FormTextInput
            field={fields.code}
            label={t("leads.scan.typeCode")}
            maxLength={SCANNED_TEXT_MAX}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            data-testid="scan-code"
          />
          <SubmitRow pending={isPending} label={t("leads.scan.add")} testId="scan-submit" />
        </Stack>
      </Form>
      {hydrated && queue.ready ? (
        <Stack gap="md" data-testid="scan-queue">
          <OfflineNotice offline={!queue.online} sendFailed={queue.sendFailed} />
          {queue.refused ? (
            <Alert color="red" role="alert" data-testid="scan-refused">
              {queue.refused}
            </Alert>
          ) : null}
          <WaitingScans waiting={queue.waiting} />
          {queue.waiting.length && !queue.signIn ? (
            <Group>
              <Button type="button" variant="light" loading={queue.sending} onClick={() => void queue.send()} data-testid="scan-send">
                {t(queue.sending ? "leads.scan.sending" : "leads.scan.sendNow")}
              </Button>
            </Group>
          ) : null}
          <RecentScans recent={queue.recent.map((result) => ({ result, code: result.code }))} />
        </Stack>
      ) : null}
    </FormPage>
  );
}
