import { shellTitle } from "~/lib/page-title";
import { FormError } from "~/components/form-error";
import { getFormProps } from "@conform-to/react";
import { Alert, Anchor, Badge, Group, Stack, Table } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { BoothSelect, ConfirmDelete, NoBooth, Notice } from "~/features/booking-forms/parts";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { rememberForm } from "~/lib/form-hold.server";
import { usePortalForm, useErrorText } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { requireShellUser } from "~/lib/permissions.server";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { boothIdSchema, electricboxSchema } from "~/features/booking-forms/schema.server";
import { BOOKING_FILE_KINDS, BOOKING_FILE_MAX_BYTES } from "~/contracts/booking-forms/values";
import { bookingFormsEndpoints } from "~/contracts/booking-forms/endpoints.server";
import "~/contracts/booking-forms/texts";
import { SubmitRow } from "~/components/submit-row";
import { FormPage } from "~/components/form-page";
import { StackedTable } from "~/components/stacked-table";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "bookingForms.map.title" };

const PATH = "/bookingService/electricboxImg";
const FIELDS = ["boothId", "fileUrl"];
const noStore = { "Cache-Control": "no-store" };
const UPLOAD = { folder: "eletricbox-img" as const, kinds: [...BOOKING_FILE_KINDS], maxBytes: BOOKING_FILE_MAX_BYTES };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const [maps, judge] = await Promise.all([
    api.call(bookingFormsEndpoints.mapList).then((answer) => requireOk(answer, request, context)),
    api.call(bookingFormsEndpoints.judge).then((answer) => requireOk(answer, request, context)),
  ]);
  const url = new URL(request.url);
  // Only a booth of the caller's own list can be asked about; anything else shows no panel.
  const deleting = maps.find((m) => String(m.boothId) === url.searchParams.get("delete") && m.fileUrl) ?? null;
  const defaultBooth = String(maps.find((m) => m.boothId === info.infoVO.boothId)?.boothId ?? maps[0]?.boothId ?? "");
  return json(
    {
      title: translate(language, "bookingForms.map.title"),
      maps,
      judge,
      deleting,
      defaultBooth,
      done: url.searchParams.get("done") === "deleted",
      constraints: formConstraints({ map: electricboxSchema }),
    },
    { headers: noStore },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  // Without JavaScript the map arrives as a file and is stored on the way (uploads.server.ts).
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { fileUrl: UPLOAD });
  rememberForm(request, formData);

  if (formData.get("intent") === "delete") {
    const parsed = boothIdSchema.safeParse({ boothId: formData.get("boothId") });
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    await requireOk(await api.call(bookingFormsEndpoints.mapRemove, { boothId: String(parsed.data.boothId) }), request, context);
    return redirect(`${PATH}?done=deleted`);
  }

  const submission = parseWithZod(formData, { schema: electricboxSchema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return json({ result: replyWithUploadErrors(submission, uploadErrors), success: false }, { status: 400, headers: noStore });
  }
  const result = await handleAuthErrors(
    await api.call(bookingFormsEndpoints.mapSave, { boothId: String(submission.value.boothId), fileUrl: submission.value.fileUrl }),
    request,
    context,
  );
  if (!result.ok) return json({ result: replyToApiFailure(submission, result, FIELDS), success: false }, { status: 400, headers: noStore });
  return json({ result: submission.reply({ resetForm: true }), success: true }, { headers: noStore });
}

export default function ElectricboxPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof electricboxSchema>({
    id: "electricbox",
    constraint: data.constraints.map,
    lastResult: actionData?.result,
    defaultValue: { boothId: data.defaultBooth },
  });
  const notice = actionData?.success ? t("bookingForms.map.saved") : data.done ? t("bookingForms.map.deleted") : null;
  const boothOptions = data.maps.map((m) => ({ boothId: m.boothId, boothNo: m.boothNo, boothArea: 0, boothType: 0 }));

  return (
    <FormPage title={t("bookingForms.map.title")} maw={860} intro={t("bookingForms.map.intro")}>
      {data.judge.boothNo ? (
        <Alert color={data.judge.uploaded ? "green" : "orange"} data-testid="judge" data-uploaded={String(data.judge.uploaded)}>
          {t(data.judge.uploaded ? "bookingForms.map.judgeYes" : "bookingForms.map.judgeNo", { booth: data.judge.boothNo })}
        </Alert>
      ) : null}
      <Notice text={notice} />
      <FormError errors={form.errors} id={form.errorId} />
      {data.maps.length === 0 ? (
        <NoBooth />
      ) : (
        <>
          <Group>
            {/* A download, not a page: the browser fetches it directly, with or without JavaScript. */}
            <Anchor href={`${PATH}/template`} download data-testid="template">
              {t("bookingForms.map.template")}
            </Anchor>
          </Group>
          {data.deleting ? (
            <ConfirmDelete
              question={t("bookingForms.map.deleteQuestion", { booth: data.deleting.boothNo })}
              fields={{ boothId: String(data.deleting.boothId) }}
              cancelTo={PATH}
              pending={isPending}
            />
          ) : null}
          <StackedTable testId="maps" heads={["bookingForms.fields.booth", "bookingForms.map.current", "bookingForms.common.actions"]}>
            {data.maps.map((m) => (
              <Table.Tr key={m.boothId} data-testid={`map-${m.boothNo}`}>
                <Table.Td data-label={t("bookingForms.fields.booth")}>{m.boothNo}</Table.Td>
                <Table.Td data-label={t("bookingForms.map.current")}>
                  {m.fileUrl ? (
                    <Anchor href={m.fileUrl} target="_blank" rel="noopener">
                      {m.fileName}
                    </Anchor>
                  ) : (
                    <Badge variant="light" color="gray">
                      {t("bookingForms.map.none")}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {m.fileUrl ? (
                    <Anchor component={Link} to={`${PATH}?delete=${m.boothId}`} c="red.9">
                      {t("bookingForms.map.delete")}
                    </Anchor>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </StackedTable>
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="save" />
            <Stack gap="sm">
              <BoothSelect
                booths={boothOptions}
                name={fields.boothId.name}
                defaultValue={String(fields.boothId.initialValue ?? data.defaultBooth)}
                error={errorText(fields.boothId.errors)}
              />
              <FieldFileUpload field={fields.fileUrl} formValues={form.initialValue} {...UPLOAD} label={t("bookingForms.fields.locationMap")} />
              <SubmitRow pending={isPending} label={t("bookingForms.map.upload")} />
            </Stack>
          </Form>
        </>
      )}
    </FormPage>
  );
}
