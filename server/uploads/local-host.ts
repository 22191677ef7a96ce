import busboy from "busboy";
import { Router, type Request, type Response } from "express";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { loadStorageSecrets } from "../auth/secrets";
import { LOCAL_STORAGE_PATH } from "./local-store";
import { ObjectTooLargeError, type ObjectStore } from "./object-store";
import { verifyUploadPolicy } from "./upload-policy";

/** The largest body the host reads at all; each policy sets its own, smaller limit. */
const HARD_LIMIT_BYTES = 512 * 1024 * 1024;

/**
 * The local storage host: accepts the spec's POST form (key, policy, OSSAccessKeyId,
 * success_action_status, signature, then file), like OSS or S3 would, and refuses anything
 * whose signature, expiry, key prefix or size does not match the signed policy. The file streams
 * to disk and is counted on the way; it is never held in memory.
 */
export function localStorageHost(deps: { db: Database; store: ObjectStore; logger: Logger }): Router {
  const router = Router();
  let secrets: Promise<string[]> | null = null;

  router.post(LOCAL_STORAGE_PATH, (req: Request, res: Response) => {
    const fields: Record<string, string> = {};
    let handled = false;
    let sawFile = false;
    const reply = (status: number, code: string, message: string) => {
      if (handled) return;
      handled = true;
      res.status(status).set("Cache-Control", "no-store");
      if (status === 200 || status === 204) return void res.end();
      // A refusal may come before the body is read (and a file stream that failed mid-way stops the
      // parser for good): close the connection after answering, or it stays open, unread.
      res.set("Connection", "close");
      // S3's error shape, so the same client code reads both hosts.
      res.type("application/xml").send(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fields: 20, fieldSize: 16 * 1024, files: 1, fileSize: HARD_LIMIT_BYTES } });
    } catch {
      return reply(400, "MalformedPOSTRequest", "The body of the POST request is not multipart/form-data.");
    }

    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (name, file) => {
      if (name !== "file" || handled) return void file.resume();
      sawFile = true;
      // A client that goes away mid-file (an aborted upload) must not leave a half-written file.
      req.once("close", () => {
        if (!req.complete) file.destroy(new Error("upload aborted by the client"));
      });
      void (async () => {
        const check = verifyUploadPolicy(await (secrets ??= loadStorageSecrets(deps.db, [])), fields);
        if (!check.ok) {
          file.resume();
          const status = check.reason === "malformed" ? 400 : 403;
          deps.logger.warn({ event: "storage-upload", outcome: check.reason, key: fields.key }, "upload refused");
          return reply(status, check.reason === "expired" ? "AccessDenied" : "InvalidPolicyDocument", `Upload refused: ${check.reason}`);
        }
        const key = fields.key!;
        if (await deps.store.stat(key)) {
          file.resume();
          return reply(409, "KeyExists", "An object with this key already exists.");
        }
        try {
          const stored = await deps.store.put(key, file, { contentType: "application/octet-stream", maxBytes: check.maxBytes });
          if (stored.sizeBytes === 0) {
            await deps.store.delete(key);
            return reply(400, "EntityTooSmall", "Your proposed upload is smaller than the minimum allowed size.");
          }
          deps.logger.info({ event: "storage-upload", key, sizeBytes: stored.sizeBytes }, "upload stored");
          reply(fields.success_action_status === "200" ? 200 : 204, "", "");
        } catch (error) {
          file.resume();
          if (error instanceof ObjectTooLargeError) return reply(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size.");
          deps.logger.error({ err: error, key }, "upload could not be stored");
          reply(500, "InternalError", "The upload could not be stored.");
        }
      })();
    });
    parser.on("close", () => {
      if (!sawFile) reply(400, "MalformedPOSTRequest", "The form has no file.");
    });
    parser.on("error", () => reply(400, "MalformedPOSTRequest", "The body of the POST request is not valid multipart/form-data."));
    req.pipe(parser);
  });

  return router;
}
