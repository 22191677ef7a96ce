import { buttonGrantsFor } from "~/lib/buttons.server";
import { shellTitle } from "~/lib/page-title";
import type { SubmissionResult } from "@conform-to/react";
import { Alert, Badge, Group, Paper, Stack, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { CartSummary, CartTable } from "~/routes/_shell.bookingService.onlineBookingService/cart";
import { ServiceCatalogue } from "~/routes/_shell.bookingService.onlineBookingService/catalogue";
import { CommitForm } from "~/routes/_shell.bookingService.onlineBookingService/commit-form";
import { commitFormSchema, type FormReply } from "~/features/orders/forms.server";
import { translate } from "~/contracts/i18n/translate.server";
import { heldValues, takeHeldForm } from "~/lib/form-hold.server";
import { formConstraints } from "~/lib/forms.server";
import { useErrorText } from "~/lib/forms";
import { BOOKING_NOTICES, handleBookingAction } from "~/routes/_shell.bookingService.onlineBookingService/action.server";
import { loadCart, loadCatalogue, noStore } from "~/features/orders/orders.server";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { Toast } from "~/components/toast";
import { ActionWindowNotice } from "~/components/action-window-notice";
import { DEADLINE_ACTIONS } from "~/contracts/calendar/values";
import { useActionWindow } from "~/lib/use-button";
import "~/contracts/orders/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "orders.booking.title" };

const CONTRACTOR_FIELDS = ["contractorCompany", "contractorContact", "contractorPhone"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const { api, language, info, now } = user;
  const url = new URL(request.url);
  const [catalogue, { cart, cartError }] = await Promise.all([loadCatalogue(api, request, context), loadCart(api, request, context)]);
  // The commit form typed before the session ended comes back once (form-hold.server.ts).
  const held = await takeHeldForm(request, context, formHolderOf(info));
  const heldForm = held.fields ? heldValues(held.fields) : null;
  // An entrusted contractor's order names the contractor: its company and contact come filled in.
  const contractor = info.infoVO.contractor;
  const commitValues =
    heldForm?.intent === "commit"
      ? Object.fromEntries(CONTRACTOR_FIELDS.map((name) => [name, heldForm[name] ?? ""]))
      : contractor
        ? { contractorCompany: contractor.companyName, contractorContact: contractor.contactName }
        : undefined;
  const notice = url.searchParams.get("notice");
  const removing = Number(url.searchParams.get("remove"));
  const headers = new Headers(noStore);
  for (const cookie of held.headers) headers.append("Set-Cookie", cookie);
  return json(
    {
      title: translate(language, "orders.booking.title"),
      buttonGrants: buttonGrantsFor(user, [DEADLINE_ACTIONS.serviceOrders.menuId]),
      language,
      catalogue,
      // The API's time: whether a closed service opens later or has closed is judged by it.
      now: now(),
      cart,
      cartError,
      // A fresh key each time the form is shown; a resubmission of this page carries this one.
      idempotencyKey: `page-${crypto.randomUUID()}`,
      commitValues,
      notice: notice && notice in BOOKING_NOTICES ? BOOKING_NOTICES[notice as keyof typeof BOOKING_NOTICES] : null,
      removing: Number.isInteger(removing) && removing > 0 ? removing : null,
      constraints: formConstraints({ commit: commitFormSchema }),
    },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireShellUser(request, context);
  return handleBookingAction(request, context, user);
}

export default function OnlineBookingPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FormReply | undefined;
  const { cart } = data;
  // Ordering closes with the calendar (decision 035); the cart stays readable.
  const ordering = useActionWindow(DEADLINE_ACTIONS.serviceOrders);
  return (
    <Paper withBorder p="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h3">
            {t("orders.booking.title")}
          </Title>
          {cart ? (
            <Badge size="lg" variant="outline" data-testid="booth">
              {t("orders.booking.booth", { booth: cart.boothNo })}
            </Badge>
          ) : null}
        </Group>
        {data.notice ? (
          <Toast kind="success" testId="notice">
            {t(data.notice)}
          </Toast>
        ) : null}
        {reply?.form === "page" && reply.errors?.length ? <Toast kind="error">{errorText(reply.errors)}</Toast> : null}
        {data.cartError ? (
          <Alert color="yellow" data-testid="no-booth">
            {data.cartError}
          </Alert>
        ) : null}
        <ActionWindowNotice action={DEADLINE_ACTIONS.serviceOrders} testId="ordering-window" />
        {cart ? <CartSummary cart={cart} /> : null}
        <section aria-labelledby="catalogue-heading">
          <Title order={2} size="h4" id="catalogue-heading" mb="sm">
            {t("orders.booking.catalogue")}
          </Title>
          <ServiceCatalogue catalogue={data.catalogue} language={data.language} reply={reply} canOrder={Boolean(cart) && ordering.open} now={data.now} />
        </section>
        {cart ? (
          <section aria-labelledby="cart-heading" id="cart">
            <Title order={2} size="h4" id="cart-heading" mb="sm">
              {t("orders.booking.cart")}
            </Title>
            <CartTable cart={cart} language={data.language} reply={reply} removing={data.removing} />
          </section>
        ) : null}
        {cart?.lines.length && ordering.open ? (
          <CommitForm
            idempotencyKey={data.idempotencyKey}
            totalCents={cart.totalCents}
            constraint={data.constraints.commit}
            lastResult={reply?.form === "commit" ? (reply.result as SubmissionResult<string[]>) : undefined}
            defaultValue={data.commitValues}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
