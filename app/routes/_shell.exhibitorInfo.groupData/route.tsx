import { shellTitle } from "~/lib/page-title";
import { loadPageHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";
import { FormError } from "~/components/form-error";
import { getFormProps } from "@conform-to/react";
import { Alert, Anchor, Group, Paper, Radio, SimpleGrid, Stack } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { loadProfile } from "~/features/exhibitor/profile.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { usePortalForm, useErrorText } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { groupDataSchema } from "~/features/exhibitor/schema.server";
import { exhibitorEndpoints } from "~/contracts/exhibitor/endpoints.server";
import { Toast } from "~/components/toast";
import "~/contracts/exhibitor/texts";
import { FormTextInput, FormTextarea } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";
import { FormPage } from "~/components/form-page";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "exhibitor.group.title" };

const FIELDS = ["isGroupMember", "groupNameZh", "groupNameEn", "groupWebsite", "memberCompanies", "groupIntro"];
const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const title = translate(language, "exhibitor.group.title");
  const constraints = formConstraints({ group: groupDataSchema });
  const profile = await loadProfile(api, request, context);
  // The group is shown with the exhibitor's catalogue entry: the profile comes first.
  if (!profile.complete && !profile.submittedAt)
    return json({ title, needsProfile: true as const, group: null, pageHistory: null, constraints }, { headers: noStore });
  const saved = await requireOk(await api.call(exhibitorEndpoints.groupInfo), request, context);
  // What was typed before the session ended comes back once, over the saved data (form-hold.server.ts).
  const held = await heldFormValues(request, context, formHolderOf(info), FIELDS);
  const group = held.values ? { ...saved, ...held.values } : saved;
  const pageHistory = await loadPageHistory(api, [exhibitorEndpoints.saveGroupInfo]);
  return json({ title, needsProfile: false as const, group, pageHistory, constraints }, { headers: held.headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const submission = parseWithZod(formData, { schema: groupDataSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), success: false }, { status: 400, headers: noStore });
  const v = submission.value;
  const result = await handleAuthErrors(
    await api.call(exhibitorEndpoints.saveGroupInfo, {
      isGroupMember: v.isGroupMember,
      groupNameZh: v.groupNameZh,
      groupNameEn: v.groupNameEn,
      groupWebsite: v.groupWebsite,
      memberCompanies: v.memberCompanies,
      groupIntro: v.groupIntro,
    }),
    request,
    context,
  );
  if (!result.ok) return json({ result: replyToApiFailure(submission, result, FIELDS), success: false }, { status: 400, headers: noStore });
  return json({ result: submission.reply(), success: true }, { headers: noStore });
}

export default function GroupDataPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof groupDataSchema>({
    id: "group-data",
    constraint: data.constraints.group,
    lastResult: actionData?.result,
    defaultValue: data.group ?? { isGroupMember: "no" },
  });

  if (data.needsProfile) {
    return (
      <Paper withBorder p="lg">
        <Alert color="orange" role="alert" title={t("exhibitor.improveInfo")} data-testid="improve-info">
          <Anchor component={Link} to="/exhibitorInfo/exhibitorData">
            {t("exhibitor.completeProfile")}
          </Anchor>
        </Alert>
      </Paper>
    );
  }

  const member = fields.isGroupMember.initialValue ?? "no";
  const text = (name: "groupNameZh" | "groupNameEn" | "groupWebsite", max: number) => (
    <FormTextInput field={fields[name]} label={t(`exhibitor.group.${name}`)} maxLength={max} required={false} />
  );
  return (
    <FormPage title={t("exhibitor.group.title")} maw={820} intro={t("exhibitor.group.intro")}>
      {actionData?.success ? (
        <Toast kind="success" testId="notice">
          {t("exhibitor.group.saved")}
        </Toast>
      ) : null}
      <FormError errors={form.errors} id={form.errorId} />
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="sm">
          <Radio.Group
            label={t("exhibitor.group.isGroupMember")}
            withAsterisk
            error={errorText(fields.isGroupMember.errors)}
            defaultValue={String(member)}
            name={fields.isGroupMember.name}
            key={fields.isGroupMember.key}
          >
            <Group mt={4}>
              <Radio value="yes" label={t("exhibitor.group.yes")} />
              <Radio value="no" label={t("exhibitor.group.no")} />
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text("groupNameZh", 100)}
            {text("groupNameEn", 200)}
          </SimpleGrid>
          {text("groupWebsite", 200)}
          <FormTextarea field={fields.memberCompanies} label={t("exhibitor.group.memberCompanies")} autosize minRows={3} maxLength={2000} required={false} />
          <FormTextarea field={fields.groupIntro} label={t("exhibitor.group.groupIntro")} autosize minRows={3} maxLength={1000} required={false} />
          <SubmitRow pending={isPending} label={t("exhibitor.group.save")} />
        </Stack>
      </Form>
      <RecordHistory entries={data.pageHistory} title="team.history.pageSection" />
    </FormPage>
  );
}
