import { Router } from "express";
import { uploadEndpoints } from "../../../app/contracts/uploads/endpoints.server";
import {
  effectiveRules,
  formatSizeLimit,
  KIND_EXTENSIONS,
  kindOfName,
  UPLOAD_FOLDERS,
  type UploadFolder,
  type UploadKind,
} from "../../../app/contracts/uploads/schema";
import { claimUpload, keyPrefixOf, newStorageKey, type UploadRejection, UploadRejectedError } from "../../uploads/files";
import { pixelLimitOf } from "../../uploads/pictures";
import { grantUpload, PendingUploadsExceededError, UNCLAIMED_UPLOAD_HOURS } from "../../uploads/grants";
import { refuseWhenStorageFull, StorageQuotaError } from "../../uploads/quota";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, fieldError } from "../envelope";
import { mount } from "../mount";
import { requireSession } from "../require-session";

/** A signed form stays usable this long; an upload must have started by then. */
const SIGNATURE_LIFETIME_MS = 15 * 60 * 1000;

/** As the upload field lists them: every extension of every kind (jpg, jpeg, png). */
const formats = (kinds: UploadKind[]) => kinds.flatMap((kind) => KIND_EXTENSIONS[kind]).join(", ");

/** docs/product.md § The exhibition API: the signing settings and, ours, the call that turns an uploaded object into a file. */
export function uploadRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db, store, logger } = deps;

  /** GET oss/signature/getSignature?timesp&folder&fileName[&kinds&maxBytes]: one signed form, one server-made key. */
  mount(router, uploadEndpoints.signature, async (call) => {
    const { user } = await requireSession(deps, call.req, call.res);
    const input = call.input;
    const rules = effectiveRules(input.folder, { kinds: input.kinds, maxBytes: input.maxBytes });
    const kind = kindOfName(input.fileName);
    if (!kind || !rules.kinds.includes(kind)) {
      throw fieldError("uploads.typeNotAllowed", "file", { formats: formats(rules.kinds) });
    }
    const key = newStorageKey(input.folder, user.id, kind);
    const expiresAt = new Date(Date.now() + SIGNATURE_LIFETIME_MS);
    try {
      await refuseWhenStorageFull(db, user.id);
    } catch (error) {
      if (!(error instanceof StorageQuotaError)) throw error;
      logger.warn({ event: "upload", userId: user.id, outcome: "quota", usedBytes: error.usedBytes, quotaBytes: error.quotaBytes }, "signature refused");
      throw rejection("quota", input.folder);
    }
    try {
      await grantUpload(db, store, { key, userId: user.id, maxBytes: rules.maxBytes, expiresAt });
    } catch (error) {
      if (!(error instanceof PendingUploadsExceededError)) throw error;
      logger.warn({ event: "upload", userId: user.id, outcome: "tooManyPending", pending: error.count, pendingBytes: error.bytes }, "signature refused");
      throw fieldError("uploads.tooManyPending", "file", { count: error.count, hours: UNCLAIMED_UPLOAD_HOURS }, ApiCode.tooManyRequests);
    }
    const form = await store.createUploadForm({ key, keyPrefix: keyPrefixOf(input.folder, user.id), maxBytes: rules.maxBytes, expiresAt });
    return {
      key,
      policy: form.fields.policy ?? form.fields.Policy ?? "",
      OSSAccessKeyId: form.fields.OSSAccessKeyId ?? form.fields["X-Amz-Credential"] ?? "",
      signature: form.fields.signature ?? form.fields["X-Amz-Signature"] ?? "",
      host: form.host,
      fields: form.fields,
      maxBytes: rules.maxBytes,
      expire: Math.floor(expiresAt.getTime() / 1000),
    };
  });

  /** POST oss/complete {key, name[, kinds]}: checks the uploaded bytes and records the file; refused objects are deleted. */
  mount(router, uploadEndpoints.complete, async (call) => {
    const { user } = await requireSession(deps, call.req, call.res);
    const input = call.input;
    const folder = input.key.split("/")[0] as UploadFolder;
    if (!(UPLOAD_FOLDERS as readonly string[]).includes(folder)) throw rejection("notFound", folder);
    try {
      const file = await claimUpload(db, store, { userId: user.id, folder, key: input.key, name: input.name, kinds: input.kinds });
      logger.info({ event: "upload", userId: user.id, fileId: file.id, folder, sizeBytes: file.sizeBytes, contentType: file.contentType }, "upload recorded");
      return file;
    } catch (error) {
      if (!(error instanceof UploadRejectedError)) throw error;
      logger.warn({ event: "upload", userId: user.id, key: input.key, outcome: error.reason }, "upload refused");
      throw rejection(error.reason, folder, input.kinds);
    }
  });

  return router;
}

/** A refused upload as an API error: 404 for a key that is not the caller's (or gone), 400 otherwise. */
function rejection(reason: UploadRejection, folder: UploadFolder, kinds?: UploadKind[]) {
  const rules = (UPLOAD_FOLDERS as readonly string[]).includes(folder) ? effectiveRules(folder, { kinds }) : null;
  const values = {
    formats: formats(rules?.kinds ?? []),
    size: formatSizeLimit(rules?.maxBytes ?? 0),
    name: "",
    megapixels: rules ? pixelLimitOf(folder) / 1_000_000 : 0,
  };
  const keys: Record<UploadRejection, string> = {
    notFound: "uploads.notFound",
    type: "uploads.typeMismatch",
    tooLarge: "uploads.tooLarge",
    tooManyPixels: "uploads.tooManyPixels",
    empty: "uploads.empty",
    videoCodec: "uploads.videoCodec",
    audioCodec: "uploads.videoCodec",
    quota: "uploads.quotaReached",
  };
  const key = keys[reason];
  return new ApiError(reason === "notFound" ? ApiCode.notFound : ApiCode.badRequest, key, values, { fields: { file: [key] }, reason });
}
