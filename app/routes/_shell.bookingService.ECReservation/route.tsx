import { shellTitle } from "~/lib/page-title";
import { idInAddress, noticeInAddress } from "~/lib/address-filters.server";
import { Paper, Stack, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { NoBooth, Notice } from "~/features/booking-forms/parts";
import { AccessList, type RowReply } from "~/routes/_shell.bookingService.ECReservation/access-list";
import { EntrustForm } from "~/routes/_shell.bookingService.ECReservation/entrust-form";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { contractorEndpoints } from "~/contracts/contractors/endpoints.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { useErrorText } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { accessIdSchema, entrustSchema } from "~/features/contractors/schema.server";
import "~/contracts/contractors/texts";
import { PagePanel } from "~/components/page-panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "contractors.page.title" };

const PATH = "/bookingService/ECReservation";
const ENTRUST_FIELDS = ["companyName", "contactName", "email", "boothId"];
const DONE = ["entrusted", "resent", "revoked"] as const;
const noStore = { "Cache-Control": "no-store" };

/**
 * ECReservation: the exhibitor entrusts a contractor, who gets the exhibitor number and a
 * one-time code by e-mail and books services without the exhibitor's password
 * (/contractor). The list shows each contractor's access and orders; a new code or a revoke is
 * one plain form each (revoke after a confirmation state, `?revoke=<id>`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const accesses = await requireOk(await api.call(contractorEndpoints.list), request, context);
  const booths = info.infoVO.booths;
  const defaultBooth = String(booths.find((b) => b.boothId === info.infoVO.boothId)?.boothId ?? booths[0]?.boothId ?? "");
  // What was typed before the session ended comes back once (form-hold.server.ts).
  const held = await heldFormValues(request, context, formHolderOf(info), ENTRUST_FIELDS, "entrust");
  return json(
    {
      title: translate(language, "contractors.page.title"),
      accesses,
      booths,
      defaultBooth,
      revoking: idInAddress(url.searchParams, "revoke"),
      done: noticeInAddress(url.searchParams, DONE),
      entrustValues: held.values,
      constraints: formConstraints({ entrust: entrustSchema }),
    },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const intent = formData.get("intent");

  if (intent === "resend" || intent === "revoke") {
    const parsed = accessIdSchema.safeParse({ accessId: formData.get("accessId") });
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    const endpoint = intent === "resend" ? contractorEndpoints.resendCode : contractorEndpoints.revoke;
    const result = await handleAuthErrors(await api.call(endpoint, { accessId: String(parsed.data.accessId) }), request, context);
    if (!result.ok)
      return json({ row: { accessId: parsed.data.accessId, errors: [result.message] } satisfies RowReply, result: null }, { status: 400, headers: noStore });
    return redirect(`${PATH}?done=${intent === "resend" ? "resent" : "revoked"}`);
  }

  const submission = parseWithZod(formData, { schema: entrustSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), row: null }, { status: 400, headers: noStore });
  const v = submission.value;
  const form = { companyName: v.companyName, contactName: v.contactName, email: v.email, boothId: v.boothId };
  const result = await handleAuthErrors(await api.call(contractorEndpoints.entrust, form), request, context);
  if (!result.ok) return json({ result: replyToApiFailure(submission, result, ENTRUST_FIELDS), row: null }, { status: 400, headers: noStore });
  return redirect(`${PATH}?done=entrusted`);
}

export default function ECReservationPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const row = actionData?.row ? { ...actionData.row, errors: [errorText(actionData.row.errors) ?? ""] } : undefined;
  return (
    <Stack gap="lg" maw={1040}>
      <PagePanel title={t("contractors.page.title")} intro={t("contractors.page.intro")}>
        <Notice text={data.done && !actionData ? t(`contractors.notices.${data.done}`) : null} />
        {data.booths.length === 0 ? (
          <NoBooth />
        ) : (
          <EntrustForm
            booths={data.booths}
            defaultBooth={data.defaultBooth}
            held={data.entrustValues}
            constraint={data.constraints.entrust}
            lastResult={actionData?.result ?? undefined}
            pending={isPending}
          />
        )}
      </PagePanel>
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("contractors.page.listHeading")}
          </Title>
          <AccessList accesses={data.accesses} path={PATH} revoking={data.revoking} reply={row} pending={isPending} />
        </Stack>
      </Paper>
    </Stack>
  );
}
