import { HiddenFields } from "~/components/hidden-fields";
import { shellTitle } from "~/lib/page-title";
import { FormError } from "~/components/form-error";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Alert, Button, Group, Stack, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { ProfileHistory, ProfileStatusBanner, ProfileStepper, ProfileSummary } from "~/features/exhibitor/profile-status";
import { ProfileStepFields } from "~/features/exhibitor/profile-steps";
import type { Fields } from "~/features/exhibitor/profile-fields";
import { translate } from "~/contracts/i18n/translate.server";
import { loadProfile, loadStepOptions, stepValuesFromDraft } from "~/features/exhibitor/profile.server";
import { handleProfileAction, noticeKey, stepOf } from "~/routes/_shell.exhibitorInfo.exhibitorData/action.server";
import { heldValues, takeHeldForm } from "~/lib/form-hold.server";
import { usePortalForm } from "~/lib/forms";
import { formConstraints } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { requireShellUser } from "~/lib/permissions.server";
import { stepSchema } from "~/features/exhibitor/schema.server";
import { LIST_FIELDS, PROFILE_STEPS, STEP_FIELDS, type ProfileStep } from "~/contracts/exhibitor/values";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { regionChoicesUrl } from "~/contracts/lookups/region-choices";
import { Toast } from "~/components/toast";
import "~/contracts/exhibitor/texts";
import { PagePanel } from "~/components/page-panel";
import { loadRecordHistory } from "~/features/team/record-history.server";
import { RecordHistory } from "~/features/team/record-history";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "exhibitor.title", myInfo: true } satisfies PageHandle;

const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const url = new URL(request.url);
  // The profile and its history of changes side by side (the profile is the company's: the account's id); null for a member without the area.
  const [profile, history] = await Promise.all([loadProfile(api, request, context), loadRecordHistory(api, "exhibitorProfile", info.infoVO.id)]);
  const step = stepOf(url) ?? profile.firstIncompleteStep ?? "company";
  const readOnly = profile.status === "under_review";

  // What was typed before the session ended comes back once, for the same account (form-hold.server.ts).
  const held = readOnly ? { fields: null, headers: [] } : await takeHeldForm(request, context, info.infoVO.username);
  const heldForm = held.fields ? heldValues(held.fields) : null;
  const heldStep = heldForm && PROFILE_STEPS.includes(heldForm.step as ProfileStep) ? (heldForm.step as ProfileStep) : null;
  const shownStep = heldStep ?? step;
  // What the account already knows fills what the draft has no value for yet (issue 51); the draft and a held form win.
  const values: Record<string, unknown> = {
    ...stepValuesFromDraft(profile.fromAccount, shownStep),
    ...stepValuesFromDraft(profile.draft, shownStep),
    ...(heldForm ? pickStep(heldForm, shownStep) : {}),
  };

  const options = readOnly
    ? {
        ...(await loadStepOptions(api, "company", profile.draft, language, request, context)),
        ...(await loadStepOptions(api, "exhibits", profile.draft, language, request, context)),
      }
    : await loadStepOptions(api, shownStep, values, language, request, context);

  const rules = stepSchema(shownStep, { language, districtsExist: (options.districts ?? []).length > 0 });
  // After 'submit' found an unfinished step, that step opens with its errors shown (?check=1).
  let checkErrors: Record<string, string[]> | null = null;
  if (url.searchParams.get("check") === "1" && !readOnly) {
    const result = rules.safeParse(values);
    checkErrors = {};
    if (!result.success) for (const issue of result.error.issues) (checkErrors[issue.path.join(".")] ??= []).push(issue.message);
    for (const name of (url.searchParams.get("verify") ?? "").split(",")) {
      if (name === "contact1MobileCode" || name === "contact1EmailCode") (checkErrors[name] ??= []).push("exhibitor.verify.required");
    }
    if (!Object.keys(checkErrors).length) checkErrors = null;
  }

  const headers = new Headers(noStore);
  for (const cookie of held.headers) headers.append("Set-Cookie", cookie);
  return json(
    {
      title: translate(language, "exhibitor.title"),
      language,
      profile: { ...profile, history: profile.history.slice(0, 10) },
      history,
      step: shownStep,
      values,
      options,
      constraints: formConstraints({ step: rules }),
      readOnly,
      restored: Boolean(heldForm),
      checkErrors,
      notice: noticeKey(url.searchParams.get("notice")),
      // Every region for the address pickers with JavaScript: one cached fetch instead of a round trip per choice (issue 51).
      regionsUrl: shownStep === "company" && !readOnly ? regionChoicesUrl(language, context.buildVersion) : undefined,
    },
    { headers },
  );
}

function pickStep(values: Record<string, string | string[]>, step: ProfileStep) {
  const picked: Record<string, unknown> = {};
  for (const field of STEP_FIELDS[step]) {
    if (field in values) picked[field] = values[field];
    else if (LIST_FIELDS.has(field)) picked[field] = [];
  }
  return picked;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireShellUser(request, context);
  return handleProfileAction(request, context, user);
}

export default function ExhibitorDataPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { profile, step } = data;
  // A new draft version (a save, a translation) brings the saved values into a fresh form. A refused
  // 'next' saves the draft too, but its answer is the form as typed and names the version the form was
  // made from: the form stays mounted, with the focus on the first error and nothing typed meanwhile
  // lost to the revalidation.
  const formVersion = (actionData as { formVersion?: string } | undefined)?.formVersion || String(profile.version);

  return (
    <PagePanel title={t("exhibitor.title")}>
      <ProfileStatusBanner profile={profile} language={data.language} />
      {data.notice ? (
        <Toast kind="success" testId="notice">
          {t(data.notice)}
        </Toast>
      ) : null}
      {data.restored ? (
        <Alert color="yellow" role="status" data-testid="restored">
          {t("exhibitor.notices.restored")}
        </Alert>
      ) : null}
      {data.readOnly ? (
        <ProfileSummary profile={profile} options={data.options} />
      ) : (
        <>
          <ProfileStepper current={step} />
          <StepForm
            key={`${step}-${formVersion}`}
            formVersion={formVersion}
            actionResult={(actionData as { result?: SubmissionResult<string[]> } | undefined)?.result}
          />
          <ProfileHistory history={profile.history} />
        </>
      )}
      {/* Named apart from the profile's own "History" (its review steps): this one lists every field changed, by whom. */}
      <RecordHistory entries={data.history} title="team.history.changesSection" order={2} />
    </PagePanel>
  );
}

function StepForm({ formVersion, actionResult }: { formVersion: string; actionResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const isPending = useIsPending();
  const { step } = data;
  const lastResult =
    actionResult ?? (data.checkErrors ? { status: "error" as const, initialValue: data.values as Record<string, string>, error: data.checkErrors } : undefined);
  // Save draft, previous, the choice, translate and code buttons are formNoValidate: no rules for them.
  const [form, fields] = usePortalForm<ReturnType<typeof stepSchema>>({
    id: `profile-${step}`,
    constraint: data.constraints.step,
    lastResult,
    defaultValue: data.values,
  });
  const index = PROFILE_STEPS.indexOf(step);
  const last = index === PROFILE_STEPS.length - 1;

  return (
    <Form method="post" encType={step === "presentation" ? "multipart/form-data" : undefined} {...getFormProps(form)} aria-labelledby="step-heading">
      <HiddenFields values={{ step, formVersion }} />
      {/* Enter in a field saves the draft (the first submit button is the one Enter presses). */}
      <button type="submit" name="intent" value="save" formNoValidate tabIndex={-1} aria-hidden="true" className="visually-hidden-button" />
      <Stack gap="md">
        <Title order={2} size="h4" id="step-heading">
          {t(`exhibitor.steps.${step}`)}
        </Title>
        <FormError errors={form.errors} id={form.errorId} />
        <ProfileStepFields
          step={step}
          fields={fields as unknown as Fields}
          options={data.options}
          formValues={form.initialValue as Record<string, unknown> | undefined}
          regionsUrl={data.regionsUrl}
        />
        <Group justify="space-between" className="profile-actions">
          <Group>
            {index > 0 ? (
              <Button type="submit" name="intent" value="previous" variant="default" formNoValidate>
                {t("exhibitor.actions.previous")}
              </Button>
            ) : null}
            <Button type="submit" name="intent" value="save" variant="default" formNoValidate loading={isPending}>
              {t("exhibitor.actions.saveDraft")}
            </Button>
          </Group>
          {last ? (
            <Button type="submit" name="intent" value="submit" loading={isPending}>
              {t("exhibitor.actions.submit")}
            </Button>
          ) : (
            <Button type="submit" name="intent" value="next" loading={isPending}>
              {t("exhibitor.actions.next")}
            </Button>
          )}
        </Group>
      </Stack>
    </Form>
  );
}
