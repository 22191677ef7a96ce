import type { ActionFunctionArgs } from "@remix-run/node";
import { json, MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import type { StaffImportFailure } from "~/contracts/epidemic/api-types";
import { epidemicEndpoints } from "~/contracts/epidemic/endpoints.server";
import { EPIDEMIC_PATH as PATH, HEALTH_CODE_UPLOAD, STAFF_EXCEL_FILE_FIELD, STAFF_EXCEL_LIMITS, TRAVEL_CODE_UPLOAD } from "~/contracts/epidemic/values";
import { translate } from "~/contracts/i18n/translate.server";
import { formatSizeLimit } from "~/contracts/uploads/values";
import { commitmentSchema, staffSchema } from "~/features/epidemic/schema.server";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { handleAuthErrors } from "~/lib/api.server";
import { rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms.server";
import { requireShellUser, type ShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";

const NO_STORE = { "Cache-Control": "no-store" };
export const COMMITMENT_FIELDS = ["accepted", "signerName"] as const;
export const STAFF_FIELDS = ["name", "idNumber", "mobile", "healthCodeUrl", "travelCodeUrl"] as const;

export type ImportReply = { intent: "import"; message: string; rows: StaffImportFailure["rows"]; total: number };
export type EpidemicReply =
  | { intent: "commitment" | "addStaff"; result: ReturnType<typeof replyToApiFailure> }
  | { intent: "delete"; error: string }
  | ImportReply;

/**
 * The page's posts: the commitment (accept or update), its withdrawal, one person (multipart with the
 * optional code images, streamed to storage without JavaScript), a person's deletion after the
 * confirmation step, and the Excel import (`?import`): a refusal lists each failed row, nothing saved.
 */
export async function epidemicAction({ request, context }: ActionFunctionArgs) {
  const user = await requireShellUser(request, context);
  if (new URL(request.url).searchParams.has("import")) return importStaff(request, context, user);
  const { api, language } = user;
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, {
    healthCodeUrl: HEALTH_CODE_UPLOAD,
    travelCodeUrl: TRAVEL_CODE_UPLOAD,
  });
  rememberForm(request, formData);
  const intent = formData.get("intent");
  const page = String(formData.get("page") ?? "");
  const back = page && page !== "1" ? `${PATH}?page=${encodeURIComponent(page)}` : PATH;

  if (intent === "withdraw" || intent === "deleteStaff") {
    const result = await handleAuthErrors(
      intent === "withdraw"
        ? await api.call(epidemicEndpoints.deleteCommitment)
        : await api.call(epidemicEndpoints.deleteStaff, { id: String(formData.get("id") ?? "") }),
      request,
      context,
    );
    if (!result.ok) return json<EpidemicReply>({ intent: "delete", error: result.message }, { status: 400, headers: NO_STORE });
    return redirectWithToast(back, context, { kind: "success", key: intent === "withdraw" ? "epidemic.saved.withdrawn" : "epidemic.saved.deleted" });
  }

  if (intent === "commitment") {
    const submission = parseWithZod(formData, { schema: commitmentSchema });
    if (submission.status !== "success") return json<EpidemicReply>({ intent, result: submission.reply() }, { status: 400, headers: NO_STORE });
    const endpoint = formData.get("mode") === "update" ? epidemicEndpoints.updateCommitment : epidemicEndpoints.createCommitment;
    const result = await handleAuthErrors(await api.call(endpoint, { accepted: "on", signerName: submission.value.signerName }), request, context);
    if (!result.ok)
      return json<EpidemicReply>({ intent, result: replyToApiFailure(submission, result, COMMITMENT_FIELDS) }, { status: 400, headers: NO_STORE });
    return redirectWithToast(back, context, { kind: "success", key: "epidemic.saved.commitment" });
  }

  const submission = parseWithZod(formData, { schema: staffSchema(language === "en" ? "en" : "zh") });
  if (submission.status !== "success" || Object.keys(uploadErrors).length)
    return json<EpidemicReply>({ intent: "addStaff", result: replyWithUploadErrors(submission, uploadErrors) }, { status: 400, headers: NO_STORE });
  const v = submission.value;
  const result = await handleAuthErrors(
    await api.call(epidemicEndpoints.addStaff, {
      name: v.name,
      idNumber: v.idNumber,
      mobile: v.mobile,
      healthCodeUrl: v.healthCodeUrl ?? "",
      travelCodeUrl: v.travelCodeUrl ?? "",
    }),
    request,
    context,
  );
  if (!result.ok)
    return json<EpidemicReply>({ intent: "addStaff", result: replyToApiFailure(submission, result, STAFF_FIELDS) }, { status: 400, headers: NO_STORE });
  return redirectWithToast(back, context, { kind: "success", key: "epidemic.saved.staff", values: { name: result.data.name } });
}

/** The Excel file on to the API as it came. */
async function importStaff(request: Request, context: ActionFunctionArgs["context"], user: ShellUser) {
  const { api, language } = user;
  const refuse = (message: string, rows: ImportReply["rows"] = [], total = 0) =>
    json<EpidemicReply>({ intent: "import", message, rows, total }, { status: 400, headers: NO_STORE });
  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: STAFF_EXCEL_LIMITS.maxBytes }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return refuse(translate(language, "epidemic.excel.fileTooLarge", { max: formatSizeLimit(STAFF_EXCEL_LIMITS.maxBytes) }));
    return refuse(translate(language, "epidemic.excel.unreadable"));
  }
  const file = formData.get(STAFF_EXCEL_FILE_FIELD);
  if (!(file instanceof File) || file.size === 0) return refuse(translate(language, "epidemic.excel.choose"));
  const upload = new FormData();
  upload.set(STAFF_EXCEL_FILE_FIELD, file, file.name);
  const result = await handleAuthErrors(await api.call(epidemicEndpoints.uploadStaff, upload), request, context);
  if (!result.ok) {
    const failure = result.data as Partial<StaffImportFailure> | null;
    return refuse(result.message, failure?.rows ?? [], failure?.total ?? failure?.rows?.length ?? 0);
  }
  return redirectWithToast(PATH, context, { kind: "success", key: "epidemic.saved.imported", values: { count: result.data.imported } });
}
