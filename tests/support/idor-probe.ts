import type { TestApi } from "./test-api";

/**
 * What a probe of the IDOR sweep (tests/api/idor.test.ts) gets: the API, exhibitor A's (std01) and B's
 * (raw01) tickets and the organizer's.
 */
export type ProbeContext = { api: TestApi; a: string; b: string; admin: string };

type Form = Record<string, string | string[]>;

/**
 * One API request as the holder of `ticket`, in `lang`: GET, or a form POST when `form` is given (a field
 * with several values is sent once per value); the raw response, for probes that read it their own way.
 */
export function fetchApi(ctx: Pick<ProbeContext, "api">, ticket: string, path: string, form?: Form, lang: "en" | "zh" = "en") {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form ?? {})) for (const item of [value].flat()) body.append(key, item);
  return fetch(`${ctx.api.baseUrl}/api${path}`, {
    method: form ? "POST" : "GET",
    headers: { ticket, "content-type": "application/x-www-form-urlencoded", "accept-language": lang },
    body: form ? body : undefined,
  });
}

/** One API call as the holder of `ticket` (see fetchApi), in English unless `lang` says otherwise; the status and the body's text. */
export async function callApi(ctx: Pick<ProbeContext, "api">, ticket: string, path: string, form?: Form, lang: "en" | "zh" = "en") {
  const response = await fetchApi(ctx, ticket, path, form, lang);
  return { status: response.status, text: await response.text() };
}

/** The same in Chinese, the body read as text whatever its type. */
export const callApiZhRaw = (ctx: Pick<ProbeContext, "api">, ticket: string, path: string, form?: Form) => callApi(ctx, ticket, path, form, "zh");

/**
 * The same in Chinese (the vehicle routes refuse English), where an answer may be a file (a pass):
 * a file is told by its type and size, so a probe's "none of A's data" check reads no binary.
 */
export async function callApiZh(ctx: Pick<ProbeContext, "api">, ticket: string, path: string, form?: Record<string, string>) {
  const response = await fetchApi(ctx, ticket, path, form, "zh");
  const type = response.headers.get("content-type") ?? "";
  return {
    status: response.status,
    text: type.includes("json") || type.includes("text") ? await response.text() : `<${type} ${(await response.arrayBuffer()).byteLength} bytes>`,
  };
}

/**
 * `make` run once per server (the sweep's, or a feature test file's): every probe that asks on the same
 * server gets the same promise, so what a probe prepares (A's rows with their markers) is made once.
 */
export function oncePerServer<Ctx extends Pick<ProbeContext, "api">, T>(make: (ctx: Ctx) => Promise<T>): (ctx: Ctx) => Promise<T> {
  const made = new WeakMap<TestApi, Promise<T>>();
  return (ctx) => {
    let done = made.get(ctx.api);
    if (!done) made.set(ctx.api, (done = make(ctx)));
    return done;
  };
}
