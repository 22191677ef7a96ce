import type { Readable } from "node:stream";

/**
 * Where uploaded files live. Two implementations: the local storage host served by our own
 * server (files under DATA_DIR/uploads, the default) and any S3-compatible store (MinIO, AWS S3,
 * Alibaba OSS in S3 mode) by config. Browsers upload straight to the store with a signed form
 * (docs/product.md § The exhibition API: key, policy, OSSAccessKeyId, signature, host); the server writes through
 * `put` only for the no-JavaScript path. Keys are always made by the server.
 */
export type UploadFormInput = {
  /** The exact key the file will have, made by the server: `<folder>/<userId>/<yyyy-mm>/<random>-<timestamp>.<ext>`. */
  key: string;
  /** The prefix the signed policy allows (`<folder>/<userId>/`). */
  keyPrefix: string;
  /** Largest accepted file, in bytes (the policy's content-length-range). */
  maxBytes: number;
  /** When the signed form stops being accepted. */
  expiresAt: Date;
};

export type UploadForm = {
  /** Where the multipart form is POSTed: an absolute URL, or a path on this server ("/storage"). */
  host: string;
  /**
   * The form fields to send, in this order, before the `file` part. For the local host these are
   * the spec's names (key, policy, OSSAccessKeyId, success_action_status, signature); an S3 store
   * adds its own (X-Amz-Credential, X-Amz-Signature, ...).
   */
  fields: Record<string, string>;
};

export type ObjectInfo = { sizeBytes: number };

/** Bytes start..end of an object, both inclusive (as in a Range header); end is within the object. */
export type ByteRange = { start: number; end: number };

export interface ObjectStore {
  readonly kind: "local" | "s3";
  /** A signed form that lets one file up to maxBytes be uploaded under exactly input.key. */
  createUploadForm(input: UploadFormInput): Promise<UploadForm>;
  /**
   * Writes a stream under key. Counts bytes as they pass and fails with ObjectTooLargeError as
   * soon as maxBytes is exceeded (nothing is left behind). Resolves with the stored size.
   */
  put(key: string, body: Readable, options: { contentType: string; maxBytes: number }): Promise<ObjectInfo>;
  /** Size of the object, or null when there is none. */
  stat(key: string): Promise<ObjectInfo | null>;
  /**
   * Bytes start..end (inclusive) of the object; fewer when the object is shorter. Held in memory:
   * only for small reads (sniffing a file's head, a picture of bounded size), never for a download.
   */
  readRange(key: string, start: number, end: number): Promise<Buffer>;
  /**
   * The object, or only the given range of it, as a stream read from the store as it is consumed
   * (downloads, copies to disk): nothing is held in memory beyond the stream's buffer.
   */
  openRead(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * Moves an object to a key no upload policy covers, so nobody can replace it after it was
   * checked. Rejects when `from` does not exist.
   */
  move(from: string, to: string): Promise<void>;
  /** Removes the object; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object under the given key prefixes last written before `cutoff` (and, on the
   * local host, half-written `.part` files), answering how many. The sweep of unfinished uploads.
   */
  removeOlderThan(prefixes: string[], cutoff: Date): Promise<number>;
}

export class ObjectTooLargeError extends Error {
  constructor(public readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
    this.name = "ObjectTooLargeError";
  }
}
