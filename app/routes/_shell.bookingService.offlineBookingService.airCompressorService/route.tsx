import { HiddenFields } from "~/components/hidden-fields";
import { shellTitle } from "~/lib/page-title";
import { FormError } from "~/components/form-error";
import { getFormProps } from "@conform-to/react";
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { BoothSelect, NoBooth, Notice } from "~/features/booking-forms/parts";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { usePortalForm, useErrorText } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { airCompressorSchema, recordIdSchema } from "~/features/booking-forms/schema.server";
import { COMPRESSOR_FLOWS, COMPRESSOR_MAX_QUANTITY, COMPRESSOR_PRESSURES, type AirCompressorApplication } from "~/contracts/booking-forms/values";
import { bookingFormsEndpoints } from "~/contracts/booking-forms/endpoints.server";
import { Toast } from "~/components/toast";
import "~/contracts/booking-forms/texts";
import { FormSelect, FormTextInput, FormTextarea } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";
import { PagePanel } from "~/components/page-panel";
import { StackedTable } from "~/components/stacked-table";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "bookingForms.air.title" };

const FIELDS = ["boothId", "flow", "pressure", "quantity", "startDate", "endDate", "contactName", "contactPhone", "remarks"];
const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const applications = await requireOk(await api.call(bookingFormsEndpoints.airCompressorList), request, context);
  const booths = info.infoVO.booths;
  const defaultBooth = String(booths.find((b) => b.boothId === info.infoVO.boothId)?.boothId ?? booths[0]?.boothId ?? "");
  // What was typed before the session ended comes back once (form-hold.server.ts).
  const held = await heldFormValues(request, context, formHolderOf(info), FIELDS, "apply");
  return json(
    {
      title: translate(language, "bookingForms.air.title"),
      booths,
      defaultBooth,
      applications,
      held: held.values,
      constraints: formConstraints({ apply: airCompressorSchema }),
    },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);

  if (formData.get("intent") === "cancel") {
    const parsed = recordIdSchema.safeParse({ id: formData.get("id") });
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    const result = await handleAuthErrors(await api.call(bookingFormsEndpoints.airCompressorCancel, { id: String(parsed.data.id) }), request, context);
    return json(
      { intent: "cancel" as const, result: null, success: result.ok, message: result.ok ? null : result.message },
      { status: result.ok ? 200 : 400, headers: noStore },
    );
  }

  const submission = parseWithZod(formData, { schema: airCompressorSchema });
  if (submission.status !== "success")
    return json({ intent: "apply" as const, result: submission.reply(), success: false, message: null }, { status: 400, headers: noStore });
  const v = submission.value;
  const result = await handleAuthErrors(
    await api.call(bookingFormsEndpoints.airCompressorSave, {
      boothId: String(v.boothId),
      flow: v.flow,
      pressure: v.pressure,
      quantity: String(v.quantity),
      startDate: v.startDate,
      endDate: v.endDate,
      contactName: v.contactName,
      contactPhone: v.contactPhone,
      remarks: v.remarks ?? "",
    }),
    request,
    context,
  );
  if (!result.ok)
    return json(
      { intent: "apply" as const, result: replyToApiFailure(submission, result, FIELDS), success: false, message: null },
      { status: 400, headers: noStore },
    );
  return json({ intent: "apply" as const, result: submission.reply({ resetForm: true }), success: true, message: null }, { headers: noStore });
}

export default function AirCompressorPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof airCompressorSchema>({
    id: "air-compressor",
    constraint: data.constraints.apply,
    lastResult: actionData?.intent === "apply" ? actionData.result : undefined,
    defaultValue: { boothId: data.defaultBooth, quantity: "1", ...data.held },
  });

  const choices = (values: readonly string[], key: string) => [
    { value: "", label: t("bookingForms.air.choose") },
    ...values.map((value) => ({ value, label: t(key, { value }) })),
  ];
  const notice = actionData?.success ? t(actionData.intent === "cancel" ? "bookingForms.air.cancelled" : "bookingForms.air.submitted") : null;

  return (
    <Stack gap="lg" maw={960}>
      <PagePanel title={t("bookingForms.air.title")} intro={t("bookingForms.air.intro")}>
        <Notice text={notice} />
        {actionData?.message ? <Toast kind="error">{actionData.message}</Toast> : null}
        <FormError errors={form.errors} id={form.errorId} />
        {data.booths.length === 0 ? (
          <NoBooth />
        ) : (
          <Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="apply" />
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <BoothSelect
                  booths={data.booths}
                  name={fields.boothId.name}
                  defaultValue={String(fields.boothId.initialValue ?? data.defaultBooth)}
                  error={errorText(fields.boothId.errors)}
                />
                <FormTextInput
                  field={fields.quantity}
                  type="number"
                  label={t("bookingForms.fields.quantity")}
                  min={1}
                  max={COMPRESSOR_MAX_QUANTITY}
                  withAsterisk
                />
                <FormSelect
                  field={fields.flow}
                  label={t("bookingForms.fields.flow")}
                  data={choices(COMPRESSOR_FLOWS, "bookingForms.air.flowOption")}
                  withAsterisk
                />
                <FormSelect
                  field={fields.pressure}
                  label={t("bookingForms.fields.pressure")}
                  data={choices(COMPRESSOR_PRESSURES, "bookingForms.air.pressureOption")}
                  withAsterisk
                />
                <FormTextInput field={fields.startDate} type="date" label={t("bookingForms.fields.startDate")} withAsterisk />
                <FormTextInput field={fields.endDate} type="date" label={t("bookingForms.fields.endDate")} withAsterisk />
                <FormTextInput field={fields.contactName} label={t("bookingForms.fields.contactName")} maxLength={50} withAsterisk />
                <FormTextInput field={fields.contactPhone} type="tel" label={t("bookingForms.fields.contactPhone")} maxLength={20} withAsterisk />
              </SimpleGrid>
              <FormTextarea field={fields.remarks} label={t("bookingForms.fields.remarks")} autosize minRows={2} maxLength={500} required={false} />
              <SubmitRow pending={isPending} label={t("bookingForms.air.submit")} />
            </Stack>
          </Form>
        )}
      </PagePanel>
      <ApplicationList applications={data.applications} pending={isPending} />
    </Stack>
  );
}

function ApplicationList({ applications, pending }: { applications: AirCompressorApplication[]; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("bookingForms.air.listTitle")}
        </Title>
        {applications.length === 0 ? (
          <Text c="dimmed">{t("bookingForms.air.empty")}</Text>
        ) : (
          <StackedTable
            testId="applications"
            heads={[
              "bookingForms.fields.booth",
              "bookingForms.air.spec",
              "bookingForms.fields.quantity",
              "bookingForms.air.dates",
              "bookingForms.air.status",
              "bookingForms.common.actions",
            ]}
          >
            {applications.map((a) => (
              <Table.Tr key={a.id} data-testid={`application-${a.id}`}>
                <Table.Td data-label={t("bookingForms.fields.booth")}>{a.boothNo}</Table.Td>
                <Table.Td data-label={t("bookingForms.air.spec")}>
                  {`${t("bookingForms.air.flowOption", { value: a.flow })} / ${t("bookingForms.air.pressureOption", { value: a.pressure })}`}
                </Table.Td>
                <Table.Td data-label={t("bookingForms.fields.quantity")}>{a.quantity}</Table.Td>
                <Table.Td data-label={t("bookingForms.air.dates")}>{`${a.startDate} – ${a.endDate}`}</Table.Td>
                <Table.Td data-label={t("bookingForms.air.status")}>
                  <Group gap={4}>
                    <Badge variant="light">{t(`bookingForms.air.statuses.${a.status}`)}</Badge>
                    <Badge variant="outline" color="gray">
                      {t("bookingForms.air.source")}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {a.status === "submitted" ? (
                    <Form method="post">
                      <HiddenFields values={{ intent: "cancel", id: a.id }} />
                      <Button type="submit" size="xs" variant="outline" color="red.9" disabled={pending}>
                        {t("bookingForms.air.cancel")}
                      </Button>
                    </Form>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </StackedTable>
        )}
      </Stack>
    </Paper>
  );
}
