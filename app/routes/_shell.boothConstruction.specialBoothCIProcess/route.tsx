import { shellTitle } from "~/lib/page-title";
import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { DrawingProcess } from "~/contracts/booth-construction/api-types";
import { boothConstructionEndpoints } from "~/contracts/booth-construction/endpoints.server";
import { BoothLine, StatusTag, NoBoothPage } from "~/features/booth-construction/parts";
import { drawingUploadSchema } from "~/features/booth-construction/schema.server";
import { DRAWING_KINDS } from "~/contracts/booth-construction/values";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import type { FormConstraint } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import { RAW_SPACE } from "~/contracts/common/booth-types";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
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
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  // The organizer (and an exhibitor without a booth) has no booth to build: said once, not a failed call.
  const constraints = formConstraints({ drawing: drawingUploadSchema });
  if (!info.infoVO.booths.length)
    return json(
      { title: translate(language, "boothConstruction.process.title"), process: null, held: null, constraints },
      { headers: { "Cache-Control": "no-store" } },
    );
  const process = await requireOk(await api.call(boothConstructionEndpoints.drawings, { boothId: info.infoVO.boothId ?? undefined }), request, context);
  // What was posted before the session ended comes back into the same kind's form.
  const held = await heldFormValues(request, context, formHolderOf(info), ["kind", "note", "fileUrl", uploadFieldNames("fileUrl").name]);
  return json({ title: translate(language, "boothConstruction.process.title"), process, held: held.values, constraints }, { headers: held.headers });
}

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
  const { title, process, held, constraints } = useLoaderData<typeof loader>();
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
    <Stack gap="lg" maw={960}>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t("boothConstruction.process.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("boothConstruction.process.intro")}
          </Text>
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
        </Stack>
      </Paper>
      {DRAWING_KINDS.map((kind) => (
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
    </Stack>
  );
}
