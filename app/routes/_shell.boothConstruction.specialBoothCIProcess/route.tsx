import { shellTitle } from "~/lib/page-title";
import { Anchor, Group, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { DrawingProcess } from "~/contracts/booth-construction/api-types";
import { boothConstructionEndpoints } from "~/contracts/booth-construction/endpoints.server";
import { BoothPageFrame, BoothLine, StatusTag, NoBoothPage } from "~/features/booth-construction/parts";
import { loadBoothPage } from "~/features/booth-construction/booth-page.server";
import { drawingUploadSchema } from "~/features/booth-construction/schema.server";
import { DRAWING_KINDS } from "~/contracts/booth-construction/values";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { handleAuthErrors } from "~/lib/api.server";
import { rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import type { FormConstraint } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import { RAW_SPACE } from "~/contracts/common/booth-types";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { redirectWithToast } from "~/lib/toast.server";
import { DRAWING_UPLOAD, DrawingKindPanel, ProcessSteps } from "./drawing-parts";
import "~/contracts/booth-construction/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

// docs/product.md § Menus and page access: standard booths do not have this page.
export const handle = { breadcrumb: "boothConstruction.process.title", boothTypes: [RAW_SPACE] } satisfies PageHandle;

const PATH = "/boothConstruction/specialBoothCIProcess";
const NO_STORE = { "Cache-Control": "no-store" };

/** The raw space booth's drawings process (the booth chosen in the header). */
export const loader = (args: LoaderFunctionArgs) =>
  loadBoothPage(args, {
    titleKey: "boothConstruction.process.title",
    constraints: () => formConstraints({ drawing: drawingUploadSchema }),
    read: (api, boothId) => api.call(boothConstructionEndpoints.drawings, { boothId }),
    // What was posted before the session ended comes back into the same kind's form.
    heldFields: ["kind", "note", "fileUrl", uploadFieldNames("fileUrl").name],
  });

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { fileUrl: DRAWING_UPLOAD });
  rememberForm(request, formData);
  const submission = parseWithZod(formData, { schema: drawingUploadSchema });
  const kind = DRAWING_KINDS.find((k) => k === formData.get("kind")) ?? null;
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return json({ kind, result: replyWithUploadErrors(submission, uploadErrors) }, { status: 400, headers: NO_STORE });
  }
  const v = submission.value;
  const form = { boothId: info.infoVO.boothId ? String(info.infoVO.boothId) : undefined, kind: v.kind, fileUrl: v.fileUrl, note: v.note };
  const result = await handleAuthErrors(await api.call(boothConstructionEndpoints.uploadDrawing, form), request, context);
  if (!result.ok) return json({ kind, result: replyToApiFailure(submission, result, ["fileUrl", "note"]) }, { status: 400, headers: NO_STORE });
  return redirectWithToast(PATH, context, { kind: "success", key: "boothConstruction.process.uploaded" });
}

export default function SpecialBoothProcessPage() {
  const { title, answer: process, held, constraints } = useLoaderData<typeof loader>();
  if (!process) return <NoBoothPage title={title} />;
  return <SpecialBoothProcessContent process={process} held={held} constraint={constraints.drawing} />;
}

function SpecialBoothProcessContent({
  process,
  held,
  constraint,
}: {
  process: DrawingProcess;
  held: Record<string, string | string[]> | null;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  return (
    <BoothPageFrame
      title={t("boothConstruction.process.title")}
      intro={t("boothConstruction.process.intro")}
      after={DRAWING_KINDS.map((kind) => (
        <DrawingKindPanel
          key={kind}
          kind={kind}
          versions={process.drawings[kind]}
          constraint={constraint}
          lastResult={actionData?.kind === kind ? actionData.result : undefined}
          held={held?.kind === kind ? held : null}
          pending={pending}
        />
      ))}
    >
      <BoothLine booth={process.booth} />
      <ProcessSteps step={process.step} />
      <Group gap="lg">
        <Group gap={6}>
          <Text size="sm">{t("boothConstruction.process.insurance")}:</Text>
          {process.insuranceStatus ? (
            <StatusTag status={process.insuranceStatus} testId="insurance-status" />
          ) : (
            <Text size="sm" c="dimmed">
              {t("boothConstruction.process.missing")}
            </Text>
          )}
        </Group>
        <Group gap={6}>
          <Text size="sm">{t("boothConstruction.process.commitment")}:</Text>
          {process.commitmentStatus ? (
            <StatusTag status={process.commitmentStatus} testId="commitment-status" />
          ) : (
            <Text size="sm" c="dimmed">
              {t("boothConstruction.process.missing")}
            </Text>
          )}
        </Group>
      </Group>
      {process.drawingSiteUrl ? (
        <Anchor href={process.drawingSiteUrl} target="_blank" rel="noopener noreferrer" size="sm" data-testid="drawing-site">
          {t("boothConstruction.process.externalSite")}
        </Anchor>
      ) : null}
    </BoothPageFrame>
  );
}
