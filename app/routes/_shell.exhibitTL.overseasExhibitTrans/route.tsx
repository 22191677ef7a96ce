import { PageHeading } from "~/components/page-heading";
import { loadPageHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";
import { shellTitle } from "~/lib/page-title";
import type { SubmissionResult } from "@conform-to/react";
import { Paper, Stack, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { rawFields } from "~/features/transport/forms.server";
import { overseasEndpoints } from "~/contracts/vehicles/endpoints.server";
import { overseasRequestSchema } from "~/features/vehicles/schema.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { AgentCards, RequestHistory } from "./overseas-parts";
import { REQUEST_FIELDS, RequestForm } from "./request-form";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/overseas/texts";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "vehicles.overseas.title" } satisfies PageHandle;

const PATH = "/exhibitTL/overseasExhibitTrans";
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Overseas exhibit transport (spec /exhibitTL overseasExhibitTrans): the appointed agents, a request
 * e-mailed to one of them, and the exhibitor's requests. `?agent=<id>` (a card's link) picks the agent.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const [offer, history] = await Promise.all([
    api.call(overseasEndpoints.agents).then((result) => requireOk(result, request, context)),
    api.call(overseasEndpoints.requests).then((result) => requireOk(result, request, context)),
  ]);
  const held = await heldFormValues(request, context, formHolderOf(info), REQUEST_FIELDS);
  const chosen = new URL(request.url).searchParams.get("agent");
  const agentId = offer.agents.some((a) => String(a.id) === chosen) ? chosen! : offer.agents.length === 1 ? String(offer.agents[0]!.id) : "";
  return json(
    {
      pageHistory: await loadPageHistory(api, [overseasEndpoints.saveRequest]),
      title: translate(language, "vehicles.overseas.title"),
      offer,
      requests: history.requests,
      agentId,
      held: held.values,
      constraints: formConstraints({ request: overseasRequestSchema }),
    },
    { headers: held.headers },
  );
}

type Reply = { result?: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const submission = parseWithZod(formData, { schema: overseasRequestSchema });
  if (submission.status !== "success") return json({ result: submission.reply() } satisfies Reply, { status: 400, headers: NO_STORE });
  const result = await handleAuthErrors(await api.call(overseasEndpoints.saveRequest, rawFields(formData, REQUEST_FIELDS)), request, context);
  if (!result.ok)
    return json({ result: replyToApiFailure(submission, result, REQUEST_FIELDS) } satisfies Reply, {
      status: result.code === 503 || result.code === 429 ? result.code : 400,
      headers: NO_STORE,
    });
  return redirectWithToast(PATH, context, { kind: "success", key: "vehicles.overseas.sent" });
}

export default function OverseasTransportPage() {
  const { t } = useTranslation();
  const { offer, requests, agentId, held, constraints, pageHistory } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  return (
    <Stack gap="lg" maw={1100}>
      <Panel>
        <PageHeading title={t("vehicles.overseas.title")} intro={t("vehicles.overseas.intro")} />
        <Title order={2} size="h4">
          {t("vehicles.overseas.agentsTitle")}
        </Title>
        <AgentCards agents={offer.agents} path={PATH} />
      </Panel>
      {offer.agents.length ? (
        <Paper withBorder p={{ base: "sm", sm: "lg" }}>
          {/* A card's link changes the chosen agent, a sent request adds to the history: a new key starts the form afresh. */}
          <RequestForm
            key={`${agentId}-${requests.length}`}
            offer={offer}
            agentId={agentId}
            held={held}
            constraint={constraints.request}
            lastResult={actionData?.result}
            pending={pending}
          />
        </Paper>
      ) : null}
      <Panel title={t("vehicles.overseas.historyTitle")} gap="sm">
        <RequestHistory requests={requests} />
      </Panel>
      <RecordHistory entries={pageHistory} title="team.history.pageSection" />
    </Stack>
  );
}
