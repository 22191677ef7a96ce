import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import tar from "tar-stream";

/**
 * The backup archive (docs/decisions/058): one gzip'd tar file. `backup.json` comes first (what it is,
 * from which migration level, of which exhibitions) so that a restore refuses a wrong archive before
 * reading the rest; then the database's rows (`db/<table>/<part>.jsonl`, one row_to_json per line); then
 * the stored files' bytes (`files/<key>`, local storage only); `manifest.json` comes last, with the
 * size and SHA-256 of every entry before it, the row counts and the files' checksums.
 */
export const ARCHIVE_FORMAT = "exhibitor-portal-backup";
export const ARCHIVE_FORMAT_VERSION = 1;
export const HEADER_ENTRY = "backup.json";
export const MANIFEST_ENTRY = "manifest.json";
export const ARCHIVE_PREFIX = "portal-backup-";
export const ARCHIVE_SUFFIX = ".tar.gz";

export type ArchiveExhibition = { id: number; code: string; nameZh: string; nameEn: string };

export type BackupHeader = {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** The last migration the database had: a restore needs a portal that knows it. */
  migration: string;
  /** When the database snapshot was taken (the database's clock). */
  snapshotAt: string;
  database: "pglite" | "postgres";
  storage: "local" | "s3";
  exhibitions: ArchiveExhibition[];
};

type TablePart = { entry: string; rows: number };
export type TableDump = { name: string; rows: number; parts: TablePart[] };
export type SequenceValue = { name: string; lastValue: string; isCalled: boolean };
/** A stored object the snapshot names; `entry` is where its bytes are in the archive (local storage). */
export type ArchivedFile = { key: string; bytes: number; sha256: string; contentType: string; entry?: string };

export type Manifest = BackupHeader & {
  tables: TableDump[];
  sequences: SequenceValue[];
  files: ArchivedFile[];
  /** Objects the snapshot names that were not in the store when copied (the store had lost them already). */
  missingFiles: string[];
  /** Every entry before the manifest, with its size and checksum. */
  entries: Record<string, { bytes: number; sha256: string }>;
};

export const archiveName = (at: Date) =>
  `${ARCHIVE_PREFIX}${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}${ARCHIVE_SUFFIX}`;

export const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/** A failure the command prints as it is (no stack trace), with its exit status. */
export class BackupRefusal extends Error {
  constructor(
    message: string,
    /** 65 (EX_DATAERR): a damaged or unfit archive; 73 (EX_CANTCREAT): nothing could be written; 75: busy, try later; 1: otherwise. */
    readonly exitCode: number = 1,
  ) {
    super(message);
    this.name = "BackupRefusal";
  }
}

export const EXIT_DAMAGED_ARCHIVE = 65;
export const EXIT_CANNOT_WRITE = 73;
export const EXIT_BUSY = 75;

/** What a write error means to the operator. */
export function writeRefusal(target: string, error: unknown): BackupRefusal {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === "ENOSPC"
      ? "the disk is full"
      : code === "EACCES" || code === "EPERM"
        ? "this user may not write there"
        : code === "EROFS"
          ? "the file system is read-only"
          : code === "ENOTDIR"
            ? "a part of the path is a file, not a folder"
            : (error as Error).message;
  return new BackupRefusal(`Could not write the backup to ${target}: ${reason}. No archive was left there.`, EXIT_CANNOT_WRITE);
}

/**
 * Writes an archive entry by entry to `<final>.part`, and only once it is whole and on disk renames it
 * to its final name: a backup that fails (a full disk, a crash) never leaves a file that looks good.
 */
export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly partPath: string;
  private readonly done: Promise<void>;
  private readonly entries: Manifest["entries"] = {};
  private failed: Error | null = null;
  /** Rejects when writing fails (a full disk): every step races it, so none waits forever. */
  private readonly failure: Promise<never>;

  constructor(readonly finalPath: string) {
    this.partPath = `${finalPath}.part`;
    const file = fs.createWriteStream(this.partPath, { flags: "wx", mode: 0o600 });
    const gzip = zlib.createGzip({ level: 6 });
    let failWith!: (error: Error) => void;
    this.failure = new Promise<never>((_, reject) => (failWith = reject));
    this.failure.catch(() => undefined);
    this.done = new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        this.failed ??= error;
        failWith(error);
        this.pack.destroy(error);
        gzip.destroy(error);
        file.destroy(error);
        reject(error);
      };
      this.pack.on("error", fail);
      gzip.on("error", fail);
      file.on("error", fail);
      file.on("finish", resolve);
    });
    this.done.catch(() => undefined);
    this.pack.pipe(gzip).pipe(file);
  }

  /** Adds an entry held in memory (a header, a part of a table). */
  async add(name: string, bytes: Buffer) {
    this.throwIfFailed();
    this.entries[name] = { bytes: bytes.length, sha256: sha256(bytes) };
    await Promise.race([
      new Promise<void>((resolve, reject) => this.pack.entry({ name, size: bytes.length, mode: 0o600 }, bytes, (error) => (error ? reject(error) : resolve()))),
      this.failure,
    ]);
  }

  /** Adds an entry read from a stream of exactly `size` bytes; answers its checksum. */
  async addStream(name: string, size: number, body: Readable): Promise<string> {
    this.throwIfFailed();
    const hash = crypto.createHash("sha256");
    let seen = 0;
    const copied = new Promise<void>((resolve, reject) => {
      const entry = this.pack.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
      entry.on("error", reject);
      body.on("data", (chunk: Buffer) => {
        seen += chunk.length;
        hash.update(chunk);
        if (seen > size) body.destroy(new Error(`${name} grew while it was copied`));
      });
      body.on("error", (error) => {
        entry.destroy(error);
        reject(error);
      });
      body.pipe(entry);
    });
    await Promise.race([copied, this.failure]);
    const digest = hash.digest("hex");
    this.entries[name] = { bytes: size, sha256: digest };
    return digest;
  }

  /** Writes the manifest last, then makes the archive appear under its final name. */
  async finish(manifest: Omit<Manifest, "entries">): Promise<{ path: string; bytes: number }> {
    const body = Buffer.from(JSON.stringify({ ...manifest, entries: this.entries }, null, 1));
    this.throwIfFailed();
    this.pack.entry({ name: MANIFEST_ENTRY, size: body.length, mode: 0o600 }, body);
    this.pack.finalize();
    await this.done;
    const handle = await fs.promises.open(this.partPath, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(this.partPath, this.finalPath);
    await syncFolder(path.dirname(this.finalPath));
    return { path: this.finalPath, bytes: (await fs.promises.stat(this.finalPath)).size };
  }

  /** Stops writing and removes the part file. */
  async abandon() {
    this.pack.destroy();
    await this.done.catch(() => undefined);
    await fs.promises.rm(this.partPath, { force: true });
  }

  private throwIfFailed() {
    if (this.failed) throw this.failed;
  }
}

async function syncFolder(folder: string) {
  const handle = await fs.promises.open(folder, "r").catch(() => null);
  if (!handle) return;
  try {
    await handle.sync().catch(() => undefined);
  } finally {
    await handle.close();
  }
}

export type ArchiveEntry = { name: string; size: number; body: AsyncIterable<Buffer> };

/**
 * Reads the archive's entries in order. A truncated file, a gzip or tar error, surfaces as a
 * BackupRefusal saying the archive is damaged.
 */
export async function* readArchive(archivePath: string): AsyncGenerator<ArchiveEntry> {
  let file: fs.ReadStream;
  try {
    await fs.promises.access(archivePath, fs.constants.R_OK);
    file = fs.createReadStream(archivePath);
  } catch (error) {
    throw new BackupRefusal(`Cannot read ${archivePath}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}.`);
  }
  const gunzip = zlib.createGunzip();
  const extract = tar.extract();
  const damaged = (error: Error) =>
    extract.destroy(new BackupRefusal(`The archive ${archivePath} is damaged (${error.message}); it cannot be restored.`, EXIT_DAMAGED_ARCHIVE));
  file.on("error", damaged);
  gunzip.on("error", damaged);
  file.pipe(gunzip).pipe(extract);
  let sawEntry = false;
  try {
    for await (const entry of extract) {
      sawEntry = true;
      yield { name: entry.header.name, size: entry.header.size ?? 0, body: entry as AsyncIterable<Buffer> };
      // Whatever the reader left unread is skipped.
      for await (const _ of entry) void _;
    }
  } catch (error) {
    if (error instanceof BackupRefusal) throw error;
    throw new BackupRefusal(`The archive ${archivePath} is damaged (${(error as Error).message}); it cannot be restored.`, EXIT_DAMAGED_ARCHIVE);
  } finally {
    file.destroy();
  }
  if (!sawEntry) throw new BackupRefusal(`${archivePath} is not a portal backup (it holds no entries).`, EXIT_DAMAGED_ARCHIVE);
}

export async function readAll(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}
