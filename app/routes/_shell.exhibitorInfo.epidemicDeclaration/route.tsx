import { shellTitle } from "~/lib/page-title";
import { loadPageHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";
import { Divider, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-action";
import { ListPager } from "~/components/list-pager";
import { epidemicEndpoints } from "~/contracts/epidemic/endpoints.server";
import { EPIDEMIC_PATH as PATH } from "~/contracts/epidemic/values";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { commitmentSchema, staffSchema } from "~/features/epidemic/schema.server";
import { StaffTable } from "~/features/epidemic/staff-table";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { heldFormValues } from "~/lib/form-hold.server";
import { formConstraints } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { COMMITMENT_FIELDS, type EpidemicReply, epidemicAction, STAFF_FIELDS } from "./action.server";
import { CommitmentForm } from "./commitment-form";
import { ExcelPanel } from "./excel-panel";
import { StaffForm } from "./staff-form";
import "~/contracts/epidemic/texts";
import { Panel } from "~/components/panel";
import { PageHeading } from "~/components/page-heading";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "epidemic.title" } satisfies PageHandle;

const PAGER_KEYS = { previous: "epidemic.previous", next: "epidemic.next", pageOf: "epidemic.pageOf" };

/**
 * /exhibitorInfo/epidemicDeclaration (issue 41): the organizer's commitment with its required tick,
 * then the exhibitor's on-site staff, 20 a page, added one by one or from the Excel template.
 * `?delete=<id>` and `?withdraw=1` ask first. Plain and multipart posts: it works without script.
 * While the exhibition's switch is off the API answers 404, and so does the page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const params = new URL(request.url).searchParams;
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const [commitment, staff] = await Promise.all([
    api.call(epidemicEndpoints.commitment).then((answer) => requireOk(answer, request, context)),
    api.call(epidemicEndpoints.staff, { page: String(page) }).then((answer) => requireOk(answer, request, context)),
  ]);
  // A form posted after the session ended comes back once, into the form it came from.
  const held = await heldFormValues(request, context, formHolderOf(info), [
    "intent",
    ...COMMITMENT_FIELDS,
    ...STAFF_FIELDS,
    uploadFieldNames("healthCodeUrl").name,
    uploadFieldNames("travelCodeUrl").name,
  ]);
  const heldFor = (intent: string) => (held.values?.intent === intent ? held.values : null);
  return json(
    {
      pageHistory: await loadPageHistory(api, [
        epidemicEndpoints.createCommitment,
        epidemicEndpoints.updateCommitment,
        epidemicEndpoints.deleteCommitment,
        epidemicEndpoints.addStaff,
        epidemicEndpoints.deleteStaff,
        epidemicEndpoints.uploadStaff,
      ]),
      title: translate(language, "epidemic.title"),
      commitment,
      staff,
      deleting: staff.items.find((s) => String(s.id) === params.get("delete")) ?? null,
      withdrawing: params.has("withdraw") && commitment.accepted,
      held: { commitment: heldFor("commitment"), addStaff: heldFor("addStaff") },
      constraints: formConstraints({ commitment: commitmentSchema, staff: staffSchema(language === "en" ? "en" : "zh") }),
    },
    { headers: held.headers },
  );
}

export async function action(args: ActionFunctionArgs) {
  return epidemicAction(args);
}

export default function EpidemicDeclarationPage() {
  const { t } = useTranslation();
  const { commitment, staff, deleting, withdrawing, held, constraints, pageHistory } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as EpidemicReply | undefined;
  const pending = useIsPending();
  const pageLink = (p: number) => (p > 1 ? `${PATH}?page=${p}` : PATH);
  const here = staff.page > 1 ? `${PATH}?page=${staff.page}&` : `${PATH}?`;
  return (
    <Stack gap="lg" maw={1100}>
      <Panel>
        <PageHeading title={t("epidemic.title")} intro={t("epidemic.intro")} />
        {reply?.intent === "delete" ? (
          <Text role="alert" c="red.9" data-testid="delete-error">
            {reply.error}
          </Text>
        ) : null}
        {withdrawing ? (
          <ConfirmAction
            question={t("epidemic.confirmWithdraw")}
            intent="withdraw"
            fields={{}}
            confirmLabel={t("epidemic.withdraw")}
            cancelTo={PATH}
            pending={pending}
          />
        ) : null}
        <CommitmentForm
          commitment={commitment}
          held={held.commitment}
          constraint={constraints.commitment}
          lastResult={reply?.intent === "commitment" ? reply.result : null}
          pending={pending}
        />
      </Panel>
      <Panel title={t("epidemic.staffTitle")}>
        {deleting ? (
          <ConfirmAction
            question={t("epidemic.confirmDelete", { name: deleting.name })}
            intent="deleteStaff"
            fields={{ id: String(deleting.id), page: String(staff.page) }}
            confirmLabel={t("epidemic.delete")}
            cancelTo={pageLink(staff.page)}
            pending={pending}
          />
        ) : null}
        {staff.total ? (
          <>
            <Text size="sm" data-testid="staff-total">
              {t("epidemic.staffTotal", { count: staff.total })}
            </Text>
            <StaffTable items={staff.items} deleteLink={(s) => `${here}delete=${s.id}`} />
          </>
        ) : (
          <Text c="dimmed">{t("epidemic.staffEmpty")}</Text>
        )}
        <ListPager page={staff.page} pageSize={staff.pageSize} total={staff.total} link={pageLink} keys={PAGER_KEYS} />
        <Divider />
        <StaffForm
          page={staff.page}
          held={held.addStaff}
          constraint={constraints.staff}
          lastResult={reply?.intent === "addStaff" ? reply.result : null}
          pending={pending}
        />
        <Divider />
        <ExcelPanel importResult={reply?.intent === "import" ? reply : null} pending={pending} />
      </Panel>
      <RecordHistory entries={pageHistory} title="team.history.pageSection" />
    </Stack>
  );
}
