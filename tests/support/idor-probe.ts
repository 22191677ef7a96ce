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
