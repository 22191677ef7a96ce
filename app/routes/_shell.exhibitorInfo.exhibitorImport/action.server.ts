import type { ActionFunctionArgs } from "@remix-run/node";
import { json, MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import type { ExhibitorImportFailure, ExhibitorImportPreview, ExhibitorImportPreviewRow } from "~/contracts/accounts/api-types";
import { accountEndpoints } from "~/contracts/accounts/endpoints.server";
import { rowErrorText } from "~/contracts/accounts/row-errors.server";
import { EXHIBITOR_IMPORT_FILE_FIELD, EXHIBITOR_IMPORT_LIMITS, EXHIBITOR_IMPORT_STAGE_FIELD } from "~/contracts/accounts/values";
import type { Language } from "~/contracts/i18n/config";
import { translate } from "~/contracts/i18n/translate.server";
import { formatSizeLimit } from "~/contracts/uploads/values";
import { handleAuthErrors } from "~/lib/api.server";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** One error as the page shows it: row, column (with the field's name) and the translated message. */
type ErrorView = { row: number; column: string; message: string };
/** What the action answers: a refusal (a message, maybe every row's errors) or a good file's preview to confirm. */
export type ImportReply =
  | { kind: "refused"; message: string; errors: ErrorView[]; moreErrors: number }
  | { kind: "ready"; stageId: string; rows: ExhibitorImportPreviewRow[]; totalRows: number; counts: ExhibitorImportPreview["counts"] };

function errorViews(language: Language, errors: ExhibitorImportFailure["rows"]): ErrorView[] {
  return errors.map((e) => ({
    row: e.row,
    column: e.field ? `${e.column} (${translate(language, `accounts.fields.${e.field}`)})` : e.column,
    message: rowErrorText(language, e.message),
  }));
}

const refused = (message: string, errors: ErrorView[] = [], moreErrors = 0) =>
  json({ kind: "refused", message, errors, moreErrors } satisfies ImportReply, { status: 400, headers: NO_STORE });

/**
 * `?preview`: the uploaded file on to the API, which checks it and keeps it when it is good;
 * `?confirm`: the kept file saved whole (checked again), then a toast with the counts.
 */
export async function importAction({ request, context }: ActionFunctionArgs) {
  const user = await requireShellUser(request, context);
  const { api, language } = user;
  if (new URL(request.url).searchParams.has("confirm")) {
    const stageId = String((await request.formData()).get(EXHIBITOR_IMPORT_STAGE_FIELD) ?? "");
    const result = await handleAuthErrors(await api.call(accountEndpoints.importConfirm, { stageId }), request, context);
    if (!result.ok) {
      const failure = result.data as Partial<ExhibitorImportFailure> | null;
      const errors = errorViews(language, failure?.rows ?? []);
      return refused(result.message, errors, Math.max(0, (failure?.total ?? 0) - errors.length));
    }
    return redirectWithToast(new URL(request.url).pathname, context, { kind: "success", key: "accounts.import.imported", values: result.data });
  }

  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: EXHIBITOR_IMPORT_LIMITS.maxBytes }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return refused(translate(language, "accounts.import.fileTooLarge", { max: formatSizeLimit(EXHIBITOR_IMPORT_LIMITS.maxBytes) }));
    return refused(translate(language, "accounts.import.noFile"));
  }
  const file = formData.get(EXHIBITOR_IMPORT_FILE_FIELD);
  if (!(file instanceof File) || file.size === 0) return refused(translate(language, "accounts.import.noFile"));
  const upload = new FormData();
  upload.set(EXHIBITOR_IMPORT_FILE_FIELD, file, file.name);
  const result = await handleAuthErrors(await api.call(accountEndpoints.importPreview, upload), request, context);
  if (!result.ok) return refused(result.message);
  const preview = result.data;
  if (!preview.stageId) {
    const errors = errorViews(language, preview.errors);
    return refused(translate(language, "accounts.page.errorsTitle", { count: preview.failedRows }), errors, preview.totalErrors - errors.length);
  }
  return json({ kind: "ready", stageId: preview.stageId, rows: preview.rows, totalRows: preview.totalRows, counts: preview.counts } satisfies ImportReply, {
    headers: NO_STORE,
  });
}
