import { Anchor, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PagePanel } from "~/components/page-panel";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { translate } from "~/contracts/i18n/translate.server";
import { leadEndpoints } from "~/contracts/leads/endpoints.server";
import { leadUpdateSchema } from "~/features/leads/schema.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { LeadForm } from "~/features/leads/lead-form";
import { leadFormValues, postLeadForm } from "~/features/leads/lead-form.server";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { shellTitle } from "~/lib/page-title";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { leadsEditable } from "../_shell.leads.list/editable.server";
import { PAGE_PATH } from "../_shell.leads.list/filters";
import "~/contracts/leads/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** A lead of the company's list, opened from it: the list's permission; the id is the company's own (the API answers 404 otherwise). */
export const handle = { breadcrumb: "leads.listTitle", permissionOf: PAGE_PATH, pathParams: "public" } satisfies PageHandle;

const HELD_FIELDS = ["rating", "notes", "tagIds", "followUp"] as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context, PAGE_PATH);
  const id = params.id ?? "";
  const [leadAnswer, tagsAnswer] = await Promise.all([user.api.call(leadEndpoints.lead, { id }), user.api.call(leadEndpoints.tags)]);
  const lead = await requireOk(leadAnswer, request, context);
  const tags = await requireOk(tagsAnswer, request, context);
  const held = await heldFormValues(request, context, formHolderOf(user.info), HELD_FIELDS);
  // No visitor's name in the document title: titles end up in the phone's history and tab list.
  const title = `${translate(user.language, "leads.listTitle")} - ${translate(user.language, "leads.list.leadPage")}`;
  return json({ title, lead, tags, values: leadFormValues(lead, held.values), editable: leadsEditable(user.info) }, { headers: held.headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  rememberForm(request, formData);
  const { api, language } = await requireShellUser(request, context, PAGE_PATH);
  const id = params.id ?? "";
  formData.set("id", id);
  const posted = await postLeadForm(request, context, formData, {
    language,
    schema: leadUpdateSchema,
    keyField: "id",
    send: (fields) => api.call(leadEndpoints.update, { id, ...fields }),
  });
  if ("refused" in posted) return posted.refused;
  return redirectWithToast(PAGE_PATH, context, { kind: "success", key: "leads.list.updated" });
}

export default function LeadEditPage() {
  const { t } = useTranslation();
  const { lead, tags, values, editable } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() ?? null;
  const pending = useNavigation().state === "submitting";
  const visitor = lead.visitor;
  return (
    <Stack gap="lg" maw={720}>
      <PagePanel title={visitor.erased ? t("leads.list.erasedVisitor") : visitor.name} intro={[visitor.company, visitor.position].filter(Boolean).join(" · ")}>
        <Stack gap={2} data-testid="lead-edit-visitor">
          {visitor.contactShown ? (
            <Text size="sm" data-testid="lead-edit-contact">
              {visitor.mobile} · {visitor.email}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t("leads.capture.noConsent")}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t("leads.capture.existing", { date: exhibitionDateTime(lead.firstScannedAt), by: lead.scannedBy, scans: lead.scans })}
          </Text>
        </Stack>
        {editable ? <LeadForm tags={tags} values={values} reply={reply} pending={pending} /> : null}
        <Anchor component={Link} to={PAGE_PATH} size="sm">
          {t("leads.list.back")}
        </Anchor>
      </PagePanel>
    </Stack>
  );
}
