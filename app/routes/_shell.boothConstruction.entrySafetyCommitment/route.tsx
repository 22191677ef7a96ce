import { shellTitle } from "~/lib/page-title";
import { Anchor, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { CommitmentAnswer } from "~/contracts/booth-construction/api-types";
import { boothConstructionEndpoints } from "~/contracts/booth-construction/endpoints.server";
import { BoothPageFrame, BoothLine, ReturnedComment, NoBoothPage } from "~/features/booth-construction/parts";
import { loadBoothPage } from "~/features/booth-construction/booth-page.server";
import { commitmentScansSchema, commitmentSchema } from "~/features/booth-construction/schema.server";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { handleAuthErrors } from "~/lib/api.server";
import { rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import type { FormConstraint } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { CommitmentText, DetailsForm, SCANS_UPLOAD, ScansForm } from "./commitment-forms";
import "~/contracts/booth-construction/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "boothConstruction.commitment.title" } satisfies PageHandle;

const PATH = "/boothConstruction/entrySafetyCommitment";
const DETAIL_FIELDS = ["intent", "responsiblePerson", "builderCompany", "mobile"] as const;
const NO_STORE = { "Cache-Control": "no-store" };

/** The booth's entry safety commitment (both booth types): details → filled PDF → signed scans → review. */
export const loader = (args: LoaderFunctionArgs) =>
  loadBoothPage(args, {
    titleKey: "boothConstruction.commitment.title",
    constraints: (language) => formConstraints({ details: commitmentSchema(language === "en" ? "en" : "zh"), scans: commitmentScansSchema }),
    read: (api, boothId) => api.call(boothConstructionEndpoints.commitment, { boothId }),
    heldFields: DETAIL_FIELDS,
  });

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { scanUrls: SCANS_UPLOAD });
  rememberForm(request, formData);
  const boothId = info.infoVO.boothId ? String(info.infoVO.boothId) : undefined;
  const version = formData.get("version") ? String(formData.get("version")) : undefined;

  if (formData.get("intent") === "scans") {
    const submission = parseWithZod(formData, { schema: commitmentScansSchema });
    if (submission.status !== "success" || Object.keys(uploadErrors).length) {
      return json({ intent: "scans" as const, result: replyWithUploadErrors(submission, uploadErrors) }, { status: 400, headers: NO_STORE });
    }
    const result = await handleAuthErrors(
      await api.call(boothConstructionEndpoints.uploadCommitmentScans, { boothId, version, scanUrls: submission.value.scanUrls }),
      request,
      context,
    );
    if (!result.ok) return json({ intent: "scans" as const, result: replyToApiFailure(submission, result, ["scanUrls"]) }, { status: 400, headers: NO_STORE });
    return redirectWithToast(PATH, context, { kind: "success", key: "boothConstruction.commitment.uploaded" });
  }

  const submission = parseWithZod(formData, { schema: commitmentSchema(language === "en" ? "en" : "zh") });
  if (submission.status !== "success") return json({ intent: "details" as const, result: submission.reply() }, { status: 400, headers: NO_STORE });
  const v = submission.value;
  const form = { boothId, version, responsiblePerson: v.responsiblePerson, builderCompany: v.builderCompany, mobile: v.mobile, readRules: "on" };
  const result = await handleAuthErrors(await api.call(boothConstructionEndpoints.saveCommitment, form), request, context);
  if (!result.ok)
    return json(
      { intent: "details" as const, result: replyToApiFailure(submission, result, ["responsiblePerson", "builderCompany", "mobile", "readRules"]) },
      { status: 400, headers: NO_STORE },
    );
  return redirectWithToast(PATH, context, { kind: "success", key: "boothConstruction.commitment.saved" });
}

export default function EntrySafetyCommitmentPage() {
  const { title, answer, held, constraints } = useLoaderData<typeof loader>();
  if (!answer) return <NoBoothPage title={title} />;
  return <EntrySafetyCommitmentContent answer={answer} held={held} constraints={constraints} />;
}

function EntrySafetyCommitmentContent({
  answer,
  held,
  constraints,
}: {
  answer: CommitmentAnswer;
  held: Record<string, string | string[]> | null;
  constraints: Record<"details" | "scans", FormConstraint>;
}) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { commitment } = answer;
  const status = commitment?.status ?? "notSigned";
  const changeable = status === "notSigned" || status === "returned";
  const formProps = { answer, held, pending };
  return (
    <BoothPageFrame title={t("boothConstruction.commitment.title")} status={status} intro={t("boothConstruction.commitment.intro")} history={answer.history}>
      <BoothLine booth={answer.booth} />
      <ReturnedComment comment={commitment?.reviewComment ?? null} status={status} />
      <CommitmentText />
      {commitment?.generatedPdf ? (
        <Anchor href={`${PATH}/pdf`} data-testid="commitment-download">
          {t("boothConstruction.commitment.download")}
        </Anchor>
      ) : null}
      {commitment?.signedPdf ? (
        <Anchor href={commitment.signedPdf.url} target="_blank" rel="noopener" data-testid="commitment-signed">
          {t("boothConstruction.commitment.signed")}
        </Anchor>
      ) : null}
      {changeable ? (
        <DetailsForm
          key={`details-${commitment?.version ?? "new"}`}
          {...formProps}
          constraint={constraints.details}
          lastResult={actionData?.intent === "details" ? actionData.result : undefined}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t("boothConstruction.readOnly")}
        </Text>
      )}
      {changeable && commitment?.generatedPdf ? (
        <ScansForm
          key={`scans-${commitment.version}`}
          {...formProps}
          constraint={constraints.scans}
          lastResult={actionData?.intent === "scans" ? actionData.result : undefined}
        />
      ) : null}
    </BoothPageFrame>
  );
}
