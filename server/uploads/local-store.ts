import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ObjectTooLargeError, type ObjectStore } from "./object-store";
import { isStorageKey, signUploadPolicy } from "./upload-policy";

/** Path of the storage host on our own server (server/uploads/local-host.ts). */
export const LOCAL_STORAGE_PATH = "/storage";

/** Counts bytes as they pass and fails the stream as soon as there are more than maxBytes. */
function byteLimit(maxBytes: number, counted: { bytes: number }) {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) callback(new ObjectTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
}

/**
 * The default store: files under DATA_DIR/uploads/<key>, uploaded through our own storage host.
 * Writes go to a temporary name and are renamed into place when complete, so a crash or a refused
 * upload never leaves a half-written file under a real key.
 */
export function createLocalStore(options: { dataDir: string; secrets: () => Promise<string[]>; host?: string }): ObjectStore {
  const root = path.join(options.dataDir, "uploads");

  const fileOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(root, ...key.split("/"));
  };

  return {
    kind: "local",

    async createUploadForm(input) {
      const [secret] = await options.secrets();
      const signed = signUploadPolicy(secret!, input);
      return {
        host: options.host ?? LOCAL_STORAGE_PATH,
        fields: { key: input.key, policy: signed.policy, OSSAccessKeyId: signed.OSSAccessKeyId, success_action_status: "200", signature: signed.signature },
      };
    },

    async put(key, body: Readable, { maxBytes }) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${crypto.randomBytes(6).toString("hex")}.part`;
      const counted = { bytes: 0 };
      const out = fs.createWriteStream(temporary, { flags: "wx" });
      try {
        await pipeline(body, byteLimit(maxBytes, counted), out);
        // Data on disk before the name appears, so an acknowledged upload survives a crash.
        const handle = await fs.promises.open(temporary, "r+");
        await handle.sync();
        await handle.close();
        await fs.promises.rename(temporary, file);
      } catch (error) {
        // A refusal can come before the file is even open: removed only once the stream is closed,
        // or the open would recreate it after the removal.
        if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
      return { sizeBytes: counted.bytes };
    },

    async stat(key) {
      try {
        const info = await fs.promises.stat(fileOf(key));
        return info.isFile() ? { sizeBytes: info.size } : null;
      } catch {
        return null;
      }
    },

    async readRange(key, start, end) {
      const handle = await fs.promises.open(fileOf(key), "r");
      try {
        const length = Math.max(0, end - start + 1);
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, start);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async openRead(key, range) {
      return fs.createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },

    async move(from, to) {
      const target = fileOf(to);
      try {
        await fs.promises.rename(fileOf(from), target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        // The first file of its folder: the folder is made, then the move tried once more (a
        // missing source fails again). Made only then: one round trip less for every other move.
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(fileOf(from), target);
      }
    },

    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },

    async removeOlderThan(prefixes, cutoff) {
      let removed = 0;
      for (const prefix of prefixes) {
        // Prefixes are the server's own folder names; the check keeps a bad one from leaving the root.
        if (!/^[a-z-]{1,40}\/$/.test(prefix)) throw new Error(`not an upload prefix: ${prefix}`);
        for (const file of await filesUnder(path.join(root, prefix))) {
          const info = await fs.promises.stat(file).catch(() => null);
          if (info?.isFile() && info.mtimeMs < cutoff.getTime()) {
            await fs.promises.rm(file, { force: true });
            removed += 1;
          }
        }
      }
      return removed;
    },
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)])));
  return nested.flat();
}
