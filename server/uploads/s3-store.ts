import { Readable, Transform, pipeline } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { loadOnce } from "../load-once";
import { type ByteRange, ObjectTooLargeError, type ObjectInfo, type ObjectStore, type UploadForm, type UploadFormInput } from "./object-store";

export type S3StoreOptions = {
  /** API endpoint the server talks to (MinIO, OSS in S3 mode, ...); AWS's own when absent. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (`host/bucket/key`): needed by MinIO and most self-hosted stores. */
  forcePathStyle: boolean;
  /** Endpoint as browsers reach it, when it differs from the server's (e.g. internal vs public DNS). */
  publicEndpoint?: string;
};

/** lib-storage buffers up to partSize × queueSize bytes per upload; 2 × 5 MiB keeps that bounded. */
const UPLOAD_QUEUE_SIZE = 2;

/** The AWS SDK's three packages, loaded when the first S3 store is used. */
const loadSdk = loadOnce(async () => {
  const [client, storage, presigned] = await Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage"), import("@aws-sdk/s3-presigned-post")]);
  return { ...client, Upload: storage.Upload, createPresignedPost: presigned.createPresignedPost };
});
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

function makeClient(sdk: Sdk, options: S3StoreOptions, endpoint: string | undefined): S3Client {
  return new sdk.S3Client({
    region: options.region,
    endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The SDK's default CRC32 checksums (aws-chunked bodies with trailers) are not understood by
    // many S3-compatible stores (older MinIO, OSS, s3rver); only send them where S3 demands them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

function httpStatus(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isNotFound(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === "NotFound" || name === "NoSuchKey" || httpStatus(err) === 404;
}

/**
 * Passes on bytes start..end (inclusive) of what flows through and ends there; the rest is dropped
 * as it arrives (only a store that ignores Range sends it), so nothing is held.
 */
function sliceOf(range: ByteRange) {
  let at = 0;
  let ended = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (ended) return callback();
      const from = Math.max(0, range.start - at);
      const to = Math.min(chunk.length, range.end + 1 - at);
      at += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (at > range.end) {
        ended = true;
        this.push(null);
      }
      callback();
    },
  });
}

export function createS3Store(options: S3StoreOptions): ObjectStore {
  const Bucket = options.bucket;
  const connection = loadOnce(async () => {
    const sdk = await loadSdk();
    const client = makeClient(sdk, options, options.endpoint);
    // Presigning sends no request, so a second client only changes the URL handed to browsers.
    const presignClient = options.publicEndpoint ? makeClient(sdk, options, options.publicEndpoint) : client;
    return { sdk, client, presignClient };
  });

  async function deleteObject(key: string): Promise<void> {
    const { sdk, client } = await connection();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    } catch (err) {
      // S3 itself answers 204 for a missing key; some compatible stores answer 404.
      if (!isNotFound(err)) throw err;
    }
  }

  return {
    kind: "s3",

    async createUploadForm(input: UploadFormInput): Promise<UploadForm> {
      const { sdk, presignClient } = await connection();
      // A key outside the prefix would make a form the store always refuses: fail loudly here.
      if (!input.key.startsWith(input.keyPrefix)) throw new Error(`key ${input.key} is outside ${input.keyPrefix}`);
      // Rounded down so the policy never outlives expiresAt; at least 1 s because S3 needs a future expiration.
      const expires = Math.max(1, Math.floor((input.expiresAt.getTime() - Date.now()) / 1000));
      // The SDK adds a condition for every field it returns (bucket, X-Amz-*, key,
      // success_action_status). S3 refuses any posted field the policy does not cover, so the
      // local host's names (policy, signature, OSSAccessKeyId) are deliberately not added here.
      const { url, fields } = await sdk.createPresignedPost(presignClient, {
        Bucket,
        Key: input.key,
        Conditions: [["content-length-range", 1, input.maxBytes], ["starts-with", "$key", input.keyPrefix], { bucket: Bucket }],
        Fields: { key: input.key, success_action_status: "200" },
        Expires: expires,
      });
      return { host: url, fields };
    },

    async put(key, body, { contentType, maxBytes }): Promise<ObjectInfo> {
      const { sdk, client } = await connection();
      let size = 0;
      let tooLarge = false;
      // The length is unknown up front (a streamed request body), so the limit is enforced as bytes pass.
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > maxBytes) {
            tooLarge = true;
            callback(new ObjectTooLargeError(maxBytes));
            return;
          }
          callback(null, chunk);
        },
      });
      // pipeline destroys both sides on any error: the source stops being read once the limit is
      // hit, and a failing source fails the upload instead of completing a truncated object.
      pipeline(body, counter, () => {
        // Errors surface through upload.done(), which reads from `counter`.
      });
      const upload = new sdk.Upload({
        client,
        params: { Bucket, Key: key, Body: counter, ContentType: contentType },
        queueSize: UPLOAD_QUEUE_SIZE,
        // On failure lib-storage sends AbortMultipartUpload so no orphaned parts are billed.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        if (!tooLarge) throw err;
        // The multipart upload was aborted by lib-storage (its own failure, e.g. a store without
        // AbortMultipartUpload, is superseded by the size error); the key is deleted as well in
        // case a store completed anything under it.
        await deleteObject(key).catch(() => undefined);
        throw new ObjectTooLargeError(maxBytes);
      }
      return { sizeBytes: size };
    },

    async stat(key): Promise<ObjectInfo | null> {
      const { sdk, client } = await connection();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return { sizeBytes: head.ContentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async readRange(key, start, end): Promise<Buffer> {
      const { sdk, client } = await connection();
      if (end < start) return Buffer.alloc(0);
      try {
        // S3 clips an end beyond the object's size, so "fewer bytes" needs no extra HeadObject.
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key, Range: `bytes=${start}-${end}` }));
        const bytes = Buffer.from((await res.Body?.transformToByteArray()) ?? new Uint8Array());
        // A store that ignores Range answers 200 with the whole object: cut the range out ourselves.
        return res.ContentRange ? bytes : bytes.subarray(start, end + 1);
      } catch (err) {
        // 416: the range starts at or past the end of the object, i.e. there are no such bytes.
        if (httpStatus(err) === 416 || (err as { name?: string }).name === "InvalidRange") return Buffer.alloc(0);
        throw err;
      }
    },

    async openRead(key, range): Promise<Readable> {
      const { sdk, client } = await connection();
      const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      // In Node the SDK's body is an http.IncomingMessage, i.e. already a Readable.
      if (!(res.Body instanceof Readable)) throw new Error(`S3 GetObject for ${key} returned no Node stream`);
      // A store that ignores Range answers 200 with the whole object: the range is cut out as it passes.
      if (!range || res.ContentRange) return res.Body;
      const cut = sliceOf(range);
      pipeline(res.Body, cut, () => {
        // Errors reach the reader through `cut`; the body is destroyed once the range has passed.
      });
      return cut;
    },

    async move(from, to) {
      const { sdk, client } = await connection();
      // S3 has no rename: copy, then delete the original (which the upload policy could overwrite).
      await client.send(new sdk.CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${encodeURIComponent(from).replace(/%2F/g, "/")}` }));
      await deleteObject(from);
    },

    delete: deleteObject,

    // A bucket lifecycle rule on these prefixes would do the same; the sweep works on any store.
    async removeOlderThan(prefixes, cutoff) {
      const { sdk, client } = await connection();
      let removed = 0;
      for (const Prefix of prefixes) {
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
          for (const object of page.Contents ?? []) {
            if (!object.Key || !object.LastModified || object.LastModified >= cutoff) continue;
            await deleteObject(object.Key);
            removed += 1;
          }
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      }
      return removed;
    },
  };
}
