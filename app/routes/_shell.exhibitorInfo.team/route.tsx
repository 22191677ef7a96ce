import { Paper, Stack, Title } from "@mantine/core";
import { idInAddress, noticeInAddress } from "~/lib/address-filters.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PagePanel } from "~/components/page-panel";
import { translate } from "~/contracts/i18n/translate.server";
import { teamEndpoints } from "~/contracts/team/endpoints.server";
import { Notice } from "~/features/booking-forms/parts";
import { inviteFieldsSchema, inviteMemberSchema, memberIdSchema } from "~/features/team/schema.server";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { useErrorText } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { shellTitle } from "~/lib/page-title";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { InviteForm } from "./invite-form";
import { type Confirming, MemberList, type MemberReply } from "./member-list";
import { MEMBER_AREAS } from "~/contracts/team/areas";
import "~/contracts/team/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "team.team.title" };

const PATH = "/exhibitorInfo/team";
const INVITE_FIELDS = ["username", "displayName", "email", "mobile"];
const DONE = ["invited", "granted", "revoked", "restored", "resent"] as const;
const noStore = { "Cache-Control": "no-store" };

/**
 * The company's team (docs/decisions/069): the owner invites members, grants each areas (read or edit),
 * revokes or gives back access, and may hand the account over. The API refuses it to anyone but the
 * company's owner; a member never has the menu, so the page is /401 for them.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const team = await requireOk(await api.call(teamEndpoints.team), request, context);
  const held = await heldFormValues(request, context, formHolderOf(info), [...INVITE_FIELDS, ...MEMBER_AREAS.map((area) => `grant.${area}`)], "invite");
  const revoke = idInAddress(url.searchParams, "revoke");
  const handover = idInAddress(url.searchParams, "handover");
  const confirming: Confirming = revoke ? { kind: "revoke", memberId: revoke } : handover ? { kind: "handover", memberId: handover } : null;
  return json(
    {
      title: translate(language, "team.team.title"),
      team,
      confirming,
      done: noticeInAddress(url.searchParams, DONE),
      inviteValues: held.values,
      constraints: formConstraints({ invite: inviteFieldsSchema }),
    },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const intent = String(formData.get("intent") ?? "");
  // Built here: the endpoint declarations are server-only, and the browser's copy of this module has none.
  const rowIntents = {
    grant: teamEndpoints.grant,
    revoke: teamEndpoints.revoke,
    restore: teamEndpoints.restore,
    resend: teamEndpoints.resendInvitation,
  } as const;

  if (intent === "handOver") {
    const parsed = memberIdSchema.safeParse({ memberId: formData.get("memberId") });
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    const result = await handleAuthErrors(await api.call(teamEndpoints.handOver, { memberId: String(parsed.data.memberId) }), request, context);
    if (!result.ok)
      return json({ row: { memberId: parsed.data.memberId, errors: [result.message] } satisfies MemberReply, result: null }, { status: 400, headers: noStore });
    // Both the former and the new owner are signed out: the sign-in page says why.
    return redirect("/login");
  }

  if (intent in rowIntents) {
    const memberId = memberIdSchema.safeParse({ memberId: formData.get("memberId") });
    if (!memberId.success) throw new Response("Bad request", { status: 400 });
    const fields: Record<string, string> = { memberId: String(memberId.data.memberId) };
    // The grants go as sent: the API refuses an area that does not exist or a level that is not one.
    for (const [key, value] of formData) if (key.startsWith("grant.") && typeof value === "string") fields[key] = value;
    const endpoint = rowIntents[intent as keyof typeof rowIntents];
    // The `grant.<area>` fields travel flat, as the form posts them (app/contracts/team/schema.ts gathers them).
    const result = await handleAuthErrors(await api.call(endpoint, fields as { memberId: string }), request, context);
    if (!result.ok)
      return json(
        { row: { memberId: memberId.data.memberId, errors: [result.message] } satisfies MemberReply, result: null },
        { status: 400, headers: noStore },
      );
    const done = { grant: "granted", revoke: "revoked", restore: "restored", resend: "resent" }[intent as keyof typeof rowIntents];
    return redirect(`${PATH}?done=${done}`);
  }

  const submission = parseWithZod(formData, { schema: inviteMemberSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), row: null }, { status: 400, headers: noStore });
  const v = submission.value;
  const form: Record<string, string> = { username: v.username, displayName: v.displayName, email: v.email ?? "", mobile: v.mobile ?? "" };
  for (const [area, level] of Object.entries(v.grant)) form[`grant.${area}`] = level;
  const result = await handleAuthErrors(await api.call(teamEndpoints.invite, form as { username: string }), request, context);
  if (!result.ok) return json({ result: replyToApiFailure(submission, result, INVITE_FIELDS), row: null }, { status: 400, headers: noStore });
  return redirect(`${PATH}?done=invited`);
}

export default function TeamPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const row = actionData?.row ? { ...actionData.row, errors: [errorText(actionData.row.errors) ?? ""] } : undefined;
  return (
    <Stack gap="lg" maw={1040}>
      <PagePanel title={t("team.team.title")} intro={t("team.team.intro")}>
        <Notice text={data.done && !actionData ? t(`team.team.notices.${data.done}`) : null} />
        <InviteForm held={data.inviteValues} constraint={data.constraints.invite} lastResult={actionData?.result ?? undefined} pending={isPending} />
      </PagePanel>
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("team.team.membersHeading")}
          </Title>
          <MemberList team={data.team} path={PATH} confirming={data.confirming} reply={row} pending={isPending} />
        </Stack>
      </Paper>
    </Stack>
  );
}
