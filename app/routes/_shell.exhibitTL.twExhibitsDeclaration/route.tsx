import { PageHeading } from "~/components/page-heading";
import { loadRecordHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";
import { HiddenFields } from "~/components/hidden-fields";
import { shellTitle } from "~/lib/page-title";
import { ActionError } from "~/components/form-error";
import type { SubmissionResult } from "@conform-to/react";
import { Alert, Anchor, Button, Divider, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { rawFields } from "~/features/transport/forms.server";
import { ConfirmAction } from "~/components/confirm-action";
import { taiwanHeaderSchema, taiwanLineSchema } from "~/features/vehicles/schema.server";
import { taiwanFilingEndpoints } from "~/contracts/vehicles/endpoints.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { HEADER_FIELDS, HeaderForm, LINE_FIELDS, LineForm } from "./filing-forms";
import { ImporterFacts, LinesTable, TotalsBlock, TaiwanStatusTag } from "./filing-parts";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/taiwan/texts";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "vehicles.taiwan.title" } satisfies PageHandle;

const PATH = "/exhibitTL/twExhibitsDeclaration";
const NO_STORE = { "Cache-Control": "no-store" };

/** `?booth=` picks one of the caller's booths (each has its own filing); anything else is the first. */
const boothOf = (value: FormDataEntryValue | string | null) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};
const pageOf = (boothId: number | undefined | null) => (boothId ? `${PATH}?booth=${boothId}` : PATH);

/**
 * The exhibitor's Taiwan exhibits filing for one booth (spec /exhibitTL twExhibitsDeclaration):
 * the importer, the exhibits one line at a time with their values and totals per currency, and the
 * submission to the customs agent; read only while with the agent or accepted. `?deleteLine=` asks
 * before deleting a line. Another exhibitor's booth answers 404 from the API.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const boothId = boothOf(url.searchParams.get("booth"));
  const found = await requireOk(await api.call(taiwanFilingEndpoints.find, { boothId }), request, context);
  const held = await heldFormValues(request, context, formHolderOf(info), ["intent", ...HEADER_FIELDS, ...LINE_FIELDS]);
  const filing = found.filing;
  const history = filing ? await loadRecordHistory(api, "taiwanFiling", filing.id) : null;
  const lineToDelete =
    filing?.editable && url.searchParams.has("deleteLine") ? (filing.lines.find((l) => String(l.sort) === url.searchParams.get("deleteLine")) ?? null) : null;
  return json(
    {
      title: translate(language, "vehicles.taiwan.title"),
      found,
      held: held.values,
      lineToDelete,
      history,
      constraints: formConstraints({ header: taiwanHeaderSchema, line: taiwanLineSchema }),
    },
    { headers: held.headers },
  );
}

/** A form's refusal: Conform's result for the forms with fields, the API's message for the buttons. */
type Reply = { form: string; result?: SubmissionResult<string[]>; error?: string };
const reply = (body: Reply, status = 400) => json(body, { status, headers: NO_STORE });

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const intent = String(formData.get("intent") ?? "");
  const here = pageOf(boothOf(new URL(request.url).searchParams.get("booth")) ?? boothOf(formData.get("boothId")));
  const done = (key: string) => redirectWithToast(here, context, { kind: "success", key: `vehicles.taiwan.toasts.${key}` });

  if (intent === "save" || intent === "addLine") {
    const [schema, endpoint, fields] =
      intent === "save"
        ? ([taiwanHeaderSchema, taiwanFilingEndpoints.saveHeader, HEADER_FIELDS] as const)
        : ([taiwanLineSchema, taiwanFilingEndpoints.addLine, LINE_FIELDS] as const);
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success") return reply({ form: intent, result: submission.reply() });
    const result = await handleAuthErrors(await api.call(endpoint, rawFields(formData, fields)), request, context);
    if (!result.ok) return reply({ form: intent, result: replyToApiFailure(submission, result, fields) });
    return done(intent === "save" ? "saved" : "lineAdded");
  }
  if (intent === "deleteLine" || intent === "submit") {
    const [endpoint, form] =
      intent === "deleteLine"
        ? ([taiwanFilingEndpoints.removeLine, rawFields(formData, ["filingId", "sort", "version"])] as const)
        : ([taiwanFilingEndpoints.submit, rawFields(formData, ["id", "version"])] as const);
    const result = await handleAuthErrors(await api.call(endpoint, form), request, context);
    if (!result.ok) return reply({ form: intent, error: result.message }, 409);
    return done(intent === "deleteLine" ? "lineDeleted" : "submitted");
  }
  throw redirect(here);
}

export default function TaiwanFilingPage() {
  const { t } = useTranslation();
  const { found, held, lineToDelete, history, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  const { filing } = found;
  const here = pageOf(found.boothId);
  const resultFor = (form: string) => (actionData?.form === form ? actionData.result : undefined);
  const heldFor = (intent: string) => (held && held.intent === intent ? held : null);
  const separator = here.includes("?") ? "&" : "?";
  return (
    <Stack gap="lg" maw={1100}>
      <Panel>
        <Group justify="space-between" wrap="wrap">
          <PageHeading title={t("vehicles.taiwan.title")} />
          {filing ? <TaiwanStatusTag status={filing.status} /> : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t("vehicles.taiwan.intro")}
        </Text>
        {found.booths.length > 1 ? (
          <Group gap="md" data-testid="tw-booths">
            <Text size="sm">{t("vehicles.taiwan.booth")}</Text>
            {found.booths.map((b) => (
              <Anchor
                key={b.boothId}
                component={Link}
                to={pageOf(b.boothId)}
                fw={b.boothId === found.boothId ? 700 : undefined}
                aria-current={b.boothId === found.boothId ? "page" : undefined}
              >
                {b.boothNo}
              </Anchor>
            ))}
          </Group>
        ) : null}
        <ActionError message={actionData?.error} />
        {filing?.status === "returned" ? (
          <Alert color="orange" title={t("vehicles.taiwan.returnedTitle")} data-testid="tw-review-comment">
            {filing.reviewComment}
          </Alert>
        ) : null}
        {filing?.status === "accepted" ? (
          <Alert color="green" title={t("vehicles.taiwan.acceptedTitle")} data-testid="tw-review-comment">
            {filing.reviewComment}
          </Alert>
        ) : null}
        {filing?.status === "submitted" ? (
          <Text size="sm" data-testid="tw-read-only">
            {t("vehicles.taiwan.readOnly")}
          </Text>
        ) : null}
        {filing?.submittedAt ? (
          <Text size="xs" c="dimmed">
            {t("vehicles.taiwan.submittedAt", { at: exhibitionDateTime(filing.submittedAt) })}
            {filing.reviewedAt ? ` · ${t("vehicles.taiwan.reviewedAt", { at: exhibitionDateTime(filing.reviewedAt) })}` : ""}
          </Text>
        ) : null}
        {found.boothId === null ? <Text c="dimmed">{t("vehicles.taiwan.noBooth")}</Text> : null}
        {filing && !filing.editable ? <ImporterFacts filing={filing} /> : null}
      </Panel>

      {found.boothId !== null && (!filing || filing.editable) ? (
        <Paper withBorder p={{ base: "sm", sm: "lg" }}>
          <HeaderForm
            boothId={found.boothId}
            filing={filing}
            held={heldFor("save")}
            constraint={constraints.header}
            lastResult={resultFor("save")}
            pending={pending}
          />
        </Paper>
      ) : null}

      {filing ? (
        <Panel>
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {t("vehicles.taiwan.linesTitle")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("vehicles.taiwan.linesCount", { count: filing.lines.length, max: found.linesMax })}
            </Text>
          </Group>
          {lineToDelete ? (
            <ConfirmAction
              question={t("vehicles.taiwan.deleteLineQuestion", { name: lineToDelete.nameZh })}
              intent="deleteLine"
              fields={{ filingId: String(filing.id), sort: String(lineToDelete.sort), version: String(filing.version), boothId: String(filing.boothId) }}
              confirmLabel={t("vehicles.taiwan.delete")}
              cancelTo={here}
              pending={pending}
            />
          ) : null}
          <LinesTable lines={filing.lines} deleteHref={filing.editable ? (sort) => `${here}${separator}deleteLine=${sort}` : undefined} />
          <TotalsBlock filing={filing} />
          {filing.editable ? (
            <>
              <Divider />
              <LineForm
                key={`line-${filing.lines.length}-${filing.version}`}
                filing={filing}
                held={heldFor("addLine")}
                constraint={constraints.line}
                lastResult={resultFor("addLine")}
                pending={pending}
              />
              <Divider />
              <Text size="sm" c="dimmed">
                {t("vehicles.taiwan.submitHint")}
              </Text>
              <Form method="post" preventScrollReset>
                <HiddenFields values={{ intent: "submit", id: filing.id, version: filing.version, boothId: filing.boothId }} />
                <Button type="submit" loading={pending} disabled={!filing.submittable} data-testid="tw-submit">
                  {t(filing.status === "returned" ? "vehicles.taiwan.resubmit" : "vehicles.taiwan.submit")}
                </Button>
              </Form>
            </>
          ) : null}
        </Panel>
      ) : null}
      {history ? (
        <Panel>
          <RecordHistory entries={history} order={2} />
        </Panel>
      ) : null}
    </Stack>
  );
}
