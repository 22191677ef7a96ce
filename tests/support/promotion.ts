import type { TestApi } from "./test-api";
import { insertStoredFile, userIdOf } from "./stored-files";

export type Form = Record<string, string | string[]>;

/** A form POST to the API as a browser sends it: a list is the field repeated. */
export async function postForm<T>(api: TestApi, path: string, ticket: string, form: Form, lang = "en") {
  const response = await fetch(`${api.baseUrl}/api${path}`, {
    method: "POST",
    headers: { ticket, "accept-language": lang, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(Object.entries(form).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]))),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T & { fields?: Record<string, string[]> } };
  return { status: response.status, ...envelope };
}

/**
 * A stored file row the upload flow could not make (a PDF in the image folder): for the server's own
 * checks behind the upload rules. Real images come from `uploadAs` (tests/support/uploads.ts).
 */
export async function storedFileRow(api: TestApi, username: string, folder: string, contentType: string, name = "p.png") {
  return (await insertStoredFile(api.db, { ownerUserId: await userIdOf(api.db, username), folder, contentType, name })).url;
}
