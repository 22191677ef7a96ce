import { getFormProps } from "@conform-to/react";
import { Anchor, Stack, Table, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, type SerializeFrom } from "@remix-run/node";
import { ORGANIZER_ROLE_ID } from "~/contracts/permission/roles";
import { OrganizerLeadsNotice } from "~/features/leads/organizer-notice";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-action";
import { FormTextInput } from "~/components/form-fields";
import { FormError } from "~/components/form-error";
import { ListTable } from "~/components/list-table";
import { PagePanel } from "~/components/page-panel";
import { SubmitRow } from "~/components/submit-row";
import { translate } from "~/contracts/i18n/translate.server";
import { leadEndpoints } from "~/contracts/leads/endpoints.server";
import { leadTagSaveSchema } from "~/features/leads/schema.server";
import { LEAD_TAG_NAME_MAX } from "~/contracts/leads/values";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { usePortalForm } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { shellTitle } from "~/lib/page-title";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { leadsEditable } from "../_shell.leads.list/editable.server";
import { PAGE_PATH as LIST_PATH } from "../_shell.leads.list/filters";
import "~/contracts/leads/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "leads.tagsTitle" } satisfies PageHandle;

const PATH = "/leads/tags";
const noStore = { "Cache-Control": "private, no-store" };

/**
 * /leads/tags (docs/decisions/070): the tags the company's team picks when recording a lead, with how
 * many leads carry each; a tag is added with a plain form and deleted after a question (`?delete=<id>`,
 * no script needed), which says how many leads lose it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  // The organizer's menu holds every page; it has no company's tags (the API would refuse it).
  if (user.info.infoVO.roleId === ORGANIZER_ROLE_ID)
    return json({ title: translate(user.language, "leads.tagsTitle"), organizer: true } as const, { headers: noStore });
  const tags = await requireOk(await user.api.call(leadEndpoints.tags), request, context);
  const deleteId = Number(new URL(request.url).searchParams.get("delete"));
  const held = await heldFormValues(request, context, formHolderOf(user.info), ["name"], "add");
  return json(
    {
      title: translate(user.language, "leads.tagsTitle"),
      tags,
      toDelete: tags.find((tag) => tag.id === deleteId) ?? null,
      editable: leadsEditable(user.info),
      held: held.values,
      constraints: formConstraints({ tag: leadTagSaveSchema }),
    },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  rememberForm(request, formData);
  const { api } = await requireShellUser(request, context);
  if (formData.get("intent") === "delete") {
    const answer = await handleAuthErrors(await api.call(leadEndpoints.removeTag, { id: String(formData.get("id") ?? "") }), request, context);
    return redirectWithToast(PATH, context, answer.ok ? { kind: "success", key: "leads.tags.removed" } : { kind: "error", key: answer.message });
  }
  const submission = parseWithZod(formData, { schema: leadTagSaveSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400, headers: noStore });
  const answer = await handleAuthErrors(await api.call(leadEndpoints.saveTag, submission.value), request, context);
  if (!answer.ok) return json({ result: replyToApiFailure(submission, answer, ["name"]) }, { status: answer.code === 403 ? 403 : 400, headers: noStore });
  return redirectWithToast(PATH, context, { kind: "success", key: "leads.tags.saved" });
}

export default function LeadTagsPage() {
  const data = useLoaderData<typeof loader>();
  return "organizer" in data ? <OrganizerLeadsNotice title={data.title} /> : <LeadTags {...data} />;
}

function LeadTags({ tags, toDelete, editable, held, constraints }: Exclude<SerializeFrom<typeof loader>, { organizer: true }>) {
  const { t } = useTranslation();
  const reply = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = usePortalForm<typeof leadTagSaveSchema>({
    id: "lead-tag",
    constraint: constraints.tag,
    lastResult: reply?.result,
    defaultValue: held ?? undefined,
  });
  return (
    <Stack gap="lg" maw={720}>
      <PagePanel title={t("leads.tagsTitle")} intro={t("leads.tags.intro")}>
        {editable ? (
          <Form method="post" {...getFormProps(form)} data-testid="lead-tag-form">
            <input type="hidden" name="intent" value="add" />
            <Stack gap="sm">
              <FormError errors={form.errors} id={form.errorId} />
              <FormTextInput field={fields.name} label={t("leads.fields.tagName")} maxLength={LEAD_TAG_NAME_MAX} autoComplete="off" />
              <SubmitRow pending={pending} label={t("leads.tags.add")} />
            </Stack>
          </Form>
        ) : null}
        {toDelete ? (
          <ConfirmAction
            question={t("leads.tags.confirmDelete", { name: toDelete.name, count: toDelete.leads })}
            intent="delete"
            fields={{ id: String(toDelete.id) }}
            confirmLabel={t("leads.tags.delete")}
            cancelTo={PATH}
            pending={pending}
            testId="lead-tag-confirm-delete"
          />
        ) : null}
        {tags.length ? (
          <ListTable minWidth={360} testId="lead-tags" heads={["leads.fields.tagName", "leads.overview.leads", editable ? "" : null]}>
            {tags.map((tag) => (
              <Table.Tr key={tag.id} data-testid="lead-tag-row">
                <Table.Td style={{ overflowWrap: "anywhere" }} data-testid="lead-tag-name">
                  {tag.name}
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`${LIST_PATH}?tagId=${tag.id}`} size="sm">
                    {t("leads.tags.leads", { count: tag.leads })}
                  </Anchor>
                </Table.Td>
                {editable ? (
                  <Table.Td>
                    <Anchor component={Link} to={`${PATH}?delete=${tag.id}`} c="red.9" size="sm" data-testid="lead-tag-delete">
                      {t("leads.tags.delete")}
                    </Anchor>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </ListTable>
        ) : (
          <Text c="dimmed" data-testid="lead-tags-empty">
            {t("leads.tags.empty")}
          </Text>
        )}
      </PagePanel>
    </Stack>
  );
}
