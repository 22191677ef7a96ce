import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json, MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { badgeIdsSchema, badgeSchema, badgeUpdateSchema } from "~/contracts/badges/schema";
import { badgeEndpoints } from "~/contracts/badges/endpoints.server";
import { BADGE_EXCEL_LIMITS, type BadgeImportFailure } from "~/contracts/badges/excel-types";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors } from "~/lib/api.server";
import { formatSizeLimit } from "~/contracts/uploads/values";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { rememberForm } from "~/lib/form-hold.server";
import { requireShellUser, type ShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { BADGE_FORM_FIELDS, BADGE_PHOTO_UPLOAD } from "./badge-form";
import { BADGES_PATH as PATH } from "./list-query";

const noStore = { "Cache-Control": "no-store" };

export type ImportReply = { intent: "import"; ok: false; message: string; rows: BadgeImportFailure["rows"]; total: number };

/**
 * The page's posts: save (new or changed badge, the photo as a file without JavaScript), delete
 * (one or the ticked ones, after the confirmation step) and import (`?import`, the Excel file).
 */
export async function badgeAction({ request, context }: ActionFunctionArgs) {
  const user = await requireShellUser(request, context);
  // The import's multipart body is read by its own limits, before anything else reads it.
  if (new URL(request.url).searchParams.has("import")) return importBadges(request, context, user);

  const { api, language } = user;
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { photoUrl: BADGE_PHOTO_UPLOAD });
  rememberForm(request, formData);

  if (formData.get("intent") === "delete") {
    const parsed = badgeIdsSchema.safeParse({ ids: formData.get("ids") });
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    const { ids } = parsed.data;
    const result = await handleAuthErrors(
      ids.length === 1 ? await api.call(badgeEndpoints.remove, { id: String(ids[0]) }) : await api.call(badgeEndpoints.removeMany, { ids: ids.join(",") }),
      request,
      context,
    );
    if (!result.ok) return redirectWithToast(PATH, context, { kind: "error", key: result.message });
    return redirectWithToast(PATH, context, { kind: "success", key: "badges.page.deleted", values: { count: ids.length } });
  }

  const schemaLanguage = language === "en" ? "en" : "zh";
  const updating = Boolean(formData.get("id"));
  const submission = parseWithZod(formData, { schema: updating ? badgeUpdateSchema(schemaLanguage) : badgeSchema(schemaLanguage) });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return json({ intent: "save" as const, result: replyWithUploadErrors(submission, uploadErrors) }, { status: 400, headers: noStore });
  }
  const form: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(submission.value).map(([name, value]) => [name, value === undefined || value === null ? undefined : String(value)]),
  );
  const result = await handleAuthErrors(updating ? await api.call(badgeEndpoints.update, form) : await api.call(badgeEndpoints.save, form), request, context);
  if (!result.ok) return json({ intent: "save" as const, result: replyToApiFailure(submission, result, BADGE_FORM_FIELDS) }, { status: 400, headers: noStore });
  // To the saved badge's detail: a reload then shows it instead of posting again.
  return redirectWithToast(`${PATH}?id=${result.data.id}`, context, {
    kind: "success",
    key: updating ? "badges.page.updated" : result.data.kind === "paid" ? "badges.page.savedPaid" : "badges.page.saved",
    values: { name: result.data.holderName },
  });
}

/** The Excel file on to the API as it came; a refusal lists each failed row, nothing saved. */
async function importBadges(request: Request, context: ActionFunctionArgs["context"], user: ShellUser) {
  const { api, language } = user;
  const refuse = (message: string, rows: ImportReply["rows"] = [], total = 0) =>
    json({ intent: "import" as const, ok: false as const, message, rows, total } satisfies ImportReply, { status: 400, headers: noStore });
  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: BADGE_EXCEL_LIMITS.maxBytes }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return refuse(translate(language, "badges.excel.fileTooLarge", { max: formatSizeLimit(BADGE_EXCEL_LIMITS.maxBytes) }));
    return refuse(translate(language, "badges.page.importUnreadable"));
  }
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) return refuse(translate(language, "badges.page.importChoose"));
  const upload = new FormData();
  upload.set("file", file, file.name);
  const boothId = formData.get("boothId");
  if (typeof boothId === "string" && boothId) upload.set("boothId", boothId);
  const result = await handleAuthErrors(await api.call(badgeEndpoints.upload, upload), request, context);
  if (!result.ok) {
    const failure = result.data as Partial<BadgeImportFailure> | null;
    return refuse(result.message, failure?.rows ?? [], failure?.total ?? failure?.rows?.length ?? 0);
  }
  return redirectWithToast(PATH, context, { kind: "success", key: "badges.page.imported", values: { count: result.data.imported } });
}
