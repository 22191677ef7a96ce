import { type Request, type Response, Router } from "express";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { Database } from "../db/database";
import { requestLanguage } from "../api/envelope";
import type { Logger } from "../logger";
import type { ObjectStore } from "../uploads/object-store";
import { publicVideoFile } from "./videos";

/**
 * The public playback of a promotional video (issue 40, decision 037), outside /api and without a
 * session: GET /v/<code>.mp4 (the shareable link) and /v/<code>.jpg (its poster). Byte ranges are
 * served (206; 416 past the end), as players seek with them. `?download=1` answers as an attachment
 * only when the exhibitor allows downloads; otherwise it plays inline. An unknown code is 404. The
 * link plays the approved profile's company video when the exhibitor chose it (?generated=1: the
 * generated one, for the exhibitor's own page).
 */
const RANGE = /^bytes=(\d*)-(\d*)$/;

/** The first range of a Range header against the size: [start, end] inclusive, "unsatisfiable", or null (whole file). */
export function parseRange(header: string | undefined, size: number): [number, number] | "unsatisfiable" | null {
  if (!header) return null;
  const match = RANGE.exec(header.split(",")[0]!.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return [start, end];
}

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
      const size = info.sizeBytes;
      const download = ext === "mp4" && req.query.download === "1" && file.downloadAllowed;
      res.set({
        "Content-Type": file.contentType,
        "Accept-Ranges": "bytes",
        "Cache-Control": "public, max-age=60",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": download ? `attachment; filename="promotional-video-${code}.mp4"` : "inline",
      });
      const range = parseRange(req.get("range"), size);
      if (range === "unsatisfiable") {
        res.set("Content-Range", `bytes */${size}`);
        return plain(req, res, 416, "video.errors.range");
      }
      if (range) {
        const [start, end] = range;
        const bytes = await deps.store.readRange(key, start, end);
        res.status(206).set({ "Content-Range": `bytes ${start}-${start + bytes.length - 1}/${size}`, "Content-Length": String(bytes.length) });
        return res.end(req.method === "HEAD" ? undefined : bytes);
      }
      res.set("Content-Length", String(size));
      if (req.method === "HEAD") return res.end();
      const stream = await deps.store.openRead(key);
      stream.on("error", (error) => {
        deps.logger.error({ err: error }, "promotional video could not be read");
        if (!res.headersSent) res.status(500).end();
        else res.destroy(error);
      });
      stream.pipe(res);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
