import { shellTitle } from "~/lib/page-title";
import { Alert, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { StandardBuildAnswer } from "~/contracts/booth-construction/api-types";
import { boothConstructionEndpoints } from "~/contracts/booth-construction/endpoints.server";
import { standardBuildSchema } from "~/features/booth-construction/schema.server";
import { BoothPageFrame, BoothLine, ReturnedComment, NoBoothPage } from "~/features/booth-construction/parts";
import { loadBoothPage } from "~/features/booth-construction/booth-page.server";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import type { FormConstraint } from "~/lib/forms";
import { formConstraints } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { STANDARD_BOOTH } from "~/contracts/common/booth-types";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { BUILD_FIELDS, saveBuildAction } from "./action.server";
import { BuildForm } from "./build-form";
import { ReadOnlyBuild } from "./read-only-build";
import { DEADLINE_ACTIONS } from "~/contracts/calendar/values";
import { useActionWindow } from "~/lib/use-button";
import "~/contracts/booth-construction/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

// docs/product.md § Menus and page access: raw space booths do not have this page.
export const handle = { breadcrumb: "boothConstruction.standard.title", boothTypes: [STANDARD_BOOTH] } satisfies PageHandle;

/** The standard booth build of the booth chosen in the header (docs/product.md § Areas). */
export const loader = (args: LoaderFunctionArgs) =>
  loadBoothPage(args, {
    titleKey: "boothConstruction.standard.title",
    constraints: () => formConstraints({ build: standardBuildSchema }),
    read: (api, boothId) => api.call(boothConstructionEndpoints.build, { boothId }),
    heldFields: [...BUILD_FIELDS, uploadFieldNames("fasciaFileUrl").name],
    buttonMenus: [DEADLINE_ACTIONS.standardBuild.menuId],
  });

export async function action(args: ActionFunctionArgs) {
  return saveBuildAction(args);
}

export default function StandardConstructionPage() {
  const { title, answer, held, constraints } = useLoaderData<typeof loader>();
  if (!answer) return <NoBoothPage title={title} />;
  return <StandardConstructionContent answer={answer} held={held} constraint={constraints.build} />;
}

function StandardConstructionContent({
  answer,
  held,
  constraint,
}: {
  answer: StandardBuildAnswer;
  held: Record<string, string | string[]> | null;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { build, window } = answer;
  const deadline = window.deadline ? exhibitionDateTime(window.deadline) : null;
  // The organizer's closed message, from the same calendar button the API holds the form by (decision 035).
  const { closedMessage } = useActionWindow(DEADLINE_ACTIONS.standardBuild);
  const closedText = window.opensAt
    ? t("common.actionWindow.opens", { opens: exhibitionDateTime(window.opensAt) })
    : (closedMessage ?? (deadline ? t("boothConstruction.standard.closed", { deadline }) : null));
  return (
    <BoothPageFrame title={t("boothConstruction.standard.title")} status={build.status} intro={t("boothConstruction.standard.intro")} history={answer.history}>
      <BoothLine booth={build.booth} settings={answer.settings} />
      {deadline && !window.closed ? <Text size="sm">{t("boothConstruction.standard.deadline", { deadline })}</Text> : null}
      {window.closed && closedText ? (
        <Alert color="gray" data-testid="build-closed">
          {closedText}
        </Alert>
      ) : null}
      <ReturnedComment comment={build.reviewComment} status={build.status} />
      {build.editable ? (
        <BuildForm
          key={`${build.booth.boothId}-${build.version}`}
          answer={answer}
          held={held}
          constraint={constraint}
          lastResult={actionData?.result}
          pending={pending}
        />
      ) : (
        <ReadOnlyBuild build={build} />
      )}
    </BoothPageFrame>
  );
}
