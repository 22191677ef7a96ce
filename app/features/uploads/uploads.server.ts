import crypto from "node:crypto";
import type { Submission } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/node";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import type { Language } from "~/contracts/i18n/config";
import { translate } from "~/contracts/i18n/translate.server";
import {
  DEFAULT_UPLOAD_MAX_COUNT,
  effectiveRules,
  formatSizeLimit,
  type UploadFolder,
  type UploadKind,
  type UploadSignature,
} from "~/contracts/uploads/schema";
import { uploadEndpoints } from "~/contracts/uploads/endpoints.server";
import { UPLOAD_TIMEOUT_MS, type ApiClient } from "../../lib/api.server";
import { uploadFieldNames } from "./upload-fields";

/**
 * The posted form of a page with uploads: multipart without JavaScript (the files stream to storage
 * on the way, see parseFormWithUploads), urlencoded from the enhanced form (the fields hold URLs).
 */
export async function readUploadForm(request: Request, context: AppLoadContext, api: ApiClient, language: Language, specs: Record<string, UploadFieldSpec>) {
  const multipart = /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");
  return multipart
    ? parseFormWithUploads(request, context, api, language, specs)
    : { formData: await request.formData(), uploadErrors: {} as Record<string, string[]> };
}

/** A refused submission's reply: the schema's errors and the uploads' side by side. */
export function replyWithUploadErrors(submission: Submission<unknown>, uploadErrors: Record<string, string[]>) {
  const fieldErrors = { ...(submission.status === "success" ? {} : submission.error), ...uploadErrors } as Record<string, string[]>;
  return submission.reply({ fieldErrors });
}

export type UploadFieldSpec = { folder: UploadFolder; kinds?: UploadKind[]; maxBytes?: number; maxCount?: number };

/**
 * The no-JavaScript path of the upload component. The form posts multipart; each chosen file
 * (part `<field>__file`) streams to the storage host exactly as the browser would send it (signing
 * settings from the API, the signed form, then oss/complete), counted on the way and cut off as
 * soon as it is too large. The field then holds the stored file's URL like the enhanced form's
 * hidden input; `<field>__remove` drops an earlier one. Other fields stay as they were typed.
 */
export async function parseFormWithUploads(
  request: Request,
  context: AppLoadContext,
  api: ApiClient,
  language: Language,
  specs: Record<string, UploadFieldSpec>,
): Promise<{ formData: FormData; uploadErrors: Record<string, string[]> }> {
  const uploadErrors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => void (uploadErrors[field] ??= []).push(message);
  const uploadedNames = new Map<string, string>();
  const apiOrigin = new URL(context.apiBaseUrl).origin;

  const handler: UploadHandler = async (part) => {
    const field = Object.keys(specs).find((name) => uploadFieldNames(name).file === part.name);
    if (part.filename === undefined) return textOf(part.data);
    if (!field || !part.filename) {
      // A file part no field expects, or an empty file input (nothing chosen).
      await drain(part.data);
      return undefined;
    }
    const spec = specs[field]!;
    const rules = effectiveRules(spec.folder, spec);
    const signature = await api.call(uploadEndpoints.signature, {
      timesp: Date.now(),
      folder: spec.folder,
      fileName: part.filename,
      kinds: rules.kinds.join(","),
      maxBytes: rules.maxBytes,
    });
    if (!signature.ok) {
      await drain(part.data);
      fail(field, signature.message);
      return undefined;
    }
    const sent = await sendToHost(signature.data, part.filename, part.contentType, part.data, new URL(signature.data.host, apiOrigin));
    if (sent === "tooLarge") {
      fail(field, translate(language, "uploads.tooLarge", { name: part.filename, size: formatSizeLimit(rules.maxBytes) }));
      return undefined;
    }
    if (sent !== "ok") {
      fail(field, translate(language, "uploads.failed"));
      return undefined;
    }
    const completed = await api.call(uploadEndpoints.complete, { key: signature.data.key, name: part.filename, kinds: rules.kinds.join(",") });
    if (!completed.ok) {
      fail(field, completed.message);
      return undefined;
    }
    uploadedNames.set(completed.data.url, completed.data.name);
    return completed.data.url;
  };

  let parsed: FormData;
  try {
    parsed = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof Response) throw error;
    // A body no browser form would send (the multipart parser gave up): refuse it, do not crash.
    console.warn(JSON.stringify({ level: "warn", msg: "unreadable multipart form", error: String(error), requestId: context.requestId }));
    throw new Response(translate(language, "errors.badRequest"), { status: 400 });
  }
  const formData = new FormData();
  const removed = new Set<string>();
  for (const name of Object.keys(specs)) for (const value of parsed.getAll(uploadFieldNames(name).remove)) removed.add(String(value));
  const fileParts = new Set(Object.keys(specs).map((name) => uploadFieldNames(name).file));
  for (const [name, value] of parsed) {
    if (fileParts.has(name)) continue;
    if (Object.keys(specs).some((field) => uploadFieldNames(field).remove === name)) continue;
    if (typeof value === "string" && Object.keys(specs).includes(name) && removed.has(value)) continue;
    formData.append(name, value);
  }
  for (const field of Object.keys(specs)) {
    for (const url of parsed.getAll(uploadFieldNames(field).file)) {
      if (typeof url === "string" && url) {
        formData.append(field, url);
        formData.append(uploadFieldNames(field).name, `${url}|${uploadedNames.get(url) ?? ""}`);
      }
    }
    const count = formData.getAll(field).length;
    const maxCount = specs[field]!.maxCount ?? DEFAULT_UPLOAD_MAX_COUNT;
    if (count > maxCount) fail(field, translate(language, "uploads.tooMany", { count: maxCount }));
  }
  return { formData, uploadErrors };
}

type SendResult = "ok" | "tooLarge" | "failed";

/** Streams one multipart form (signed fields, then the file) to the storage host. */
async function sendToHost(signature: UploadSignature, fileName: string, contentType: string, data: AsyncIterable<Uint8Array>, host: URL): Promise<SendResult> {
  const boundary = `----portal${crypto.randomBytes(12).toString("hex")}`;
  const encoder = new TextEncoder();
  const head = Object.entries(signature.fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(fileName)}"\r\nContent-Type: ${contentType || "application/octet-stream"}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const abort = new AbortController();
  let tooLarge = false;
  let sent = 0;

  const iterator = data[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head + fileHead));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        controller.enqueue(encoder.encode(tail));
        controller.close();
        return;
      }
      sent += next.value.length;
      // Cut off as soon as the file is too large, not after reading all of it.
      if (sent > signature.maxBytes) {
        tooLarge = true;
        abort.abort();
        controller.error(new Error("too large"));
        return;
      }
      controller.enqueue(next.value);
    },
  });

  try {
    const response = await fetch(host, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      signal: AbortSignal.any([abort.signal, AbortSignal.timeout(UPLOAD_TIMEOUT_MS)]),
      // Node's fetch needs this for a streamed request body.
      duplex: "half",
    });
    await response.arrayBuffer();
    if (response.status === 200 || response.status === 204) return "ok";
    return response.status === 400 && tooLarge ? "tooLarge" : "failed";
  } catch {
    if (tooLarge) {
      // The rest of the part must still be read for the form's later fields to arrive.
      for (;;) if ((await iterator.next()).done) break;
      return "tooLarge";
    }
    return "failed";
  }
}

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const _chunk of data) {
    /* discard */
  }
}

/** A text field, at most 1 MB: no form of the portal has a longer one. */
async function textOf(data: AsyncIterable<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.length;
    if (size > 1024 * 1024) throw new Response("Form field too large", { status: 413 });
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
