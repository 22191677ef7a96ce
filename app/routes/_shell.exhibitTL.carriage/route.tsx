import { buttonGrantsFor } from "~/lib/buttons.server";
import { PageHeading } from "~/components/page-heading";
import { shellTitle } from "~/lib/page-title";
import { Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { transportEndpoints } from "~/contracts/transport/endpoints.server";
import { BILL_UPLOAD, DECLARATION_FIELDS, DeclarationForm } from "~/features/transport/declaration-form";
import { DeclarationTable } from "~/features/transport/declaration-table";
import { declarationSchema } from "~/features/transport/schema.server";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { declarationForm } from "~/features/transport/forms.server";
import { CarrierPrices } from "./carrier-prices";
import "~/contracts/transport/texts";
import { ActionWindowNotice } from "~/components/action-window-notice";
import { DEADLINE_ACTIONS } from "~/contracts/calendar/values";
import { useActionWindow } from "~/lib/use-button";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "transport.carriage.title" } satisfies PageHandle;

export const CARRIAGE_PATH = "/exhibitTL/carriage";
const NO_STORE = { "Cache-Control": "no-store" };

/** The exhibitor's declarations, the appointed carriers' price lists, and the form that starts a new one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const { api, language, info } = user;
  const list = await requireOk(await api.call(transportEndpoints.list), request, context);
  const held = await heldFormValues(request, context, formHolderOf(info), DECLARATION_FIELDS, "save");
  // The session's booth and the last build-up day to begin with (phone numbers are masked in infoVO: not prefilled).
  const defaults = held.values ?? { boothId: String(info.infoVO.boothId ?? list.booths[0]?.boothId ?? ""), arrivalTo: list.buildUp.to };
  return json(
    {
      title: translate(language, "transport.carriage.title"),
      buttonGrants: buttonGrantsFor(user, [DEADLINE_ACTIONS.carriage.menuId]),
      list,
      defaults,
      constraints: formConstraints({ declaration: declarationSchema }),
    },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { billUrl: BILL_UPLOAD });
  rememberForm(request, formData);
  const submission = parseWithZod(formData, { schema: declarationSchema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return json({ result: replyWithUploadErrors(submission, uploadErrors) }, { status: 400, headers: NO_STORE });
  }
  const result = await handleAuthErrors(await api.call(transportEndpoints.save, declarationForm(formData)), request, context);
  if (!result.ok) return json({ result: replyToApiFailure(submission, result, DECLARATION_FIELDS) }, { status: 400, headers: NO_STORE });
  return redirectWithToast(`${CARRIAGE_PATH}/${result.data.id}`, context, { kind: "success", key: "transport.carriage.draftSaved" });
}

export default function CarriagePage() {
  const { t } = useTranslation();
  const { list, defaults, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  // Declaring closes with the calendar (decision 035); the declarations stay readable.
  const declaring = useActionWindow(DEADLINE_ACTIONS.carriage);
  return (
    <Stack gap="lg" maw={1100}>
      <Panel gap="sm">
        <PageHeading title={t("transport.carriage.title")} intro={t("transport.carriage.intro")} />
        {list.declarations.length ? (
          <DeclarationTable
            declarations={list.declarations}
            view={{ for: "exhibitor" }}
            detailPath={CARRIAGE_PATH}
            testId={{ table: "declaration-list", row: "declaration" }}
          />
        ) : (
          <Text c="dimmed">{t("transport.carriage.empty")}</Text>
        )}
      </Panel>
      <Panel title={t("transport.carriage.newTitle")} gap="sm">
        <ActionWindowNotice action={DEADLINE_ACTIONS.carriage} testId="carriage-window" />
        {!declaring.open ? null : list.booths.length ? (
          <DeclarationForm
            intent="save"
            carriers={list.carriers}
            booths={list.booths}
            buildUpTo={list.buildUp.to}
            defaults={defaults}
            constraint={constraints.declaration}
            lastResult={actionData?.result}
            pending={pending}
          />
        ) : (
          <Text c="dimmed">{t("transport.carriage.noBooth")}</Text>
        )}
      </Panel>
      <CarrierPrices carriers={list.carriers} />
    </Stack>
  );
}
