import type { UploadedFile, UploadSignature } from "../../app/contracts/uploads/schema";
import type { TestApi } from "./test-api";

/** What a browser does with an upload: sign, post the form to the storage host, complete. */

export function signUpload(api: TestApi, ticket: string | undefined, query: Record<string, string>, lang = "en") {
  return api.call<UploadSignature>("/oss/signature/getSignature", { ticket, lang, query: { timesp: String(Date.now()), ...query } });
}

/** The browser's POST to the storage host: the fields in order, then `file`. */
export async function postToStorage(
  api: TestApi,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name?: string; type?: string },
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new File([new Uint8Array(file.bytes)], file.name ?? "upload.bin", { type: file.type ?? "application/octet-stream" }));
  const response = await fetch(`${api.baseUrl}/storage`, { method: "POST", body: form, headers });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

export function completeUpload(api: TestApi, ticket: string, key: string, name = "file.png", extra: Record<string, string> = {}) {
  return api.call<UploadedFile & { fields?: Record<string, string[]>; reason?: string }>("/oss/complete", { ticket, form: { key, name, ...extra } });
}
