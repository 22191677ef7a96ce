import { shellTitle } from "~/lib/page-title";
import { Anchor, Badge, Image, Paper, Stack, Table, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import type { TemplateAdminView } from "~/contracts/promotion/api-types";
import { promotionEndpoints } from "~/contracts/promotion/endpoints.server";
import { templateSchema, templateUpdateSchema } from "~/features/promotion/schema.server";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { BACKGROUND_UPLOAD, TemplateForm } from "./template-form";
import "~/contracts/promotion/texts";
import { Panel } from "~/components/panel";
import { ListTable } from "~/components/list-table";
import { PageHeading } from "~/components/page-heading";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "promotion.templates.title" } satisfies PageHandle;

const PATH = "/exhibitorInfo/invitation/templates";
const FIELDS = ["nameZh", "nameEn", "language", "exhibitSlots", "backgroundUrl", "sort", "active"] as const;
const HELD = [...FIELDS, "id", uploadFieldNames("backgroundUrl").name] as const;
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The organizer's invitation templates (roleId 1; its menu row is the organizer's, the API refuses
 * everyone else): every template with its use, and one form to add one or, with `?edit=<id>`, change one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const templates = await requireOk(await api.call(promotionEndpoints.allTemplates), request, context);
  const editId = new URL(request.url).searchParams.get("edit");
  const held = await heldFormValues(request, context, formHolderOf(info), HELD);
  return json(
    {
      title: translate(language, "promotion.templates.title"),
      templates,
      editing: templates.find((template) => String(template.id) === editId) ?? null,
      held: held.values,
      constraints: formConstraints({ template: templateSchema }),
    },
    { headers: { ...held.headers, ...NO_STORE } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { backgroundUrl: BACKGROUND_UPLOAD });
  rememberForm(request, formData);
  const updating = formData.get("intent") === "update";
  const submission = parseWithZod(formData, { schema: updating ? templateUpdateSchema : templateSchema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return json({ result: replyWithUploadErrors(submission, uploadErrors) }, { status: 400, headers: NO_STORE });
  }
  const value = submission.value;
  const id = Number(formData.get("id"));
  const result = await handleAuthErrors(
    updating ? await api.call(promotionEndpoints.updateTemplate, { ...value, id }) : await api.call(promotionEndpoints.addTemplate, value),
    request,
    context,
  );
  if (!result.ok) {
    const status = result.code === 404 ? 404 : 400;
    return json({ result: replyToApiFailure(submission, result, FIELDS) }, { status, headers: NO_STORE });
  }
  return redirectWithToast(PATH, context, { kind: "success", key: "promotion.templates.saved" });
}

function TemplateTable({ templates }: { templates: TemplateAdminView[] }) {
  const { t, language } = useTranslation();
  if (!templates.length) return <Text c="dimmed">{t("promotion.templates.empty")}</Text>;
  return (
    <ListTable
      minWidth={640}
      testId="template-list"
      heads={[
        "promotion.templates.fields.template",
        "promotion.templates.fields.language",
        "promotion.templates.fields.exhibitSlots",
        "promotion.templates.fields.background",
        "promotion.fields.invitation",
        <Table.Th key="actions" />,
      ]}
    >
      {templates.map((template) => (
        <Table.Tr key={template.id} data-testid={`template-${template.id}`}>
          <Table.Td style={{ overflowWrap: "anywhere" }}>
            <Text size="sm">{language === "en" ? template.nameEn : template.nameZh}</Text>
            <Badge size="sm" variant="light" color={template.active ? "green" : "gray"}>
              {t(template.active ? "promotion.templates.active" : "promotion.templates.inactive")}
            </Badge>
          </Table.Td>
          <Table.Td>{t(`promotion.templates.languages.${template.language}`)}</Table.Td>
          <Table.Td>{t("promotion.templates.slots", { count: template.exhibitSlots })}</Table.Td>
          <Table.Td>{template.backgroundUrl ? <Image src={template.backgroundUrl} alt="" h={48} w={27} fit="cover" /> : "—"}</Table.Td>
          <Table.Td>{template.invitations}</Table.Td>
          <Table.Td>
            <Anchor component={Link} to={`?edit=${template.id}`} size="sm">
              {t("promotion.templates.edit")}
            </Anchor>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

export default function InvitationTemplatesPage() {
  const { t } = useTranslation();
  const { templates, editing, held, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  return (
    <Stack gap="lg" maw={1100}>
      <Panel gap="sm">
        <PageHeading title={t("promotion.templates.title")} intro={t("promotion.templates.intro")} />
        <TemplateTable templates={templates} />
      </Panel>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <TemplateForm
          key={editing?.id ?? "new"}
          editing={editing}
          held={held}
          constraint={constraints.template}
          lastResult={actionData?.result}
          pending={pending}
          path={PATH}
        />
      </Paper>
    </Stack>
  );
}
