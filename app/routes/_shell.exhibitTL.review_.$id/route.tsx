import { idOf } from "../_shell.exhibitTL.carriage_.$id/id-param";
import { shellTitle } from "~/lib/page-title";
import type { SubmissionResult } from "@conform-to/react";
import { Stack } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { transportEndpoints } from "~/contracts/transport/endpoints.server";
import { rawFields } from "~/features/transport/forms.server";
import { ContactLog, DeclarationPanel, ExhibitsTable, QuoteTable } from "~/features/transport/parts";
import { messageSchema, reviewDecisionSchema } from "~/features/transport/schema.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { DecisionForms } from "./decision-forms";
import "~/contracts/transport/texts";
import { ORGANIZER_ROLE_ID } from "~/contracts/permission/roles";
import { Panel } from "~/components/panel";
import { loadRecordHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** Opened from the review list: its permission, and no floating buttons either (docs/product.md § Footer and floating buttons). */
export const handle = {
  breadcrumb: "transport.detail.breadcrumb",
  title: "transport.detail.title",
  permissionOf: "/exhibitTL/review",
  floatingButtons: false,
  pathParams: "public",
} satisfies PageHandle;

const REVIEW_PATH = "/exhibitTL/review";
const NO_STORE = { "Cache-Control": "no-store" };
const DECISION_FIELDS = ["decision", "amount", "note", "reason"] as const;

/** A declaration addressed to the signed-in carrier (another carrier's answers 404); the organizer reads any. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const id = idOf(params);
  // The declaration and its history of changes side by side; the history is null for a carrier (not its record) and a staff role without the transport area.
  const [declaration, history] = await Promise.all([
    api.call(transportEndpoints.carrierDetail, { id }).then((result) => requireOk(result, request, context)),
    loadRecordHistory(api, "transportDeclaration", id),
  ]);
  const held = await heldFormValues(request, context, formHolderOf(info), ["intent", ...DECISION_FIELDS, "body"]);
  return json(
    {
      title: translate(language, "transport.detail.title", { id }),
      declaration,
      history,
      canWrite: info.infoVO.roleId !== ORGANIZER_ROLE_ID,
      held: held.values,
      constraints: formConstraints({ decision: reviewDecisionSchema, message: messageSchema }),
    },
    { headers: held.headers },
  );
}

type Reply = { form: string; result: SubmissionResult<string[]> };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const id = idOf(params);
  const formData = await request.formData();
  rememberForm(request, formData);
  const intent = formData.get("intent") === "message" ? "message" : "decide";
  const schema = intent === "message" ? messageSchema : reviewDecisionSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return json({ form: intent, result: submission.reply() } satisfies Reply, { status: 400, headers: NO_STORE });
  const [endpoint, form, fields] =
    intent === "message"
      ? [transportEndpoints.carrierSaveMessage, rawFields(formData, ["declarationId", "body"]), ["body"]]
      : [transportEndpoints.decide, { ...rawFields(formData, ["version", ...DECISION_FIELDS]), id: String(id) }, [...DECISION_FIELDS]];
  const result = await handleAuthErrors(await api.call(endpoint, form), request, context);
  if (!result.ok) return json({ form: intent, result: replyToApiFailure(submission, result, fields) } satisfies Reply, { status: 400, headers: NO_STORE });
  const key =
    intent === "message"
      ? "transport.detail.done.message"
      : formData.get("decision") === "accept"
        ? "transport.review.acceptedToast"
        : "transport.review.returnedToast";
  return redirectWithToast(intent === "message" ? `${REVIEW_PATH}/${id}` : REVIEW_PATH, context, { kind: "success", key });
}

export default function ReviewDetailPage() {
  const { t } = useTranslation();
  const { declaration: d, history, canWrite, held, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  const resultFor = (form: string) => (actionData?.form === form ? actionData.result : undefined);
  return (
    <Stack gap="lg" maw={1100}>
      <DeclarationPanel declaration={d} back={{ to: REVIEW_PATH, label: t("transport.review.back") }} />
      <Panel title={t("transport.detail.exhibitsTitle")}>
        <ExhibitsTable exhibits={d.exhibits} />
        <QuoteTable quote={d.quote} acceptedCents={d.acceptedCents} />
      </Panel>
      {d.decidable ? (
        <DecisionForms
          declaration={d}
          held={held?.intent === "decide" ? held : null}
          constraint={constraints.decision}
          lastResult={resultFor("decide")}
          pending={pending}
        />
      ) : null}
      <ContactLog
        key={`messages-${d.messages.length}`}
        messages={d.messages}
        declarationId={d.id}
        canWrite={canWrite}
        constraint={constraints.message}
        lastResult={resultFor("message")}
        pending={pending}
      />
      {history ? (
        <Panel>
          <RecordHistory entries={history} order={2} />
        </Panel>
      ) : null}
    </Stack>
  );
}
