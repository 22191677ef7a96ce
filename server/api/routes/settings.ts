import { createCookie } from "@remix-run/node";
import type express from "express";
import { Router } from "express";
import QRCode from "qrcode";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { settingsEndpoints, type ContactWay, type FeedbackSaved } from "../../../app/contracts/settings/endpoints.server";
import { FEEDBACK_FILE_FIELD, FEEDBACK_IMAGE_KINDS, FEEDBACK_IMAGE_MAX_BYTES } from "../../../app/contracts/settings/feedback-schema";
import { SKIN_IDS, isSkinId } from "../../../app/contracts/settings/skin-schema";
import { CONTACT_QR_UPLOAD } from "../../../app/contracts/exhibition-settings/values";
import { contractorMayReadFile } from "../../contractors/access";
import { readExhibitionSettings } from "../../exhibition-settings/store";
import { resolveSession } from "../../auth/sessions";
import { canReadFile, findStoredFile, saveUpload, UploadRejectedError } from "../../uploads/files";
import { pixelLimitOf } from "../../uploads/pictures";
import { readTicket, type ApiDeps } from "../context";
import { ApiCode, ApiError, requestLanguage, fieldError } from "../envelope";
import { sendStoredFile } from "../file-answer";
import { mount, parseEndpointInput, withMessage } from "../mount";
import { requireSession } from "../require-session";
import { ownUpload } from "../../uploads/own-upload";

/** A multipart feedback body: the form fields plus one image of at most 5 MB. */
const MULTIPART_LIMIT_BYTES = 6 * 1024 * 1024;

/** Personal settings: feedback, skin, booth switch and the contact code. Mounted inside /api. */
export function settingsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db, logger, store } = deps;

  mount(router, settingsEndpoints.saveFeedback, async ({ req, res }) => {
    const { user } = await requireSession(deps, req, res);
    const { fields, file } = req.is("multipart/form-data") ? await readMultipart(req, res) : { fields: bodyFields(req.body), file: null };
    const input = parseEndpointInput(settingsEndpoints.saveFeedback, fields);

    let imgUrl: string | null = null;
    if (file) {
      try {
        const saved = await saveUpload(db, store, {
          ownerUserId: user.id,
          folder: "feedback",
          originalName: file.name,
          bytes: Buffer.from(await file.arrayBuffer()),
          kinds: FEEDBACK_IMAGE_KINDS,
          maxBytes: FEEDBACK_IMAGE_MAX_BYTES,
        });
        imgUrl = saved.url;
      } catch (error) {
        if (!(error instanceof UploadRejectedError)) throw error;
        const key =
          error.reason === "tooLarge"
            ? "settings.feedbackImageTooLarge"
            : error.reason === "tooManyPixels"
              ? "uploads.tooManyPixels"
              : error.reason === "quota"
                ? "uploads.quotaReached"
                : "settings.feedbackImageType";
        const values = { megapixels: pixelLimitOf("feedback") / 1_000_000 };
        throw fieldError(key, FEEDBACK_FILE_FIELD, values);
      }
    } else if (input.imgUrl) {
      // An earlier upload may be referenced, but only one of the caller's own.
      // 404 whether it is missing or someone else's: the answer does not tell which.
      const rule = { field: "imgUrl", message: "settings.feedbackImageInvalid", code: ApiCode.notFound };
      imgUrl = (await ownUpload(db, user.id, input.imgUrl, rule)).url;
    }

    const row = await db
      .insertInto("feedback")
      .values({ user_id: user.id, type: input.type, content: input.content, img_url: imgUrl })
      .returning("id")
      .executeTakeFirstOrThrow();
    logger.info({ event: "feedback", userId: user.id, feedbackId: row.id, type: input.type, withImage: Boolean(imgUrl) }, "feedback saved");
    const data: FeedbackSaved = { id: row.id, imgUrl };
    return withMessage(data, translate(requestLanguage(req), "settings.feedbackSuccess"));
  });

  mount(router, settingsEndpoints.skin, async ({ req, res }) => {
    const { user } = await requireSession(deps, req, res);
    const row = await db.selectFrom("user_preferences").select("skin").where("user_id", "=", user.id).executeTakeFirst();
    return { skin: isSkinId(row?.skin) ? row.skin : null, skins: [...SKIN_IDS] };
  });

  mount(router, settingsEndpoints.saveSkin, async (call) => {
    const { req, res } = call;
    const { user } = await requireSession(deps, req, res);
    const { skin } = call.input;
    await db
      .insertInto("user_preferences")
      .values({ user_id: user.id, skin })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ skin, updated_at: new Date() }))
      .execute();
    return withMessage({ skin, skins: [...SKIN_IDS] }, translate(requestLanguage(req), "settings.skinSuccess"));
  });

  mount(router, settingsEndpoints.switchBooth, async (call) => {
    const { req, res } = call;
    const { user, session } = await requireSession(deps, req, res);
    const { boothId } = call.input;
    const booth = await db.selectFrom("booths").select(["id", "booth_no"]).where("id", "=", boothId).where("user_id", "=", user.id).executeTakeFirst();
    if (!booth) {
      logger.warn({ event: "switch-booth", userId: user.id, boothId, outcome: "not-own-booth" }, "booth switch refused");
      throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
    }
    await db.updateTable("sessions").set({ booth_id: booth.id }).where("id", "=", session.id).execute();
    logger.info({ event: "switch-booth", userId: user.id, boothId: booth.id }, "booth switched");
    return withMessage({ boothId: booth.id, boothNo: booth.booth_no }, translate(requestLanguage(req), "settings.boothSwitched"));
  });

  /** The organizer's contact code (issue 52): its picture, or its WeCom link drawn; none set, null (the shell hides the button). */
  mount(router, settingsEndpoints.contactWay, async ({ req, res }): Promise<ContactWay> => {
    const { user } = await requireSession(deps, req, res);
    const settings = await readExhibitionSettings(db, user.exhibitionId);
    const qrCode = settings.contactQrFileId
      ? await storedPictureUri(db, store, settings.contactQrFileId)
      : settings.contactWayUrl
        ? await drawnCode(settings.contactWayUrl)
        : null;
    const english = requestLanguage(req) === "en";
    // Each tip in the reader's language, else in the other one; an empty line is left out.
    const tip = (zh?: string, en?: string) => (english ? en || zh : zh || en);
    const tips = [tip(settings.contactTip1Zh, settings.contactTip1En), tip(settings.contactTip2Zh, settings.contactTip2En)].filter((t): t is string =>
      Boolean(t),
    );
    return { qrCode, tips: qrCode ? tips : [] };
  });

  return router;
}

/** Drawn codes by link: a link changes seldom, so each is drawn once (a few kept, the oldest dropped). */
const drawnCodes = new Map<string, Promise<string>>();
const DRAWN_CODES_KEPT = 16;

/** The WeCom contact link as a QR code, an SVG data URI. */
function drawnCode(link: string) {
  let drawn = drawnCodes.get(link);
  if (!drawn) {
    drawn = QRCode.toString(link, { type: "svg", margin: 2, errorCorrectionLevel: "M" }).then(
      (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    );
    drawn.catch(() => drawnCodes.delete(link));
    if (drawnCodes.size >= DRAWN_CODES_KEPT) drawnCodes.delete(drawnCodes.keys().next().value!);
    drawnCodes.set(link, drawn);
  }
  return drawn;
}

/** The uploaded code picture as a data URI (at most CONTACT_QR_UPLOAD.maxBytes): everyone signed in sees it, whoever owns the file. */
async function storedPictureUri(db: ApiDeps["db"], store: ApiDeps["store"], fileId: string): Promise<string | null> {
  const file = await findStoredFile(db, fileId);
  const info = file ? await store.stat(file.storageKey) : null;
  if (!file || !info || info.sizeBytes > CONTACT_QR_UPLOAD.maxBytes) return null;
  const bytes = await store.readRange(file.storageKey, 0, info.sizeBytes - 1);
  return `data:${file.contentType};base64,${bytes.toString("base64")}`;
}

/** Form or JSON bodies: only string values count (and numbers, for JSON callers). */
function bodyFields(body: unknown): Record<string, string | undefined> {
  const fields: Record<string, string | undefined> = {};
  if (!body || typeof body !== "object") return fields;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === "string") fields[key] = value;
    else if (typeof value === "number" && Number.isFinite(value)) fields[key] = String(value);
  }
  return fields;
}

/**
 * Reads a multipart body itself (the API's JSON and form parsers leave it alone), at most
 * MULTIPART_LIMIT_BYTES, with the platform's own parser (Request#formData).
 */
async function readMultipart(req: express.Request, res: express.Response) {
  const tooLarge = () => {
    // The rest of the body is not read; closing the connection stops the sender.
    res.set("Connection", "close");
    return fieldError("settings.feedbackImageTooLarge", FEEDBACK_FILE_FIELD, {}, 413);
  };
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > MULTIPART_LIMIT_BYTES) throw tooLarge();

  const body = await new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > MULTIPART_LIMIT_BYTES) {
        over = true;
        chunks.length = 0;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(over ? null : Buffer.concat(chunks)));
    req.on("error", reject);
  });
  if (!body) throw tooLarge();

  let formData: FormData;
  try {
    formData = await new Request("http://api.local/upload", {
      method: "POST",
      headers: { "content-type": req.get("content-type") ?? "" },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    throw new ApiError(ApiCode.badRequest, "errors.badRequest");
  }
  const fields: Record<string, string | undefined> = {};
  let file: File | null = null;
  for (const [key, value] of formData) {
    if (typeof value === "string") fields[key] ??= value;
    else if (key === FEEDBACK_FILE_FIELD && !file && (value.size > 0 || value.name)) file = value;
  }
  return { fields, file };
}

/**
 * GET /files/:id, outside /api: a stored file, only to its owner or an administrator
 * (roleId 1); anyone else gets 404, so ids reveal nothing. Browsers are recognised by the
 * portal's signed ticket cookie, other callers by the `ticket` header.
 */
export function fileRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db, logger, store } = deps;

  async function callerSession(req: express.Request) {
    const plain = readTicket(req);
    const session = plain ? await resolveSession(db, plain) : null;
    if (session) return session;
    const header = req.get("cookie");
    if (!header) return null;
    for (const name of ["__Host-ticket", "ticket"]) {
      // A tampered signature can make the check throw (invalid base64): that is no session.
      const value: unknown = await createCookie(name, { secrets: deps.sessionSecrets })
        .parse(header)
        .catch(() => null);
      if (typeof value === "string" && value) return resolveSession(db, value);
    }
    return null;
  }

  router.get("/files/:id", async (req, res, next) => {
    try {
      const notFound = () => res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");
      const session = await callerSession(req);
      if (!session) return notFound();
      const [file, caller] = await Promise.all([
        findStoredFile(db, req.params.id ?? ""),
        db.selectFrom("users").select(["id", "role_id"]).where("id", "=", session.userId).executeTakeFirst(),
      ]);
      if (!file || !caller || !(await canReadFile(db, file, { id: caller.id, roleId: caller.role_id }))) return notFound();
      // A contractor's session reads only the files of the orders it placed.
      if (session.contractorAccessId !== null && !(await contractorMayReadFile(db, session.contractorAccessId, caller.id, file.id))) return notFound();
      const info = await store.stat(file.storageKey);
      if (!info) return notFound();
      // Images, PDFs and video open in the browser; spreadsheets download. Never sniffed (nosniff),
      // never able to script this origin (sandbox).
      const disposition = /^(image|video)\/|^application\/pdf$/.test(file.contentType) ? "inline" : "attachment";
      await sendStoredFile(
        req,
        res,
        { store, logger },
        {
          key: file.storageKey,
          size: info.sizeBytes,
          contentType: file.contentType,
          headers: {
            "Content-Disposition": `${disposition}; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
            "Content-Security-Policy": "default-src 'none'; sandbox",
            "Cache-Control": "private, no-cache",
          },
          log: { message: "stored file could not be read", context: { fileId: file.id } },
        },
      );
    } catch (error) {
      next(error);
    }
  });

  return router;
}
