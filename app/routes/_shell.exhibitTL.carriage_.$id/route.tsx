import { idOf } from "./id-param";
import { HiddenFields } from "~/components/hidden-fields";
import { shellTitle } from "~/lib/page-title";
import type { SubmissionResult } from "@conform-to/react";
import { Alert, Button, Divider, Group, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { ImportFailure } from "~/contracts/transport/api-types";
import { transportEndpoints } from "~/contracts/transport/endpoints.server";
import { BILL_UPLOAD, DECLARATION_FIELDS, DeclarationForm } from "~/features/transport/declaration-form";
import { declarationForm, declarationRecordSchema, rawFields } from "~/features/transport/forms.server";
import { ConfirmAction } from "~/components/confirm-action";
import { ContactLog, DeclarationPanel, ExhibitsTable, QuoteTable } from "~/features/transport/parts";
import { declarationSchema, declarationUpdateSchema, exhibitAddSchema, exhibitImportSchema, messageSchema } from "~/features/transport/schema.server";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk, type ApiClient } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { EXCEL_UPLOAD, EXHIBIT_FIELDS, ExhibitForm, ImportForm } from "./exhibit-forms";
import "~/contracts/transport/texts";
import { Panel } from "~/components/panel";
import { loadRecordHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = {
  breadcrumb: "transport.detail.breadcrumb",
  title: "transport.detail.title",
  permissionOf: "/exhibitTL/carriage",
  pathParams: "public",
} satisfies PageHandle;

const CARRIAGE_PATH = "/exhibitTL/carriage";
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * One of the exhibitor's declarations (the API answers 404 for anyone else's): while a draft or
 * returned, its header, exhibits (by hand or from Excel) and submission; afterwards the carrier's
 * decision, the order's steps and the contact log. `?confirm=` asks before deleting.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const id = idOf(params);
  // The declaration and its history of changes side by side; the history is null for a member without the transport area.
  const [declaration, history] = await Promise.all([
    api.call(transportEndpoints.detail, { id }).then((result) => requireOk(result, request, context)),
    loadRecordHistory(api, "transportDeclaration", id),
  ]);
  // The carriers and booths for the header form, only while it can be changed.
  const list = declaration.editable ? await requireOk(await api.call(transportEndpoints.list), request, context) : null;
  const held = await heldFormValues(request, context, formHolderOf(info), ["intent", ...DECLARATION_FIELDS, ...EXHIBIT_FIELDS, "body"]);
  const confirm = new URL(request.url).searchParams.get("confirm");
  const deleteExhibit = Number(new URL(request.url).searchParams.get("deleteExhibit"));
  return json(
    {
      title: translate(language, "transport.detail.title", { id }),
      declaration,
      history,
      carriers: list?.carriers ?? [],
      booths: list?.booths ?? [],
      buildUpTo: list?.buildUp.to ?? "",
      held: held.values,
      confirmDelete: confirm === "delete" && declaration.deletable,
      exhibitToDelete: declaration.editable
        ? (declaration.exhibits.find((e) => e.sort === deleteExhibit && new URL(request.url).searchParams.has("deleteExhibit")) ?? null)
        : null,
      // The header form shows the new declaration's constraints, as the carriage page does.
      constraints: formConstraints({ declaration: declarationSchema, exhibit: exhibitAddSchema, import: exhibitImportSchema, message: messageSchema }),
    },
    { headers: held.headers },
  );
}

/** A form's refusal: Conform's result for the forms with fields, the API's message for the buttons. */
type Reply = { form: string; result?: SubmissionResult<string[]>; importFailure?: ImportFailure | null; error?: string };
const reply = (body: Reply, status = 400) => json(body, { status, headers: NO_STORE });

/** The page's form-encoded writes. */
type FormEndpoint = (typeof transportEndpoints)["update" | "addExhibit" | "importExhibits" | "saveMessage" | "removeExhibit" | "submit" | "remove"];

async function post(
  api: ApiClient,
  request: Request,
  context: Parameters<typeof handleAuthErrors>[2],
  endpoint: FormEndpoint,
  form: Record<string, string | string[]>,
) {
  return handleAuthErrors(await api.call(endpoint, form), request, context);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const id = idOf(params);
  const here = `${CARRIAGE_PATH}/${id}`;
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { billUrl: BILL_UPLOAD, fileUrl: EXCEL_UPLOAD });
  rememberForm(request, formData);
  const intent = String(formData.get("intent") ?? "");
  const done = (key: string) => redirectWithToast(here, context, { kind: "success", key });

  if (intent === "update" || intent === "addExhibit" || intent === "import" || intent === "message") {
    const schema = { update: declarationUpdateSchema, addExhibit: exhibitAddSchema, import: exhibitImportSchema, message: messageSchema }[intent];
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success" || Object.keys(uploadErrors).length)
      return reply({ form: intent, result: replyWithUploadErrors(submission, uploadErrors) });
    const [endpoint, form, fields] = {
      update: [transportEndpoints.update, declarationForm(formData), DECLARATION_FIELDS],
      addExhibit: [transportEndpoints.addExhibit, rawFields(formData, ["declarationId", "version", ...EXHIBIT_FIELDS]), EXHIBIT_FIELDS],
      import: [transportEndpoints.importExhibits, rawFields(formData, ["declarationId", "version", "fileUrl"]), ["fileUrl"]],
      message: [transportEndpoints.saveMessage, rawFields(formData, ["declarationId", "body"]), ["body"]],
    }[intent] as [FormEndpoint, Record<string, string | string[]>, readonly string[]];
    const result = await post(api, request, context, endpoint, form);
    if (!result.ok) {
      const importFailure = intent === "import" ? ((result.data as ImportFailure | null)?.rows ? (result.data as ImportFailure) : null) : null;
      return reply({ form: intent, result: replyToApiFailure(submission, result, fields), importFailure });
    }
    return done(`transport.detail.done.${intent}`);
  }

  const record = declarationRecordSchema.safeParse({ id: formData.get("id") ?? id, version: formData.get("version") });
  if (intent === "deleteExhibit") {
    const form = rawFields(formData, ["declarationId", "sort", "version"]);
    const result = await post(api, request, context, transportEndpoints.removeExhibit, form);
    if (!result.ok) return reply({ form: intent, error: result.message });
    return done("transport.detail.done.deleteExhibit");
  }
  if (!record.success) throw new Response("Bad request", { status: 400 });
  const form = { id: String(id), version: String(record.data.version) };
  if (intent === "submit") {
    const result = await post(api, request, context, transportEndpoints.submit, form);
    if (!result.ok) return reply({ form: intent, error: result.message });
    return done("transport.detail.done.submit");
  }
  if (intent === "delete") {
    const result = await post(api, request, context, transportEndpoints.remove, form);
    if (!result.ok) return reply({ form: intent, error: result.message });
    return redirectWithToast(CARRIAGE_PATH, context, { kind: "success", key: "transport.detail.done.delete" });
  }
  throw redirect(here);
}

export default function DeclarationPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  const { declaration: d } = data;
  const here = `${CARRIAGE_PATH}/${d.id}`;
  const resultFor = (form: string) => (actionData?.form === form ? actionData.result : undefined);
  const heldFor = (intent: string) => (data.held && data.held.intent === intent ? data.held : null);
  const record = { id: d.id, version: d.version };
  return (
    <Stack gap="lg" maw={1100}>
      <DeclarationPanel
        declaration={d}
        back={{ to: CARRIAGE_PATH, label: t("transport.detail.back") }}
        notice={
          actionData?.error && actionData.form !== "submit" ? (
            <Alert color="red" role="alert" data-testid="action-error">
              {actionData.error}
            </Alert>
          ) : null
        }
      />

      {d.editable ? (
        <Panel title={t("transport.detail.headerTitle")} gap="sm">
          <DeclarationForm
            intent="update"
            carriers={data.carriers}
            booths={data.booths}
            buildUpTo={data.buildUpTo}
            record={record}
            defaults={
              heldFor("update") ?? {
                boothId: String(d.boothId),
                carrierId: String(d.carrierId),
                services: d.services,
                arrivalFrom: d.arrivalFrom,
                arrivalTo: d.arrivalTo,
                contactName: d.contactName,
                contactPhone: d.contactPhone,
                billUrl: d.bill?.url ?? "",
                billUrl__name: d.bill?.name ?? "",
              }
            }
            constraint={data.constraints.declaration}
            lastResult={resultFor("update")}
            pending={pending}
          />
        </Panel>
      ) : null}

      <Panel title={t("transport.detail.exhibitsTitle")}>
        {data.exhibitToDelete ? (
          <ConfirmAction
            question={t("transport.detail.deleteExhibitQuestion", { name: data.exhibitToDelete.nameZh })}
            intent="deleteExhibit"
            fields={{ declarationId: String(d.id), sort: String(data.exhibitToDelete.sort), version: String(d.version) }}
            confirmLabel={t("transport.page.delete")}
            cancelTo={here}
            pending={pending}
          />
        ) : null}
        <ExhibitsTable exhibits={d.exhibits} deleteHref={d.editable ? (sort) => `${here}?deleteExhibit=${sort}` : undefined} />
        {d.editable ? (
          <>
            <Divider />
            <ExhibitForm
              key={`exhibit-${d.exhibits.length}-${d.version}`}
              record={record}
              held={heldFor("addExhibit")}
              constraint={data.constraints.exhibit}
              lastResult={resultFor("addExhibit")}
              pending={pending}
            />
            <Divider />
            <ImportForm
              record={record}
              constraint={data.constraints.import}
              failure={actionData?.form === "import" ? (actionData.importFailure ?? null) : null}
              lastResult={resultFor("import")}
              pending={pending}
            />
          </>
        ) : null}
      </Panel>

      <Panel title={t("transport.detail.amountTitle")} gap="sm">
        <QuoteTable quote={d.quote} acceptedCents={d.acceptedCents} />
        {d.editable ? (
          <Stack gap="xs">
            {actionData?.error && actionData.form === "submit" ? (
              <Alert color="red" role="alert" data-testid="submit-error">
                {actionData.error}
              </Alert>
            ) : null}
            <Text size="sm" c="dimmed">
              {t("transport.detail.submitHint")}
            </Text>
            <Group>
              <Form method="post" preventScrollReset>
                <HiddenFields values={{ intent: "submit", version: d.version }} />
                <Button type="submit" loading={pending} disabled={!d.submittable} data-testid="submit-declaration">
                  {t(d.status === "returned" ? "transport.detail.resubmit" : "transport.detail.submit")}
                </Button>
              </Form>
              {d.deletable && !data.confirmDelete ? (
                <Button component={Link} to={`${here}?confirm=delete`} variant="subtle" color="red.9" preventScrollReset>
                  {t("transport.detail.deleteDraft")}
                </Button>
              ) : null}
            </Group>
            {data.confirmDelete ? (
              <ConfirmAction
                question={t("transport.detail.deleteQuestion", { id: d.id })}
                intent="delete"
                fields={{ version: String(d.version) }}
                confirmLabel={t("transport.page.delete")}
                cancelTo={here}
                pending={pending}
              />
            ) : null}
          </Stack>
        ) : null}
      </Panel>

      {d.submittedAt ? (
        <ContactLog
          key={`messages-${d.messages.length}`}
          messages={d.messages}
          declarationId={d.id}
          canWrite
          constraint={data.constraints.message}
          lastResult={resultFor("message")}
          pending={pending}
        />
      ) : null}

      {data.history ? (
        <Panel>
          <RecordHistory entries={data.history} order={2} />
        </Panel>
      ) : null}
    </Stack>
  );
}
