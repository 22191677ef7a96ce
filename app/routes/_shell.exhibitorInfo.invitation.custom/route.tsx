import { shellTitle } from "~/lib/page-title";
import { loadPageHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";
import { ActionError } from "~/components/form-error";
import type { SubmissionResult } from "@conform-to/react";
import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { promotionEndpoints } from "~/contracts/promotion/endpoints.server";
import { CUSTOM_PATH, EXHIBITS_PATH } from "~/features/promotion/paths";
import { replyToPromotionFailure } from "~/features/promotion/reply.server";
import { invitationIdSchema, invitationSchema, invitationUpdateSchema, type InvitationInput } from "~/features/promotion/schema.server";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { INVITATION_FIELDS, InvitationForm, invitationDefaults } from "./invitation-form";
import { InvitationPreview, InvitationTable } from "./invitation-table";
import "~/contracts/promotion/texts";
import { Panel } from "~/components/panel";
import { PromotionDeleteConfirm } from "~/features/promotion/delete-confirm";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "promotion.pages.custom.title" } satisfies PageHandle;

const NO_STORE = { "Cache-Control": "no-store" };
const SAVE_FIELDS = ["name", "companyName", "templateId", "exhibitIds"] as const;

/**
 * The exhibitor's invitations (issue 38, the /invitation area): the list, the form to make one or,
 * with `?edit=`, change one; `?view=` shows one's rendered image and downloads (the page a save
 * lands on); `?delete=` asks before deleting.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const ok = <T,>(r: Parameters<typeof requireOk<T>>[0]) => requireOk(r, request, context);
  const [list, templates, exhibits] = await Promise.all([
    api.call(promotionEndpoints.invitations).then(ok),
    api.call(promotionEndpoints.templates).then(ok),
    api.call(promotionEndpoints.exhibits).then(ok),
  ]);
  const url = new URL(request.url);
  const held = await heldFormValues(request, context, formHolderOf(info), INVITATION_FIELDS, "save");
  const find = (id: unknown) => (id ? (list.items.find((i) => String(i.id) === String(id)) ?? null) : null);
  const editing = find(held.values ? held.values.id : url.searchParams.get("edit"));
  // A new invitation starts with the exhibitor's company name and the first template.
  const company = (language === "en" ? info.infoVO.businessNameEn || info.infoVO.businessName : info.infoVO.businessName || info.infoVO.businessNameEn) ?? "";
  return json(
    {
      pageHistory: await loadPageHistory(api, [
        promotionEndpoints.saveInvitation,
        promotionEndpoints.updateInvitation,
        promotionEndpoints.removeInvitation,
        promotionEndpoints.addExhibit,
        promotionEndpoints.updateExhibit,
        promotionEndpoints.removeExhibit,
        promotionEndpoints.orderExhibits,
      ]),
      title: translate(language, "promotion.pages.custom.title"),
      invitations: list.items,
      templates,
      exhibits: exhibits.items,
      editing,
      viewing: find(url.searchParams.get("view")),
      deleting: find(url.searchParams.get("delete")),
      defaults: held.values ?? (editing ? invitationDefaults(editing) : { companyName: company, templateId: templates[0] ? String(templates[0].id) : "" }),
      constraints: formConstraints({ invitation: invitationSchema }),
    },
    { headers: held.headers },
  );
}

type Reply = { result?: SubmissionResult<string[]>; error?: string };
const reply = (body: Reply) => json(body, { status: 400, headers: NO_STORE });

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);

  if (formData.get("intent") === "delete") {
    const parsed = invitationIdSchema.safeParse({ id: formData.get("id") });
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    const removed = await handleAuthErrors(await api.call(promotionEndpoints.removeInvitation, { id: parsed.data.id }), request, context);
    if (!removed.ok) return reply({ error: removed.message });
    return redirectWithToast(CUSTOM_PATH, context, { kind: "success", key: "promotion.pages.custom.deleted" });
  }

  const submission = parseWithZod(formData, { schema: formData.get("id") ? invitationUpdateSchema : invitationSchema });
  if (submission.status !== "success") return reply({ result: submission.reply() });
  const v = submission.value as InvitationInput & { id?: number; version?: number };
  const input = { name: v.name, companyName: v.companyName, templateId: v.templateId, exhibitIds: v.exhibitIds };
  const saved =
    v.id !== undefined
      ? await api.call(promotionEndpoints.updateInvitation, { ...input, id: v.id, version: v.version })
      : await api.call(promotionEndpoints.saveInvitation, input);
  const result = await handleAuthErrors(saved, request, context);
  if (!result.ok) return reply({ result: replyToPromotionFailure(submission, result, SAVE_FIELDS) });
  return redirectWithToast(`${CUSTOM_PATH}?view=${result.data.id}`, context, { kind: "success", key: "promotion.pages.custom.saved" });
}

export default function CustomInvitationPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  return (
    <Stack gap="lg" maw={1100}>
      <Panel>
        <Group justify="space-between" align="flex-start">
          <Title order={1} size="h3">
            {t("promotion.pages.custom.title")}
          </Title>
          <Anchor component={Link} to={EXHIBITS_PATH} data-testid="manage-exhibits">
            {t("promotion.pages.custom.manageExhibits")}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          {t("promotion.pages.custom.intro")}
        </Text>
      </Panel>
      {data.viewing ? <InvitationPreview key={`${data.viewing.id}-${data.viewing.version}`} invitation={data.viewing} /> : null}
      <Panel title={t("promotion.pages.custom.listTitle")}>
        <ActionError message={actionData?.error} />
        {data.deleting ? (
          <PromotionDeleteConfirm texts="custom" id={data.deleting.id} name={data.deleting.name} cancelTo={CUSTOM_PATH} pending={pending} />
        ) : null}
        <InvitationTable invitations={data.invitations} />
      </Panel>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <InvitationForm
          key={data.editing ? `edit-${data.editing.id}-${data.editing.version}` : `new-${data.invitations.length}`}
          editing={data.editing}
          templates={data.templates}
          exhibits={data.exhibits}
          defaults={data.defaults}
          constraint={data.constraints.invitation}
          lastResult={actionData?.result}
          pending={pending}
        />
      </Paper>
      <RecordHistory entries={data.pageHistory} title="team.history.pageSection" />
    </Stack>
  );
}
