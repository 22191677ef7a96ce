import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type * as z from "zod";
import type { AnswerOf, AnyEndpoint, CallInputOf, Endpoint, FileAnswer, InputChannel, WireValue } from "~/contracts/api/endpoint";
import type { Language } from "~/contracts/i18n/config";
import { translate } from "~/contracts/i18n/translate.server";
import { clearTicket, getLanguage, readTicket, serializeNotice } from "./cookies.server";
import { holdPostedForm, signedInAccount } from "./form-hold.server";

/** docs/product.md § The exhibition API: default 300 s, uploads 600 s. */
export const API_TIMEOUT_MS = 300_000;
export const UPLOAD_TIMEOUT_MS = 600_000;

export type ApiEnvelope<T> = { code: number; message: string; data: T };

export type ApiFailure = {
  ok: false;
  code: number;
  /** Already in the user's language: the server's message, or ours for network errors. */
  message: string;
  data: unknown;
};
type ApiSuccess<T> = { ok: true; code: 200; message: string; data: T };
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export type ApiRequest = {
  method?: "GET" | "POST";
  query?: Record<string, WireValue>;
  /** Form-encoded body: the API's default. */
  form?: Record<string, WireValue>;
  /** JSON body, where the spec says so. */
  json?: unknown;
  upload?: FormData;
  timeoutMs?: number;
};

type ClientOptions = {
  baseUrl: string;
  language: Language;
  ticket?: string | null;
  clientIp?: string;
  requestId?: string;
  userAgent?: string | null;
  /** The portal's address as the browser used it (links the API puts in images, e.g. QR codes). */
  portalOrigin?: string;
  fetchImpl?: typeof fetch;
};

/**
 * The one typed client for the exhibition API ({code, message, data} envelope).
 * It never throws for API errors: callers get a result; `requireOk` and the Remix
 * helpers below turn 401/403 into the navigation the spec asks for.
 */
export function createApiClient(options: ClientOptions) {
  const fetchImpl = options.fetchImpl ?? fetch;

  async function send<T>(path: string, request: ApiRequest = {}): Promise<ApiResult<T>> {
    const url = withQuery(options.baseUrl + path, request.query);
    const headers = new Headers({
      accept: "application/json",
      "accept-language": options.language === "zh" ? "zh-CN,zh;q=0.9" : "en",
    });
    if (options.ticket) headers.set("ticket", options.ticket);
    // Our own API on this machine: compressing and unzipping every answer only costs CPU.
    if (isLoopback(options.baseUrl)) headers.set("accept-encoding", "identity");
    if (options.clientIp) headers.set("x-forwarded-for", options.clientIp);
    if (options.requestId) headers.set("x-request-id", options.requestId);
    if (options.userAgent) headers.set("x-client-user-agent", options.userAgent.slice(0, 400));
    if (options.portalOrigin) headers.set("x-portal-origin", options.portalOrigin);

    let body: BodyInit | undefined;
    if (request.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(request.json);
    } else if (request.upload) {
      body = request.upload;
    } else if (request.form) {
      const params = wireParams(request.form);
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = params;
    }
    const timeoutMs = request.timeoutMs ?? (request.upload ? UPLOAD_TIMEOUT_MS : API_TIMEOUT_MS);
    // A timer cleared once the answer is read, rather than AbortSignal.timeout: that one's timer lives
    // for the whole 300 s and is only dropped by the garbage collector, for every call of every page.
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")), timeoutMs);
    try {
      return await answerOf<T>(path, fetchImpl(url, { method: request.method ?? (body ? "POST" : "GET"), headers, body, signal: timeout.signal }));
    } finally {
      clearTimeout(timer);
    }
  }

  async function answerOf<T>(path: string, sent: Promise<Response>): Promise<ApiResult<T>> {
    let response: Response;
    try {
      response = await sent;
    } catch (error) {
      // Ops need the cause (refused, reset, timed out); the user gets the spec's network message.
      const cause = error instanceof Error && error.cause instanceof Error ? `${error.cause.name}: ${error.cause.message}` : undefined;
      console.warn(JSON.stringify({ level: "warn", msg: "API request failed", path, error: String(error), cause, requestId: options.requestId }));
      return networkFailure(options.language, 0, error instanceof Error ? error.name : "error");
    }
    const contentType = response.headers.get("content-type") ?? "";
    if (!contentType.includes("application/json")) {
      return networkFailure(options.language, response.status, response.statusText);
    }
    let envelope: ApiEnvelope<T>;
    try {
      envelope = (await response.json()) as ApiEnvelope<T>;
    } catch {
      return networkFailure(options.language, response.status, "invalid JSON");
    }
    if (typeof envelope?.code !== "number") return networkFailure(options.language, response.status, "invalid envelope");
    if (envelope.code === 200) return { ok: true, code: 200, message: envelope.message, data: envelope.data };
    return { ok: false, code: envelope.code, message: envelope.message || translate(options.language, "errors.requestFailed"), data: envelope.data ?? null };
  }

  /** Calls a declared endpoint (app/contracts/<domain>/endpoints.server.ts) with its input, sent the way it declares. */
  function call<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ApiResult<AnswerOf<E>>> {
    const [input, options] = args as [unknown, CallOptions | undefined];
    return send<AnswerOf<E>>(endpoint.path, { method: endpoint.method, ...requestFor(endpoint.channel, input), ...options });
  }

  /** A declared file endpoint: the answer (attachment content type) passes through untouched, headers and body. */
  function download<E extends Endpoint<z.ZodType | undefined, FileAnswer, "query">>(endpoint: E, ...args: CallArgs<E>): Promise<Response> {
    return fetchFile(endpoint.path, args[0] as ApiRequest["query"]);
  }

  async function fetchFile(path: string, query?: ApiRequest["query"]): Promise<Response> {
    const url = withQuery(options.baseUrl + path, query);
    // identity: fetch would unzip the body but keep the gzip header, breaking the passed-through file.
    const headers = new Headers({ "accept-language": options.language, "accept-encoding": "identity" });
    if (options.ticket) headers.set("ticket", options.ticket);
    return fetchImpl(url, { headers, signal: AbortSignal.timeout(API_TIMEOUT_MS) });
  }

  return { call, download, language: options.language };
}

/** Fields as a browser sends them: a list (ticked checkboxes) is the key repeated; null and undefined are left out. */
function wireParams(fields: Record<string, WireValue> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value !== undefined && value !== null) params.append(key, String(value));
  }
  return params;
}

function withQuery(address: string, query?: Record<string, WireValue>) {
  const url = new URL(address);
  url.search = wireParams(query).toString();
  return url;
}

type CallOptions = { timeoutMs?: number };
/** The input argument is required when the endpoint takes input, and absent when it takes none. */
type CallArgs<E> = CallInputOf<E> extends undefined ? [input?: undefined, options?: CallOptions] : [input: CallInputOf<E>, options?: CallOptions];

function requestFor(channel: InputChannel, input: unknown): ApiRequest {
  if (input === undefined) return {};
  if (channel === "json") return { json: input };
  if (channel === "multipart") return { upload: input as FormData };
  const fields = input as Record<string, WireValue>;
  return channel === "query" ? { query: fields as ApiRequest["query"] } : { form: fields as ApiRequest["form"] };
}

export type ApiClient = ReturnType<typeof createApiClient>;

function isLoopback(baseUrl: string) {
  return /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(baseUrl);
}

function networkFailure(language: Language, status: number, detail: string): ApiFailure {
  const message = `${translate(language, "errors.network")} (${translate(language, "errors.status", { status })}${detail ? `, ${detail}` : ""})`;
  return { ok: false, code: 0, message, data: { status, detail } };
}

/** A client for this request: the user's ticket, language and address travel with every call. */
export async function apiFor(request: Request, context: AppLoadContext) {
  return createApiClient({
    baseUrl: context.apiBaseUrl,
    language: getLanguage(request),
    ticket: await readTicket(request, context),
    clientIp: context.clientIp,
    requestId: context.requestId,
    userAgent: request.headers.get("user-agent"),
    portalOrigin: new URL(request.url).origin,
    fetchImpl: context.apiFetch,
  });
}

/** Where to come back to after signing in: the current page (for a POST, the page of the form). */
function returnPath(request: Request) {
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  params.delete("index");
  params.delete("_data");
  const search = params.toString();
  return url.pathname + (search ? `?${search}` : "");
}

function loginUrl(redirectTo?: string, signInPage = "/login") {
  return redirectTo && redirectTo !== "/" ? `${signInPage}?${new URLSearchParams({ redirectTo })}` : signInPage;
}

/** Where this browser signs in again: an entrusted contractor with a code (/contractor), everyone else at /login. */
export async function signInUrl(request: Request, context: AppLoadContext) {
  const account = await signedInAccount(request, context);
  return loginUrl(returnPath(request), account?.startsWith("contractor:") ? "/contractor" : "/login");
}

/**
 * docs/product.md § Messages and errors: 401 → session cleared, one-time notice, /login with the return path;
 * 403 → /401. Throws the redirect; returns the result otherwise.
 */
export async function handleAuthErrors<T>(result: ApiResult<T>, request: Request, context: AppLoadContext): Promise<ApiResult<T>> {
  if (result.ok) return result;
  if (result.code === 401) {
    const headers = new Headers();
    headers.append("Set-Cookie", await clearTicket(context));
    headers.append("Set-Cookie", serializeNotice("session.expired", context));
    for (const cookie of await holdPostedForm(request, context)) headers.append("Set-Cookie", cookie);
    throw redirect(await signInUrl(request, context), { headers });
  }
  if (result.code === 403) throw redirect("/401");
  return result;
}

/** For loaders: any failure other than 401/403 becomes an error response the boundary renders. */
export async function requireOk<T>(result: ApiResult<T>, request: Request, context: AppLoadContext): Promise<T> {
  const handled = await handleAuthErrors(result, request, context);
  if (handled.ok) return handled.data;
  throw new Response(handled.message, { status: handled.code >= 400 && handled.code < 600 ? handled.code : 502 });
}
