import { type Request, type Response, Router } from "express";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { Database } from "../db/database";
import { requestLanguage } from "../api/envelope";
import type { Logger } from "../logger";
import type { ObjectStore } from "../uploads/object-store";
import { sendStoredFile } from "../api/file-answer";
import { publicVideoFile } from "./videos";

/**
 * The public playback of a promotional video (issue 40, decision 037), outside /api and without a
 * session: GET /v/<code>.mp4 (the shareable link) and /v/<code>.jpg (its poster), streamed from the
 * store with byte ranges as players seek with them (server/api/file-answer.ts, sendStoredFile).
 * `?download=1` answers as an attachment only when the exhibitor allows downloads; otherwise it plays
 * inline (that is all "no downloads" does: a viewer can still save what plays). An unknown code is
 * 404. The link plays the approved profile's company video when the exhibitor chose it
 * (?generated=1: the generated one, for the exhibitor's own page).
 */
export function videoPlaybackRoutes(deps: { db: Database; store: ObjectStore; logger: Logger }): Router {
  const router = Router();
  const plain = (req: Request, res: Response, status: number, key: string) =>
    res
      .status(status)
      .set("Cache-Control", "no-store")
      .type("text/plain; charset=utf-8")
      .send(translate(requestLanguage(req), key));

  router.get("/v/:file", async (req, res, next) => {
    try {
      const match = /^([A-Za-z0-9_-]{6,40})\.(mp4|jpg)$/.exec(req.params.file ?? "");
      if (!match) return plain(req, res, 404, "video.errors.notFound");
      const [, code, ext] = match;
      // The shown video (the company video when the exhibitor chose it), or with ?generated=1 the generated one.
      const file = await publicVideoFile(deps.db, code!, ext as "mp4" | "jpg", req.query.generated === "1");
      const key = file?.key;
      const info = key ? await deps.store.stat(key) : null;
      if (!file || !key || !info) return plain(req, res, 404, "video.errors.notFound");
      const download = ext === "mp4" && req.query.download === "1" && file.downloadAllowed;
      await sendStoredFile(req, res, deps, {
        key,
        size: info.sizeBytes,
        contentType: file.contentType,
        headers: {
          "Cache-Control": "public, max-age=60",
          "Content-Disposition": download ? `attachment; filename="promotional-video-${code}.mp4"` : "inline",
        },
        unsatisfiableText: translate(requestLanguage(req), "video.errors.range"),
        log: { message: "promotional video could not be read", context: { code } },
      });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
