import { shellTitle } from "~/lib/page-title";
import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-action";
import { ListPager } from "~/components/list-pager";
import { dataAreaEndpoints } from "~/contracts/data-area/endpoints.server";
import { DATA_AREA_PATH, DATA_FILES_ADMIN_PATH, dataFileDownloadPath } from "~/contracts/data-area/values";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { dataClassSaveSchema, dataFileSaveSchema } from "~/features/data-area/schema.server";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { ClassForm, DATA_FILE_FIELD, FileForm } from "./forms";
import "~/contracts/data-area/texts";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "dataArea.admin.title" } satisfies PageHandle;

const PAGE_SIZE = 50;
const PAGER_KEYS = { previous: "dataArea.previous", next: "dataArea.next", pageOf: "dataArea.pageOf" };
const NO_STORE = { "Cache-Control": "no-store" };
const CLASS_FIELDS = ["nameZh", "nameEn", "sort", "hidden", "banner"] as const;
const FILE_FIELDS = ["classId", "nameZh", "nameEn", "descriptionZh", "descriptionEn", "language", "sort", "hidden", "fileUrl"] as const;

/**
 * /dataArea/files, the organizer's (roleId 1; issue 41): the data area's classes and files, hidden
 * ones too. `?class=` and `?file=` edit one, `?deleteClass=` and `?deleteFile=` ask before deleting.
 * Plain and multipart posts: it works without script.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const params = new URL(request.url).searchParams;
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const [classes, files] = await Promise.all([
    api.call(dataAreaEndpoints.classes).then((answer) => requireOk(answer, request, context)),
    api.call(dataAreaEndpoints.files, { page: String(page), pageSize: String(PAGE_SIZE) }).then((answer) => requireOk(answer, request, context)),
  ]);
  const byId = <T extends { id: number }>(list: T[], key: string) => list.find((x) => String(x.id) === params.get(key)) ?? null;
  // A form posted after the session ended comes back once: the class form's or the file form's.
  const held = await heldFormValues(request, context, formHolderOf(info), ["intent", ...CLASS_FIELDS, ...FILE_FIELDS, uploadFieldNames("fileUrl").name]);
  const heldFor = (intent: string) => (held.values?.intent === intent ? held.values : null);
  return json(
    {
      title: translate(language, "dataArea.admin.title"),
      classes,
      files,
      editingClass: byId(classes, "class"),
      editingFile: byId(files.items, "file"),
      deletingClass: byId(classes, "deleteClass"),
      deletingFile: byId(files.items, "deleteFile"),
      held: { saveClass: heldFor("saveClass"), saveFile: heldFor("saveFile") },
      constraints: formConstraints({ dataClass: dataClassSaveSchema, dataFile: dataFileSaveSchema }),
    },
    { headers: held.headers },
  );
}

type Reply = { form: "class" | "file"; result: ReturnType<typeof replyToApiFailure> } | { form: "delete"; error: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { fileUrl: DATA_FILE_FIELD });
  rememberForm(request, formData);
  const intent = formData.get("intent");
  if (intent === "deleteClass" || intent === "deleteFile") {
    const endpoint = intent === "deleteClass" ? dataAreaEndpoints.deleteClass : dataAreaEndpoints.deleteFile;
    const result = await handleAuthErrors(await api.call(endpoint, { id: String(formData.get("id") ?? "") }), request, context);
    if (!result.ok) return json<Reply>({ form: "delete", error: result.message }, { status: result.code === 409 ? 409 : 400, headers: NO_STORE });
    return redirectWithToast(DATA_FILES_ADMIN_PATH, context, { kind: "success", key: "dataArea.admin.deleted" });
  }
  if (intent === "saveClass") {
    const submission = parseWithZod(formData, { schema: dataClassSaveSchema });
    if (submission.status !== "success") return json<Reply>({ form: "class", result: submission.reply() }, { status: 400, headers: NO_STORE });
    const v = submission.value;
    const input = {
      id: v.id ? String(v.id) : "",
      nameZh: v.nameZh,
      nameEn: v.nameEn,
      sort: String(v.sort),
      hidden: v.hidden ? "1" : "",
      banner: v.banner ? "1" : "",
    };
    const result = await handleAuthErrors(await api.call(dataAreaEndpoints.saveClass, input), request, context);
    if (!result.ok) return json<Reply>({ form: "class", result: replyToApiFailure(submission, result, CLASS_FIELDS) }, { status: 400, headers: NO_STORE });
    return redirectWithToast(DATA_FILES_ADMIN_PATH, context, { kind: "success", key: "dataArea.admin.saved" });
  }
  const submission = parseWithZod(formData, { schema: dataFileSaveSchema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length)
    return json<Reply>({ form: "file", result: replyWithUploadErrors(submission, uploadErrors) }, { status: 400, headers: NO_STORE });
  const v = submission.value;
  const input = {
    id: v.id ? String(v.id) : "",
    classId: String(v.classId),
    nameZh: v.nameZh,
    nameEn: v.nameEn ?? "",
    descriptionZh: v.descriptionZh ?? "",
    descriptionEn: v.descriptionEn ?? "",
    language: v.language,
    fileUrl: v.fileUrl ?? "",
    sort: String(v.sort),
    hidden: v.hidden ? "1" : "",
  };
  const result = await handleAuthErrors(await api.call(dataAreaEndpoints.saveFile, input), request, context);
  if (!result.ok) return json<Reply>({ form: "file", result: replyToApiFailure(submission, result, FILE_FIELDS) }, { status: 400, headers: NO_STORE });
  return redirectWithToast(DATA_FILES_ADMIN_PATH, context, { kind: "success", key: "dataArea.admin.saved" });
}

/** A row's edit and delete links (the delete asks first, on this page). */
function RowActions({ query, deleteQuery }: { query: string; deleteQuery: string }) {
  const { t } = useTranslation();
  return (
    <Table.Td>
      <Group gap="sm">
        <Anchor component={Link} to={`${DATA_FILES_ADMIN_PATH}?${query}`}>
          {t("dataArea.admin.edit")}
        </Anchor>
        <Anchor component={Link} to={`${DATA_FILES_ADMIN_PATH}?${deleteQuery}`} c="red.8">
          {t("dataArea.admin.delete")}
        </Anchor>
      </Group>
    </Table.Td>
  );
}

export default function DataFilesPage() {
  const { t, language } = useTranslation();
  const { classes, files, editingClass, editingFile, deletingClass, deletingFile, held, constraints } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  const pick = (zh: string, en: string) => (language === "en" ? en || zh : zh || en);
  const className = (id: number) => {
    const c = classes.find((x) => x.id === id);
    return c ? pick(c.nameZh, c.nameEn) : "";
  };
  const confirmDelete = (record: { id: number; nameZh: string; nameEn: string } | null | undefined, question: string, intent: string) =>
    record ? (
      <ConfirmAction
        question={`${t(question)} ${pick(record.nameZh, record.nameEn)}`}
        intent={intent}
        fields={{ id: String(record.id) }}
        confirmLabel={t("dataArea.admin.delete")}
        cancelTo={DATA_FILES_ADMIN_PATH}
        pending={pending}
      />
    ) : null;
  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Group justify="space-between">
          <Title order={1} size="h3">
            {t("dataArea.admin.title")}
          </Title>
          <Anchor component={Link} to={DATA_AREA_PATH} size="sm">
            {t("dataArea.title")}
          </Anchor>
        </Group>
      </Paper>
      {reply?.form === "delete" ? (
        <Text role="alert" c="red.8" data-testid="delete-error">
          {reply.error}
        </Text>
      ) : null}
      <Panel title={t("dataArea.admin.classes")}>
        {confirmDelete(deletingClass, "dataArea.admin.confirmDeleteClass", "deleteClass")}
        {!classes.length ? (
          <Text c="dimmed">{t("dataArea.admin.noClasses")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder data-testid="class-list">
              <Table.Tbody>
                {classes.map((c) => (
                  <Table.Tr key={c.id} data-testid="class-row">
                    <Table.Td>
                      {c.nameZh} / {c.nameEn}
                    </Table.Td>
                    <Table.Td>
                      {c.fileCount} {t("dataArea.admin.files")}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Badge variant="light" color={c.hidden ? "gray" : "green"}>
                          {c.hidden ? t("dataArea.admin.hidden") : t("dataArea.admin.visible")}
                        </Badge>
                        {c.banner ? <Badge variant="outline">Logo / Banner</Badge> : null}
                      </Group>
                    </Table.Td>
                    <RowActions query={`class=${c.id}`} deleteQuery={`deleteClass=${c.id}`} />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ClassForm
          key={editingClass?.id ?? "new"}
          editing={editingClass}
          held={held.saveClass}
          constraint={constraints.dataClass}
          lastResult={reply?.form === "class" ? reply.result : null}
          pending={pending}
        />
      </Panel>
      <Panel title={t("dataArea.admin.files")}>
        {confirmDelete(deletingFile, "dataArea.admin.confirmDeleteFile", "deleteFile")}
        {!files.items.length ? (
          <Text c="dimmed">{t("dataArea.empty")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped withTableBorder data-testid="file-list">
              <Table.Tbody>
                {files.items.map((f) => (
                  <Table.Tr key={f.id} data-testid="file-row">
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      <Anchor href={dataFileDownloadPath(f.id)}>{pick(f.nameZh, f.nameEn)}</Anchor>
                      <Text size="xs" c="dimmed">
                        {f.fileName}
                      </Text>
                    </Table.Td>
                    <Table.Td>{className(f.classId)}</Table.Td>
                    <Table.Td>{t(`dataArea.languages.${f.language}`)}</Table.Td>
                    <Table.Td>{t("dataArea.downloads", { count: f.downloads })}</Table.Td>
                    <Table.Td>{f.hidden ? t("dataArea.admin.hidden") : t("dataArea.admin.visible")}</Table.Td>
                    <RowActions query={`page=${files.page}&file=${f.id}`} deleteQuery={`page=${files.page}&deleteFile=${f.id}`} />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPager page={files.page} pageSize={files.pageSize} total={files.total} link={(p) => `${DATA_FILES_ADMIN_PATH}?page=${p}`} keys={PAGER_KEYS} />
        {classes.length ? (
          <FileForm
            key={editingFile?.id ?? "new"}
            editing={editingFile}
            classes={classes}
            held={held.saveFile}
            constraint={constraints.dataFile}
            lastResult={reply?.form === "file" ? reply.result : null}
            pending={pending}
          />
        ) : null}
      </Panel>
    </Stack>
  );
}
