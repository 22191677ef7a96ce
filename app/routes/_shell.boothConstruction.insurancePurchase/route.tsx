import { shellTitle } from "~/lib/page-title";
import { Anchor, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FieldTable } from "~/components/field-table";
import type { InsuranceAnswer } from "~/contracts/booth-construction/api-types";
import { boothConstructionEndpoints } from "~/contracts/booth-construction/endpoints.server";
import { BoothPageFrame, BoothLine, ReturnedComment, NoBoothPage } from "~/features/booth-construction/parts";
import { loadBoothPage } from "~/features/booth-construction/booth-page.server";
import { insuranceSchema } from "~/features/booth-construction/schema.server";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { handleAuthErrors } from "~/lib/api.server";
import { rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import type { FormConstraint } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { formatCny, formatMoney } from "~/contracts/common/format";
import { useIsPending } from "~/lib/hooks";
import { RAW_SPACE } from "~/contracts/common/booth-types";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { InsuranceForm, POLICY_UPLOAD } from "./insurance-form";
import "~/contracts/booth-construction/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

// docs/product.md § Menus and page access: standard booths do not have this page.
export const handle = { breadcrumb: "boothConstruction.insurance.title", boothTypes: [RAW_SPACE] } satisfies PageHandle;

const PATH = "/boothConstruction/insurancePurchase";
const FIELDS = ["insurer", "policyNo", "insuredAmount", "validFrom", "validTo", "policyUrl"] as const;
const NO_STORE = { "Cache-Control": "no-store" };

/** The raw space booth's public liability policy (the booth chosen in the header). */
export const loader = (args: LoaderFunctionArgs) =>
  loadBoothPage(args, {
    titleKey: "boothConstruction.insurance.title",
    constraints: () => formConstraints({ insurance: insuranceSchema }),
    read: (api, boothId) => api.call(boothConstructionEndpoints.insurance, { boothId }),
    heldFields: [...FIELDS, uploadFieldNames("policyUrl").name],
  });

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { policyUrl: POLICY_UPLOAD });
  rememberForm(request, formData);
  const submission = parseWithZod(formData, { schema: insuranceSchema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return json({ result: replyWithUploadErrors(submission, uploadErrors) }, { status: 400, headers: NO_STORE });
  }
  const v = submission.value;
  const form = {
    boothId: info.infoVO.boothId ? String(info.infoVO.boothId) : undefined,
    version: v.version === undefined ? undefined : String(v.version),
    insurer: v.insurer,
    policyNo: v.policyNo,
    // The API takes the amount as typed (yuan) and checks it with the same schema.
    insuredAmount: String(formData.get("insuredAmount") ?? ""),
    validFrom: v.validFrom,
    validTo: v.validTo,
    policyUrl: v.policyUrl,
  };
  const result = await handleAuthErrors(await api.call(boothConstructionEndpoints.saveInsurance, form), request, context);
  if (!result.ok) return json({ result: replyToApiFailure(submission, result, FIELDS) }, { status: 400, headers: NO_STORE });
  return redirectWithToast(PATH, context, { kind: "success", key: "boothConstruction.insurance.saved" });
}

export default function InsurancePurchasePage() {
  const { title, answer, held, constraints } = useLoaderData<typeof loader>();
  if (!answer) return <NoBoothPage title={title} />;
  return <InsurancePurchaseContent answer={answer} held={held} constraint={constraints.insurance} />;
}

function InsurancePurchaseContent({
  answer,
  held,
  constraint,
}: {
  answer: InsuranceAnswer;
  held: Record<string, string | string[]> | null;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { insurance, settings } = answer;
  return (
    <BoothPageFrame
      title={t("boothConstruction.insurance.title")}
      status={insurance?.status ?? "new"}
      intro={t("boothConstruction.insurance.intro")}
      history={answer.history}
    >
      <BoothLine booth={answer.booth} settings={settings} />
      <Text size="sm">
        {t("boothConstruction.insurance.minimum", { min: formatMoney(settings.insuranceMinCents), from: settings.buildUpFrom, to: settings.dismantleTo })}
      </Text>
      {insurance ? (
        <Stack gap="xs" data-testid="current-policy">
          <Title order={2} size="h4">
            {t("boothConstruction.insurance.current")}
          </Title>
          <FieldTable
            rows={[
              ["boothConstruction.fields.policyNo", t("boothConstruction.insurance.policy", { policyNo: insurance.policyNo, insurer: insurance.insurer })],
              ["boothConstruction.insurance.amount", formatCny(insurance.insuredCents)],
              ["boothConstruction.insurance.validity", `${insurance.validFrom} – ${insurance.validTo}`],
              [
                "boothConstruction.fields.policyFile",
                <Anchor key="file" href={insurance.policyFile.url} target="_blank" rel="noopener">
                  {insurance.policyFile.name}
                </Anchor>,
              ],
            ]}
          />
        </Stack>
      ) : null}
      <ReturnedComment comment={insurance?.reviewComment ?? null} status={insurance?.status ?? ""} />
      {insurance?.status === "accepted" ? (
        <Text size="sm" c="dimmed">
          {t("boothConstruction.readOnly")}
        </Text>
      ) : (
        <InsuranceForm
          key={`${answer.booth.boothId}-${insurance?.version ?? "new"}`}
          answer={answer}
          held={held}
          constraint={constraint}
          lastResult={actionData?.result}
          pending={pending}
        />
      )}
    </BoothPageFrame>
  );
}
