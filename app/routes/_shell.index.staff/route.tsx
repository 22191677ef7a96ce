import { Paper, Stack, Title } from "@mantine/core";
import { idInAddress, noticeInAddress } from "~/lib/address-filters.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PagePanel } from "~/components/page-panel";
import { translate } from "~/contracts/i18n/translate.server";
import { teamEndpoints } from "~/contracts/team/endpoints.server";
import { Notice } from "~/features/booking-forms/parts";
import { inviteStaffSchema, staffIdSchema } from "~/features/team/schema.server";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { useErrorText } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { shellTitle } from "~/lib/page-title";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { InviteStaffForm } from "./invite-staff-form";
import { type AccountReply, StaffAccounts } from "./staff-accounts";
import { StaffRoles } from "./staff-roles";
import "~/contracts/team/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "team.staff.title" };

const PATH = "/index/staff";
const INVITE_FIELDS = ["username", "displayName", "email", "mobile", "roleId"];
const DONE = ["invited", "roleChanged", "revoked", "roleSaved"] as const;
const noStore = { "Cache-Control": "no-store" };

/**
 * The organizer's staff and roles (docs/decisions/069): invite a staff account with a role, change
 * an account's role or revoke it (after a confirmation), and compose roles from the areas. The API
 * keeps one full organizer and refuses changing one's own access; every answer is a plain form post.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const staff = await requireOk(await api.call(teamEndpoints.staff), request, context);
  const held = await heldFormValues(request, context, formHolderOf(info), INVITE_FIELDS, "invite-staff");
  return json(
    {
      title: translate(language, "team.staff.title"),
      staff,
      selfId: info.infoVO.id,
      revoking: idInAddress(url.searchParams, "revoke"),
      done: noticeInAddress(url.searchParams, DONE),
      inviteValues: held.values,
      constraints: formConstraints({ invite: inviteStaffSchema }),
    },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const intent = String(formData.get("intent") ?? "");
  const failed = (extra: { row?: AccountReply; roleErrors?: string[]; roleValues?: Record<string, string> }) =>
    json(
      { result: null, row: extra.row ?? null, roleErrors: extra.roleErrors ?? null, roleValues: extra.roleValues ?? null },
      { status: 400, headers: noStore },
    );

  if (intent === "role" || intent === "revoke") {
    const parsed = staffIdSchema.safeParse({ userId: formData.get("userId") });
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    const userId = String(parsed.data.userId);
    const result =
      intent === "role"
        ? await api.call(teamEndpoints.changeStaffRole, { userId, roleId: String(formData.get("roleId") ?? "") })
        : await api.call(teamEndpoints.revokeStaff, { userId });
    const answered = await handleAuthErrors(result, request, context);
    if (!answered.ok) return failed({ row: { userId: parsed.data.userId, errors: [answered.message] } });
    return redirect(`${PATH}?done=${intent === "role" ? "roleChanged" : "revoked"}`);
  }

  if (intent === "saveRole") {
    const fields: Record<string, string> = {};
    // The grants go as the form posts them (`grant.<area>`); the API refuses an unknown area or level.
    for (const [key, value] of formData) if (typeof value === "string" && key !== "intent") fields[key] = value;
    const result = await handleAuthErrors(await api.call(teamEndpoints.saveRole, fields as { nameZh: string }), request, context);
    // What was typed comes back with the refusal.
    if (!result.ok) return failed({ roleErrors: [result.message], roleValues: fields });
    return redirect(`${PATH}?done=roleSaved`);
  }

  const submission = parseWithZod(formData, { schema: inviteStaffSchema });
  if (submission.status !== "success")
    return json({ result: submission.reply(), row: null, roleErrors: null, roleValues: null }, { status: 400, headers: noStore });
  const v = submission.value;
  const form = { username: v.username, displayName: v.displayName, email: v.email ?? "", mobile: v.mobile ?? "", roleId: String(v.roleId) };
  const result = await handleAuthErrors(await api.call(teamEndpoints.inviteStaff, form), request, context);
  if (!result.ok)
    return json(
      { result: replyToApiFailure(submission, result, INVITE_FIELDS), row: null, roleErrors: null, roleValues: null },
      { status: 400, headers: noStore },
    );
  return redirect(`${PATH}?done=invited`);
}

export default function StaffPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const row = actionData?.row ? { ...actionData.row, errors: [errorText(actionData.row.errors) ?? ""] } : undefined;
  const roleErrors = actionData?.roleErrors ? [errorText(actionData.roleErrors) ?? ""] : undefined;
  return (
    <Stack gap="lg" maw={1040}>
      <PagePanel title={t("team.staff.title")} intro={t("team.staff.intro")}>
        <Notice text={data.done && !actionData ? t(`team.staff.notices.${data.done}`) : null} />
        <InviteStaffForm
          roles={data.staff.roles}
          held={data.inviteValues}
          constraint={data.constraints.invite}
          lastResult={actionData?.result ?? undefined}
          pending={isPending}
        />
      </PagePanel>
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("team.staff.accountsHeading")}
          </Title>
          <StaffAccounts
            accounts={data.staff.accounts}
            roles={data.staff.roles}
            selfId={data.selfId}
            path={PATH}
            revoking={data.revoking}
            reply={row}
            pending={isPending}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("team.staff.rolesHeading")}
          </Title>
          <StaffRoles roles={data.staff.roles} errors={roleErrors} typed={actionData?.roleValues ?? undefined} pending={isPending} />
        </Stack>
      </Paper>
    </Stack>
  );
}
