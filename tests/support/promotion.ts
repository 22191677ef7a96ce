import crypto from "node:crypto";
import type { TestApi } from "./test-api";

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
  const user = await api.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow();
  const id = crypto.randomBytes(12).toString("base64url");
  await api.db
    .insertInto("stored_files")
    .values({
      id,
      owner_user_id: user.id,
      folder,
      original_name: name,
      content_type: contentType,
      size_bytes: 10,
      storage_key: `stored/${folder}/${id}`,
      upload_key: null,
    })
    .execute();
  return `/files/${id}`;
}
