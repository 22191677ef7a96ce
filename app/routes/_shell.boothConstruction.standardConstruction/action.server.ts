import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { boothConstructionEndpoints } from "~/contracts/booth-construction/endpoints.server";
import { standardBuildSchema } from "~/contracts/booth-construction/schema";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { handleAuthErrors } from "~/lib/api.server";
import { rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { FASCIA_UPLOAD } from "./build-form";

export const PATH = "/boothConstruction/standardConstruction";
export const BUILD_FIELDS = [
  "fasciaMode",
  "fasciaNameZh",
  "fasciaNameEn",
  "fasciaFileUrl",
  "unneededEquipment",
  "wallsRemoved",
  "extraBoards",
  "positioningDate",
  "carpetColour",
  "carpetLayingDay",
  "carpetLayingSlot",
  "otherRequirements",
] as const;
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Save the draft or submit it, for the booth in the header. The first save creates the build,
 * later ones update it at the version the page was read at. Refusals come back with what was
 * typed and the API's message at its field.
 */
export async function saveBuildAction({ request, context }: ActionFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  // Without JavaScript the artwork arrives as a file and is stored on the way (uploads.server.ts).
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { fasciaFileUrl: FASCIA_UPLOAD });
  rememberForm(request, formData);

  const submission = parseWithZod(formData, { schema: standardBuildSchema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return json({ result: replyWithUploadErrors(submission, uploadErrors) }, { status: 400, headers: NO_STORE });
  }
  const v = submission.value;
  // The build exists once saved: later saves update it at the version the page was read at.
  const exists = formData.get("exists") === "1";
  const boothId = info.infoVO.boothId;
  const form = {
    boothId: boothId ? String(boothId) : undefined,
    version: exists ? String(v.version ?? 0) : undefined,
    intent: v.intent,
    fasciaMode: v.fasciaMode,
    fasciaNameZh: v.fasciaNameZh ?? "",
    fasciaNameEn: v.fasciaNameEn ?? "",
    fasciaFileUrl: v.fasciaFileUrl,
    unneededEquipment: v.unneededEquipment,
    wallsRemoved: v.wallsRemoved,
    extraBoards: String(v.extraBoards),
    positioningDate: v.positioningDate,
    carpetColour: v.carpetColour,
    carpetLayingDay: v.carpetLayingDay,
    carpetLayingSlot: v.carpetLayingSlot,
    otherRequirements: v.otherRequirements,
  };
  const result = await handleAuthErrors(
    await api.call(exists ? boothConstructionEndpoints.updateBuild : boothConstructionEndpoints.createBuild, form),
    request,
    context,
  );
  if (!result.ok) return json({ result: replyToApiFailure(submission, result, BUILD_FIELDS) }, { status: 400, headers: NO_STORE });
  const key = v.intent === "submit" ? "boothConstruction.standard.submitted" : "boothConstruction.standard.saved";
  return redirectWithToast(PATH, context, { kind: "success", key });
}
