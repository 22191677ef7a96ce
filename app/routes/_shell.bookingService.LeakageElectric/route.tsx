import { shellTitle } from "~/lib/page-title";
import { noticeInAddress } from "~/lib/address-filters.server";
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { LEAKAGE_UPLOAD, LeakageDetail, LeakageForm } from "~/routes/_shell.bookingService.LeakageElectric/leakage-form";
import { ConfirmDelete, NoBooth, Notice } from "~/features/booking-forms/parts";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { useIsPending } from "~/lib/hooks";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { leakageSchema, leakageUpdateSchema, recordIdSchema } from "~/features/booking-forms/schema.server";
import type { LeakageCommitment } from "~/contracts/booking-forms/values";
import { bookingFormsEndpoints } from "~/contracts/booking-forms/endpoints.server";
import "~/contracts/booking-forms/texts";
import { PagePanel } from "~/components/page-panel";
import { StackedTable } from "~/components/stacked-table";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "bookingForms.leakage.title" };

const PATH = "/bookingService/LeakageElectric";
const FIELDS = ["boothId", "equipmentName", "powerKw", "reason", "readRules", "signerName", "scanUrl"];
const DONE = ["created", "updated", "deleted"] as const;
const noStore = { "Cache-Control": "no-store" };

/**
 * One page, four views by query: the list with the new-commitment form (no query), the detail
 * (`?id=`), the edit form (`?edit=`) and the delete confirmation (`?delete=`). Each is a plain
 * link, so all of it works without JavaScript. An id is only ever looked up through the API,
 * which answers 404 for anyone else's.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const [mode, raw] = (["id", "edit", "delete"] as const).map((m) => [m, url.searchParams.get(m)] as const).find(([, v]) => v) ?? [null, null];
  const list = await requireOk(await api.call(bookingFormsEndpoints.leakageList), request, context);
  let selected: LeakageCommitment | null = null;
  if (mode) {
    const id = recordIdSchema.safeParse({ id: raw });
    if (!id.success) throw new Response("Not found", { status: 404 });
    selected = await requireOk(await api.call(bookingFormsEndpoints.leakageDetail, { id: id.data.id }), request, context);
  }
  const booths = info.infoVO.booths;
  const defaultBooth = String(booths.find((b) => b.boothId === info.infoVO.boothId)?.boothId ?? booths[0]?.boothId ?? "");
  const done = noticeInAddress(url.searchParams, DONE);
  // What was typed before the session ended comes back once, into the same form (new or that record's edit).
  const held = await heldFormValues(request, context, formHolderOf(info), [...FIELDS, "id", uploadFieldNames("scanUrl").name], "save");
  const heldHere = held.values && String(held.values.id ?? "") === (mode === "edit" && selected ? String(selected.id) : "") ? held.values : null;
  const constraints = formConstraints({ create: leakageSchema, update: leakageUpdateSchema });
  return json(
    { title: translate(language, "bookingForms.leakage.title"), list, mode, selected, booths, defaultBooth, done, held: heldHere, constraints },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  // Without JavaScript the signed scan arrives as a file and is stored on the way (uploads.server.ts).
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { scanUrl: LEAKAGE_UPLOAD });
  rememberForm(request, formData);

  if (formData.get("intent") === "delete") {
    const parsed = recordIdSchema.safeParse({ id: formData.get("id") });
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    await requireOk(await api.call(bookingFormsEndpoints.leakageRemove, { id: String(parsed.data.id) }), request, context);
    return redirect(`${PATH}?done=deleted`);
  }

  const updating = Boolean(formData.get("id"));
  const submission = parseWithZod(formData, { schema: updating ? leakageUpdateSchema : leakageSchema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return json({ result: replyWithUploadErrors(submission, uploadErrors) }, { status: 400, headers: noStore });
  }
  const v = submission.value;
  const form = {
    boothId: String(v.boothId),
    equipmentName: v.equipmentName,
    powerKw: String(v.powerKw),
    reason: v.reason,
    readRules: "on",
    signerName: v.signerName,
    scanUrl: v.scanUrl,
  };
  const update = v as typeof v & { id?: number; version?: number };
  const saved =
    update.id !== undefined
      ? api.call(bookingFormsEndpoints.leakageUpdate, { ...form, id: String(update.id), version: String(update.version ?? 0) })
      : api.call(bookingFormsEndpoints.leakageSave, form);
  const result = await handleAuthErrors(await saved, request, context);
  if (!result.ok) return json({ result: replyToApiFailure(submission, result, FIELDS) }, { status: 400, headers: noStore });
  // To the saved commitment's detail: a reload then shows it instead of posting again.
  return redirect(`${PATH}?id=${result.data.id}&done=${updating ? "updated" : "created"}`);
}

export default function LeakageElectricPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const { selected, mode } = data;

  return (
    <Stack gap="lg" maw={960}>
      <PagePanel title={t("bookingForms.leakage.title")} intro={t("bookingForms.leakage.intro")}>
        <Notice text={data.done ? t(`bookingForms.leakage.${data.done}`) : null} />
        {data.booths.length === 0 ? <NoBooth /> : null}
        {selected && mode === "id" ? <LeakageDetail item={selected} path={PATH} /> : null}
        {selected && mode === "delete" ? (
          <ConfirmDelete
            question={t("bookingForms.leakage.deleteQuestion", { name: selected.equipmentName })}
            fields={{ id: String(selected.id) }}
            cancelTo={`${PATH}?id=${selected.id}`}
            pending={isPending}
          />
        ) : null}
        {data.booths.length > 0 && (mode === null || mode === "edit") ? (
          <LeakageForm
            key={selected?.id ?? "new"}
            booths={data.booths}
            defaultBooth={data.defaultBooth}
            editing={mode === "edit" ? selected : null}
            constraint={mode === "edit" ? data.constraints.update : data.constraints.create}
            held={data.held}
            lastResult={actionData?.result}
            pending={isPending}
            cancelTo={selected ? `${PATH}?id=${selected.id}` : PATH}
          />
        ) : null}
      </PagePanel>
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t("bookingForms.leakage.listTitle")}
            </Title>
            {mode ? (
              <Button component={Link} to={PATH} variant="light" size="xs">
                {t("bookingForms.leakage.create")}
              </Button>
            ) : null}
          </Group>
          {data.list.length === 0 ? (
            <Text c="dimmed">{t("bookingForms.leakage.empty")}</Text>
          ) : (
            <StackedTable
              testId="commitments"
              heads={["bookingForms.fields.booth", "bookingForms.fields.equipmentName", "bookingForms.fields.powerKw", "bookingForms.common.actions"]}
            >
              {data.list.map((item) => (
                <Table.Tr key={item.id} data-testid={`commitment-${item.id}`}>
                  <Table.Td data-label={t("bookingForms.fields.booth")}>{item.boothNo}</Table.Td>
                  <Table.Td data-label={t("bookingForms.fields.equipmentName")}>{item.equipmentName}</Table.Td>
                  <Table.Td data-label={t("bookingForms.fields.powerKw")}>{item.powerKw}</Table.Td>
                  <Table.Td>
                    <Group gap="sm">
                      <Anchor component={Link} to={`${PATH}?id=${item.id}`}>
                        {t("bookingForms.leakage.detail")}
                      </Anchor>
                      <Anchor component={Link} to={`${PATH}?edit=${item.id}`}>
                        {t("bookingForms.leakage.edit")}
                      </Anchor>
                      <Anchor component={Link} to={`${PATH}?delete=${item.id}`} c="red.9">
                        {t("bookingForms.leakage.delete")}
                      </Anchor>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </StackedTable>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
