import { expect } from "vitest";
import { PNG } from "./sample-files";
import type { TestApi } from "./test-api";

/** Uploads a file the way the browser does (signature, storage host, complete); answers its /files/ URL. */
export async function uploadAs(api: TestApi, ticket: string, folder: string, name = "plan.png", bytes: Buffer = PNG) {
  const signed = await api.call<{ key: string; fields: Record<string, string> }>("/oss/signature/getSignature", {
    ticket,
    query: { timesp: String(Date.now()), folder, fileName: name },
  });
  expect(signed.code).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(signed.data.fields)) form.append(k, v);
  form.append("file", new File([new Uint8Array(bytes)], name));
  expect((await fetch(`${api.baseUrl}/storage`, { method: "POST", body: form })).status).toBe(200);
  const done = await api.call<{ url: string }>("/oss/complete", { ticket, form: { key: signed.data.key, name } });
  expect(done.code).toBe(200);
  return done.data.url;
}

/** Sends feedback with a picture, as the feedback form's multipart post does (the picture streamed with it); the raw response. */
export function sendFeedbackWithPicture(api: TestApi, ticket: string, feedback: { type: string; content: string; fileName: string }) {
  const form = new FormData();
  form.set("type", feedback.type);
  form.set("content", feedback.content);
  form.set("file", new File([new Uint8Array(PNG)], feedback.fileName, { type: "image/png" }));
  return fetch(`${api.baseUrl}/api/smeb/feedback/save`, { method: "POST", headers: { ticket }, body: form });
}
