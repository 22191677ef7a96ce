import type { TestApi } from "./test-api";

/**
 * What a probe of the IDOR sweep (tests/api/idor.test.ts) gets: the API, exhibitor A's (std01) and B's
 * (raw01) tickets and the organizer's.
 */
export type ProbeContext = { api: TestApi; a: string; b: string; admin: string };

/** One API call as the holder of `ticket`: GET, or a form POST when `form` is given; the status and the body's text. */
export async function callApi(ctx: ProbeContext, ticket: string, path: string, form?: Record<string, string>) {
  const response = await fetch(`${ctx.api.baseUrl}/api${path}`, {
    method: form ? "POST" : "GET",
    headers: { ticket, "content-type": "application/x-www-form-urlencoded", "accept-language": "en" },
    body: form ? new URLSearchParams(form) : undefined,
  });
  return { status: response.status, text: await response.text() };
}

/**
 * The same in Chinese (the vehicle routes refuse English), where an answer may be a file (a pass):
 * a file is told by its type and size, so a probe's "none of A's data" check reads no binary.
 */
export async function callApiZh(ctx: Pick<ProbeContext, "api">, ticket: string, path: string, form?: Record<string, string>) {
  const response = await fetch(`${ctx.api.baseUrl}/api${path}`, {
    method: form ? "POST" : "GET",
    headers: { ticket, "content-type": "application/x-www-form-urlencoded", "accept-language": "zh" },
    body: form ? new URLSearchParams(form) : undefined,
  });
  const type = response.headers.get("content-type") ?? "";
  return {
    status: response.status,
    text: type.includes("json") || type.includes("text") ? await response.text() : `<${type} ${(await response.arrayBuffer()).byteLength} bytes>`,
  };
}
